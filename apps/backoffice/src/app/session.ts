import { useEffect } from 'react';
import { signOut as signOutOnServer } from '@/features/auth/api/sign-in';
import { queryClient } from '@/lib/query-client';
import { useSessionStore } from '@/stores/session-store';

/** Ends the session when its time is up, even while the operator is not clicking. */
export function useSessionExpiry(): void {
  const expiresAt = useSessionStore((state) => state.session?.expiresAt);
  useEffect(() => {
    if (!expiresAt) return;
    const end = () => useSessionStore.getState().end('expired');
    const remainingMs = Date.parse(expiresAt) - Date.now();
    if (remainingMs <= 0) {
      end();
      return;
    }
    // setTimeout holds at most ~24.8 days; sessions are hours long.
    const timer = setTimeout(end, Math.min(remainingMs, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [expiresAt]);
}

/** Signs out on the server, then here whatever the server said: the token and every cached answer go. */
export async function signOut(): Promise<void> {
  try {
    await signOutOnServer();
  } catch (error) {
    console.error('Sign-out call failed; ending the session here anyway', error);
  }
  useSessionStore.getState().end();
  queryClient.clear();
}
