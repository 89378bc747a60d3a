import type { Operator, OperatorRole } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { RISK_RULES_DEFAULT } from '@app/contracts/payouts';
import { PROTECTION_ADMIN_PATHS } from '@app/contracts/protection';
import { pathMatches } from '@app/web-kit/testing/path-matches';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { PAGES } from '@/config/paths';
import { useSessionStore } from '@/stores/session-store';

type AdminPath =
  | (typeof ADMIN_PATHS)[keyof typeof ADMIN_PATHS]
  | (typeof PROTECTION_ADMIN_PATHS)[keyof typeof PROTECTION_ADMIN_PATHS];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** "METHOD /path" of a contract path, parameters as `:name`: a renamed path no longer type-checks. */
export type ApiCall = `${Method} ${AdminPath}`;
type Reply = { status?: number; body?: unknown };
export type Routes = Partial<Record<ApiCall, Reply | ((request: Request) => Reply | Promise<Reply | Response>)>>;

export const summary = {
  success: true,
  data: {
    waitingWithdrawals: { count: 2, amount: 1500 },
    waitingDeposits: { count: 1, amount: 300 },
    unmatchedTransfers: { count: 0, amount: 0 },
    pendingTransfers: { count: 1, amount: 250 },
    today: {
      deposits: { count: 5, amount: 12000.5 },
      withdrawals: {
        count: 3,
        amount: 4500,
        byBank: { count: 2, amount: 4000 },
        byCashier: { count: 1, amount: 500 },
      },
    },
  },
};

export const loyaltySummary = {
  success: true,
  data: {
    today: { bonusGiven: 550, bonusWagered: 3200, bonusForfeited: 50 },
    bonusExpense: 12500,
    activePromotions: 4,
    waitingRedemptions: 2,
  },
};

/** A player as the operator API summarises one (queues, audit, player pages). */
export const samplePlayer = {
  id: 7,
  username: 'SP100007',
  phoneNumber: '0812345670',
  fullName: 'Somsri Jaidee',
  bankCode: 'SCB',
  bankName: 'Siam Commercial Bank',
  bankNumber: '4567890123',
  frozen: false,
};

export function errorBody(status: number, message: string, errorCode = 'VALIDATION_ERROR') {
  return { success: false, status, message, data: { errorCode } };
}

/** The payout summary of a site with the sandbox bank connector and nothing paid yet. */
export const payoutSummary = {
  paidToday: 0,
  paidTodayAmount: 0,
  medianSeconds: null,
  p95Seconds: null,
  debitsWithoutPayout: 0,
  payoutsWithoutDebit: 0,
  inFlight: 0,
  failed: 0,
  connector: true,
  statementLine: 0,
};

export function paged<T>(items: T[], total = items.length, page = 1, limit = 20) {
  return { success: true, data: { items, total, page, limit } };
}

/** Whether a request's path fits a contract path whose `:name` parts stand for one segment each. */
/**
 * Replaces fetch with a table of answers keyed by "METHOD /path" of the
 * contract's paths (`:id` matches any id). The summaries have defaults. A call
 * with no entry is a test bug: it fails the test, even if the code under test
 * swallowed the rejection.
 */
export function mockApi(routes: Routes = {}) {
  const table: Routes = {
    [`GET ${ADMIN_PATHS.summary}`]: { body: summary },
    [`GET ${PROTECTION_ADMIN_PATHS.playerProtection}`]: {
      body: {
        success: true,
        data: { limits: [], exclusion: null, exclusions: [], realityCheckMinutes: null, held: [] },
      },
    },
    [`GET ${ADMIN_PATHS.loyaltySummary}`]: { body: loyaltySummary },
    [`GET ${ADMIN_PATHS.payoutSummary}`]: { body: { success: true, data: payoutSummary } },
    [`GET ${ADMIN_PATHS.riskRules}`]: { body: { success: true, data: RISK_RULES_DEFAULT } },
    [`GET ${ADMIN_PATHS.promotions}`]: { body: { success: true, data: [] } },
    [`GET ${ADMIN_PATHS.playerLoyalty}`]: {
      body: { success: true, data: { points: 0, turnover: 0, promotions: [], redemptions: [], pointsLots: [] } },
    },
    ...routes,
  };
  const unexpected: Error[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0) throw unexpected[0];
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    const key = (Object.keys(table) as ApiCall[]).find((candidate) => {
      const [method, pattern] = candidate.split(' ') as [string, string];
      return method === request.method && pathMatches(pattern, pathname);
    });
    const entry = key ? table[key] : undefined;
    if (!entry) {
      const error = new Error(
        `mockApi: unexpected call "${request.method} ${pathname}"; give the test an answer for it`,
      );
      unexpected.push(error);
      throw error;
    }
    const reply = typeof entry === 'function' ? await entry(request) : entry;
    if (reply instanceof Response) return reply;
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The requests fetch received for one "METHOD /path" (parameters as in the contract). */
export function requestsTo(fetchMock: ReturnType<typeof mockApi>, call: ApiCall): Request[] {
  const [method, pattern] = call.split(' ') as [string, string];
  return fetchMock.mock.calls
    .map(([input, init]) => new Request(new URL(String(input), 'http://localhost'), init))
    .filter((request) => request.method === method && pathMatches(pattern, new URL(request.url).pathname));
}

export function operatorAs(role: OperatorRole = 'operator'): Operator {
  return { id: role === 'admin' ? 1 : 2, username: `demo-${role}`, displayName: `Demo ${role}`, role };
}

/** Starts an operator session that ends in an hour. */
export function signInAs(role: OperatorRole = 'operator'): void {
  useSessionStore.getState().start({
    token: `token-${role}`,
    expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    operator: operatorAs(role),
  });
}

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

export function renderApp(path: string = PAGES.dashboard) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider>
        <AppRoutes />
        <LocationDisplay />
      </AppProvider>
    </MemoryRouter>,
  );
}

/** Where the app is now (path and query). */
export function currentLocation(): string {
  const output = screen.getByTestId('location');
  expect(output).toBeInTheDocument();
  return output.textContent ?? '';
}

/**
 * A queue keeps its filters, order and page in the address (QueuePage), so a
 * refresh keeps the place: chooses `status`, newest first and a search for
 * `q`, then the next page, and checks the address, the request and the pager
 * (the list answers 45 items, 20 a page).
 */
export async function expectQueuePlaceInAddress(
  fetchMock: ReturnType<typeof mockApi>,
  list: ApiCall,
  { page, status, q }: { page: string; status: string; q: string },
): Promise<void> {
  fireEvent.change(screen.getByLabelText('Status'), { target: { value: status } });
  fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'newest' } });
  fireEvent.change(screen.getByLabelText('Find'), { target: { value: q } });
  fireEvent.submit(screen.getByLabelText('Find').closest('form') as HTMLFormElement);
  const query = `status=${status}&sort=newest&q=${q}`;
  await waitFor(() => expect(currentLocation()).toBe(`${page}?${query}`));
  fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
  await waitFor(() => expect(currentLocation()).toBe(`${page}?${query}&page=2`));
  const last = requestsTo(fetchMock, list).at(-1);
  expect(new URL(last?.url ?? '').searchParams.toString()).toBe(`${query}&page=2`);
  expect(screen.getByText('Page 2 of 3 · 45 items')).toBeInTheDocument();
}
