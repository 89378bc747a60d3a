import type { User } from '@app/contracts/player';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { AUTH_STORAGE_KEY } from '@/lib/storage-keys';

export type AuthState = {
  user: User | null;
  isAuthenticated: boolean;
  /** Milliseconds since the epoch of the last time `user` was set. */
  lastUpdated: number;
  isLoading: boolean;
  error: string | null;
};

type AuthActions = {
  setUser: (user: User | null) => void;
  setAuthenticated: (isAuthenticated: boolean) => void;
  setLoading: (isLoading: boolean) => void;
  setError: (error: string | null) => void;
  /** Merges a partial state; touching `user` refreshes `lastUpdated` too. */
  update: (partial: Partial<AuthState>) => void;
  reset: () => void;
};

export const initialAuthState: AuthState = {
  user: null,
  isAuthenticated: false,
  lastUpdated: 0,
  isLoading: false,
  error: null,
};

/** The client-side auth state of spec §3, persisted (user, isAuthenticated, lastUpdated; version 0). */
export const useAuthStore = create<AuthState & AuthActions>()(
  persist(
    (set) => ({
      ...initialAuthState,
      setUser: (user) => set({ user, lastUpdated: Date.now() }),
      setAuthenticated: (isAuthenticated) => set({ isAuthenticated }),
      setLoading: (isLoading) => set({ isLoading }),
      setError: (error) => set({ error }),
      update: (partial) => set('user' in partial ? { ...partial, lastUpdated: Date.now() } : partial),
      reset: () => set(initialAuthState),
    }),
    {
      name: AUTH_STORAGE_KEY,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({
        user: state.user,
        isAuthenticated: state.isAuthenticated,
        lastUpdated: state.lastUpdated,
      }),
    },
  ),
);
