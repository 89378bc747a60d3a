import { CHANNEL_PATHS, NOTIFICATION_PATHS } from '@app/contracts/notifications';
import { API_PATHS } from '@app/contracts/paths';
import type { User } from '@app/contracts/player';
import { PROTECTION_PATHS, type ProtectionData } from '@app/contracts/protection';
import { pathMatches } from '@app/web-kit/testing/path-matches';
import { render, screen, waitFor } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { expect, onTestFinished, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { PAGE_PATHS } from '@/config/paths';
import { startSession } from '@/lib/session';

export const demoUser: User = {
  username: 'sp0812345678',
  fullName: 'Somchai Jaidee',
  phoneNumber: '0812345678',
  bankName: 'Kasikorn bank',
  bankCode: 'KBANK',
  bankNumber: '1234567890',
  balance: 1234.5,
  ufa_balance: 200,
  ingame_balance: 50.25,
  point: 1500,
  accounts: [],
};

export const defaultSettings = [
  { code: 'LINE_OA_URL', value: 'https://line.me/R/ti/p/@siamplay' },
  { code: 'BANNER_URL', value: '/images/banner/event-point.png' },
];

export const defaultBalance = {
  success: true,
  main: { balance: 1234.5, point: 1500 },
  ufa: { current_credit: 200, in_game_credit: 50.25 },
};

type Reply = { status?: number; body?: unknown } | (() => Promise<Response>);

type ApiMethod = 'GET' | 'POST' | 'PUT';
type ApiPath =
  | (typeof API_PATHS)[keyof typeof API_PATHS]
  | (typeof PROTECTION_PATHS)[keyof typeof PROTECTION_PATHS]
  | (typeof NOTIFICATION_PATHS)[keyof typeof NOTIFICATION_PATHS]
  | (typeof CHANNEL_PATHS)[keyof typeof CHANNEL_PATHS];
/** "METHOD /path" of a contract path, e.g. `GET ${API_PATHS.balance}`: a renamed path no longer type-checks. */
export type ApiCall = `${ApiMethod} ${ApiPath}`;
export type Routes = Partial<Record<ApiCall, Reply | ((request: Request) => Reply)>>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(status: number, message: string, errorCode = 'VALIDATION_ERROR') {
  return { success: false, status, message, data: { errorCode } };
}

/** "METHOD /path" (no query) of one fetch call. */
function callKey(input: RequestInfo | URL, method = 'GET'): string {
  const url = input instanceof Request ? input.url : String(input);
  return `${method.toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
}

/**
 * Replaces fetch with a table of answers keyed by "METHOD /path" (no query),
 * built from API_PATHS (a path's `:id` matches any id). Settings, balance, profile, logout, promotions (none),
 * points, the player's protection (none), notifications (none) and a quiet notification stream have defaults;
 * `routes` adds to or overrides them. A call with no entry in the table is a
 * test bug: fetch rejects with an Error naming the call, and the test fails
 * when it finishes even if the code under test swallowed that rejection.
 */
/** A player who set no limits, no reality check and no exclusion, with nothing held. */
export const defaultProtection: ProtectionData = {
  limits: [],
  exclusion: null,
  realityCheck: { minutes: null, sessionStartedAt: '2026-11-26T08:00:00.000Z', net: 0 },
  held: [],
};

export function mockApi(routes: Routes = {}) {
  const table: Routes = {
    [`GET ${API_PATHS.settings}`]: { body: { success: true, data: defaultSettings } },
    [`GET ${API_PATHS.balance}`]: { body: defaultBalance },
    [`GET ${API_PATHS.profile}`]: { body: { success: true, data: demoUser } },
    [`POST ${API_PATHS.logout}`]: { body: { success: true, message: 'Logged out' } },
    [`GET ${API_PATHS.promotions}`]: { body: { success: true, data: { promotions: [], current: null } } },
    [`GET ${API_PATHS.points}`]: { body: { success: true, data: { points: 1500, nextExpiry: null } } },
    [`GET ${PROTECTION_PATHS.protection}`]: { body: { success: true, data: defaultProtection } },
    [`GET ${NOTIFICATION_PATHS.list}`]: { body: { success: true, data: { items: [], unread: 0 } } },
    [`GET ${CHANNEL_PATHS.channels}`]: {
      body: {
        success: true,
        data: {
          line: {
            available: true,
            linked: false,
            officialAccount: '@siamplay',
            addFriendUrl: 'https://line.me/R/ti/p/%40siamplay',
          },
          push: {
            publicKey: 'BCy4uVdbzdLJa9zinfvJ-3hWn8I0dq4sIwfUWraaGalQZpyvqMiA3nrF4m7G0gZWJF-odh3wqVOp0RdSowRVwdY',
          },
        },
      },
    },
    // An open stream on which nothing happens.
    [`GET ${NOTIFICATION_PATHS.stream}`]: () =>
      Promise.resolve(new Response(new ReadableStream(), { headers: { 'content-type': 'text/event-stream' } })),
    ...routes,
  };
  const unexpected: Error[] = [];
  onTestFinished(() => {
    if (unexpected.length > 0) throw unexpected[0];
  });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(
      new URL(input instanceof Request ? input.url : String(input), 'http://localhost'),
      init,
    );
    const key = callKey(request.url, request.method);
    const entry = Object.hasOwn(table, key) ? table[key as ApiCall] : table[routeOf(table, key) as ApiCall];
    if (!entry) {
      const error = new Error(`mockApi: unexpected call "${key}"; give the test an answer for it in mockApi({ ... })`);
      unexpected.push(error);
      throw error;
    }
    const reply = typeof entry === 'function' && entry.length === 1 ? (entry as (r: Request) => Reply)(request) : entry;
    if (typeof reply === 'function') return (reply as () => Promise<Response>)();
    return jsonResponse(reply.status ?? 200, reply.body ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The table's route a call answers to: a contract path's `:id` matches any id. */
function routeOf(table: Routes, key: string): string | undefined {
  const [method, pathname] = key.split(' ') as [string, string];
  return Object.keys(table).find((candidate) => {
    const [candidateMethod, pattern] = candidate.split(' ') as [string, string];
    return candidateMethod === method && pathMatches(pattern, pathname);
  });
}

/** The calls fetch received for one "METHOD /path" (a contract path's `:id` matches any id). */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: ApiCall): RequestInit[] {
  const [method, pattern] = key.split(' ') as [string, string];
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const [callMethod, pathname] = callKey(input, init?.method).split(' ') as [string, string];
      return callMethod === method && pathMatches(pattern, pathname);
    })
    .map(([, init]) => init ?? {});
}

export function signIn(user: User = demoUser, token = 'test-token'): void {
  startSession(token, user);
}

function LocationDisplay() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

export function renderApp(path: string = PAGE_PATHS.home) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppProvider>
        <AppRoutes />
        <LocationDisplay />
      </AppProvider>
    </MemoryRouter>,
  );
}

/** Advances fake timers and lets React and pending promises settle. */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export function useFakeTimers(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/**
 * The open modal's dialog once its lazily loaded content is in (the stand-in
 * shown while the modal's chunk loads has the same title, but is a different element).
 */
export async function findModal(name: string | RegExp): Promise<HTMLElement> {
  // Both at once: checked before the stand-in appears, "no loading mark" held at once, and on a busy
  // machine the stand-in was then found, its content still loading. A chunk's first load, beside the
  // other test processes on two cores, can take more than the default second.
  return waitFor(
    () => {
      expect(screen.queryByTestId('modal-loading')).not.toBeInTheDocument();
      return screen.getByRole('dialog', { name });
    },
    { timeout: 5_000 },
  );
}
