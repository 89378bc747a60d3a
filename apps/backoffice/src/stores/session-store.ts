import type { Operator } from '@app/contracts/admin';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { SESSION_STORAGE_KEY } from '@/lib/storage-keys';

export type OperatorSession = { token: string; expiresAt: string; operator: Operator };

type SessionState = {
  session: OperatorSession | null;
  /** Why the last session ended, for the sign-in screen ("expired"); null after a plain sign-out. */
  endedBecause: 'expired' | null;
  start: (session: OperatorSession) => void;
  end: (reason?: 'expired') => void;
};

/**
 * The signed-in operator: token, expiry and who it is. Kept in local storage,
 * so that a second tab (a player opened beside the queue) is signed in too;
 * the server checks the token on every call, and an expired one ends here.
 */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      endedBecause: null,
      start: (session) => set({ session, endedBecause: null }),
      end: (reason) => set({ session: null, endedBecause: reason ?? null }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      version: 0,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) => ({ session: state.session }),
    },
  ),
);

/** The session if it has not expired yet. */
export function currentSession(now = Date.now()): OperatorSession | null {
  const { session } = useSessionStore.getState();
  if (!session || Date.parse(session.expiresAt) <= now) return null;
  return session;
}
