import { afterEach, describe, expect, it, vi } from 'vitest';

describe('§7 the base address is configured by environment', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('is the same origin by default', async () => {
    vi.stubEnv('VITE_API_URL', '');
    const { env } = await import('@/config/env');
    expect(env.apiUrl).toBe('');
  });

  it('takes VITE_API_URL without a trailing slash, and the API client uses it', async () => {
    vi.stubEnv('VITE_API_URL', 'https://api.example.test/');
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const { env } = await import('@/config/env');
    const { getSettings } = await import('@/lib/settings');
    expect(env.apiUrl).toBe('https://api.example.test');
    await getSettings();
    expect(fetchMock).toHaveBeenCalledWith('https://api.example.test/setting', expect.anything());
  });
});
