import { describe, expect, it, vi } from 'vitest';
import { initialAuthState, useAuthStore } from '@/stores/auth-store';
import { demoUser } from '@/testing/test-utils';

describe('§3 auth state', () => {
  it('starts with user empty, isAuthenticated false, lastUpdated 0, isLoading false, error null', () => {
    const { user, isAuthenticated, lastUpdated, isLoading, error } = useAuthStore.getState();
    expect({ user, isAuthenticated, lastUpdated, isLoading, error }).toEqual({
      user: null,
      isAuthenticated: false,
      lastUpdated: 0,
      isLoading: false,
      error: null,
    });
    expect(initialAuthState.lastUpdated).toBe(0);
  });

  it('setUser sets lastUpdated to the current time whenever the user is set', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    useAuthStore.getState().setUser(demoUser);
    expect(useAuthStore.getState().user).toEqual(demoUser);
    expect(useAuthStore.getState().lastUpdated).toBe(1_700_000_000_000);
  });

  it('has the four setters (user, isAuthenticated, loading, error)', () => {
    const store = useAuthStore.getState();
    store.setAuthenticated(true);
    store.setLoading(true);
    store.setError('boom');
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: true, error: 'boom' });
  });

  it('update merges a partial state and refreshes lastUpdated when it carries the user', () => {
    useAuthStore.getState().setAuthenticated(true);
    useAuthStore.getState().update({ isLoading: true });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, isLoading: true, lastUpdated: 0 });
    vi.spyOn(Date, 'now').mockReturnValue(42);
    useAuthStore.getState().update({ user: demoUser });
    expect(useAuthStore.getState()).toMatchObject({ user: demoUser, isAuthenticated: true, lastUpdated: 42 });
  });

  it('persists only user, isAuthenticated and lastUpdated in localStorage, version 0', () => {
    vi.spyOn(Date, 'now').mockReturnValue(7);
    const store = useAuthStore.getState();
    store.setUser(demoUser);
    store.setAuthenticated(true);
    store.setLoading(true);
    store.setError('kept in memory only');
    const key = useAuthStore.persist.getOptions().name ?? '';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}');
    expect(saved.version).toBe(0);
    expect(saved.state).toEqual({ user: demoUser, isAuthenticated: true, lastUpdated: 7 });
  });

  it('§4 restores the persisted state on page load', async () => {
    const key = useAuthStore.persist.getOptions().name ?? '';
    localStorage.setItem(
      key,
      JSON.stringify({ state: { user: demoUser, isAuthenticated: true, lastUpdated: 9 }, version: 0 }),
    );
    await useAuthStore.persist.rehydrate();
    expect(useAuthStore.getState()).toMatchObject({ user: demoUser, isAuthenticated: true, lastUpdated: 9 });
  });
});
