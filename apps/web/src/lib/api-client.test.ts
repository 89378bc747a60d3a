import { API_PATHS } from '@app/contracts/paths';
import { balanceResponseSchema } from '@app/contracts/player';
import { describe, expect, it } from 'vitest';
import { ApiError, apiRequest } from '@/lib/api-client';
import { i18n } from '@/lib/i18n';
import { useAuthStore } from '@/stores/auth-store';
import { callsTo, defaultBalance, errorBody, mockApi, signIn } from '@/testing/test-utils';

describe('§7 every request', () => {
  it('carries the stored Bearer token, a JSON content type and the interface language', async () => {
    const fetchMock = mockApi();
    signIn();
    await i18n.changeLanguage('mm');
    await apiRequest(API_PATHS.balance, { schema: balanceResponseSchema });
    const headers = new Headers(callsTo(fetchMock, `GET ${API_PATHS.balance}`)[0]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer test-token');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('mm');
  });

  it('has no Authorization header when no token is stored', async () => {
    const fetchMock = mockApi();
    await apiRequest(API_PATHS.balance, { schema: balanceResponseSchema });
    const headers = new Headers(callsTo(fetchMock, `GET ${API_PATHS.balance}`)[0]?.headers);
    expect(headers.has('Authorization')).toBe(false);
  });

  it('validates the answer with the contract schema', async () => {
    mockApi({ [`GET ${API_PATHS.balance}`]: { body: { success: true, main: { balance: 'lots' } } } });
    await expect(apiRequest(API_PATHS.balance, { schema: balanceResponseSchema })).rejects.toBeInstanceOf(ApiError);
    mockApi();
    await expect(apiRequest(API_PATHS.balance, { schema: balanceResponseSchema })).resolves.toEqual(defaultBalance);
  });

  it("a schema passed as a loader (the first screen's calls) is imported with the call and validates alike", async () => {
    let loads = 0;
    const schema = () => {
      loads += 1;
      return import('@app/contracts/player').then((contract) => contract.balanceResponseSchema);
    };
    mockApi({ [`GET ${API_PATHS.balance}`]: { body: { success: true, main: { balance: 'lots' } } } });
    await expect(apiRequest(API_PATHS.balance, { schema })).rejects.toBeInstanceOf(ApiError);
    mockApi();
    await expect(apiRequest(API_PATHS.balance, { schema })).resolves.toEqual(defaultBalance);
    expect(loads).toBe(2);
  });

  it('a schema that cannot be imported fails the call, not the page', async () => {
    mockApi();
    const failure = new Error('chunk failed');
    await expect(apiRequest(API_PATHS.balance, { schema: () => Promise.reject(failure) })).rejects.toBe(failure);
  });
});

describe('§8 errors', () => {
  it('a 401 on any call clears the token and the auth state', async () => {
    mockApi({ [`GET ${API_PATHS.balance}`]: { status: 401, body: errorBody(401, 'expired', 'UNAUTHORIZED') } });
    signIn();
    await expect(apiRequest(API_PATHS.balance, { schema: balanceResponseSchema })).rejects.toMatchObject({
      status: 401,
    });
    expect(localStorage.getItem('token')).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    expect(useAuthStore.getState().user).toBeNull();
  });

  it('reads status, message and errorCode of an error answer', async () => {
    mockApi({ [`GET ${API_PATHS.balance}`]: { status: 409, body: errorBody(409, 'in use', 'PHONE_IN_USE') } });
    const failure = await apiRequest(API_PATHS.balance, { schema: balanceResponseSchema }).catch((e) => e);
    expect(failure).toMatchObject({ status: 409, serverMessage: 'in use', errorCode: 'PHONE_IN_USE' });
  });

  it('a network failure is an ApiError with status 0', async () => {
    mockApi({ [`GET ${API_PATHS.balance}`]: () => Promise.reject(new TypeError('Failed to fetch')) });
    const failure = await apiRequest(API_PATHS.balance, { schema: balanceResponseSchema }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure.status).toBe(0);
  });
});

describe('§8 a 401 without a session', () => {
  it('a wrong password on POST /login (no token sent) leaves the settings cache alone', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const { loginResponseSchema } = await import('@app/contracts/auth');
    queryClient.setQueryData(['settings'], [{ code: 'LINE_OA_URL', value: 'https://line.me' }]);
    mockApi({ [`POST ${API_PATHS.login}`]: { status: 401, body: errorBody(401, 'wrong', 'INVALID_CREDENTIALS') } });
    await expect(
      apiRequest(API_PATHS.login, {
        method: 'POST',
        body: { username: 'x', password: 'y' },
        schema: loginResponseSchema,
      }),
    ).rejects.toMatchObject({ status: 401, serverMessage: 'wrong' });
    expect(queryClient.getQueryData(['settings'])).toHaveLength(1);
  });

  it('logout keeps the public settings but drops the player data', async () => {
    const { queryClient } = await import('@/lib/query-client');
    const { clearSession } = await import('@/lib/session');
    queryClient.setQueryData(['settings'], []);
    queryClient.setQueryData(['balance'], defaultBalance);
    signIn();
    clearSession();
    expect(queryClient.getQueryData(['settings'])).toEqual([]);
    expect(queryClient.getQueryData(['balance'])).toBeUndefined();
  });
});
