import type { User } from '@app/contracts/player';
import { render } from '@testing-library/react';
import { act } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
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
export type Routes = Record<string, Reply | ((request: Request) => Reply)>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorBody(status: number, message: string, errorCode = 'VALIDATION_ERROR') {
  return { success: false, status, message, data: { errorCode } };
}

/**
 * Replaces fetch with a table of answers keyed by "METHOD /path" (no query).
 * Unlisted calls answer the defaults for settings, balance and profile.
 */
export function mockApi(routes: Routes = {}) {
  const table: Routes = {
    'GET /setting': { body: { success: true, data: defaultSettings } },
    'GET /api/player/balance': { body: defaultBalance },
    'GET /api/get-profile': { body: { success: true, data: demoUser } },
    'POST /logout': { body: { success: true, message: 'Logged out' } },
    ...routes,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input), 'http://localhost'), init);
    const { pathname } = new URL(request.url);
    const entry = table[`${request.method} ${pathname}`];
    if (!entry) return jsonResponse(404, errorBody(404, 'Not found', 'NOT_FOUND'));
    const reply = typeof entry === 'function' && entry.length === 1 ? (entry as (r: Request) => Reply)(request) : entry;
    if (typeof reply === 'function') return (reply as () => Promise<Response>)();
    return jsonResponse(reply.status ?? 200, reply.body ?? {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls fetch received for one "METHOD /path". */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): RequestInit[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const method = init?.method ?? 'GET';
      return `${method} ${new URL(String(input), 'http://localhost').pathname}` === key;
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

export function renderApp(path = '/') {
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
