import type { User } from '@app/contracts/player';
import { queryClient, SETTINGS_QUERY_KEY } from '@/lib/query-client';
import { clearToken, getToken, setToken } from '@/lib/token';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';

/** Starts a session after a successful login (spec §4: success needs a token). */
export function startSession(token: string, user: User | undefined): void {
  setToken(token);
  const auth = useAuthStore.getState();
  if (user) auth.setUser(user);
  auth.setAuthenticated(true);
  auth.setError(null);
}

/** Forgets everything about the signed-in player: token, auth state and the player's cached data. */
export function clearSession(): void {
  clearToken();
  useAuthStore.getState().reset();
  useModalStore.getState().close();
  // The public settings (contact link, banner) stay: the login screen uses them.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SETTINGS_QUERY_KEY[0] });
}

/** Data calls run only when a token exists (spec §6); re-renders when the auth state changes. */
export function useHasSession(): boolean {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  return isAuthenticated && getToken() !== null;
}
