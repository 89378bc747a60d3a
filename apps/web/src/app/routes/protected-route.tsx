import { Navigate, Outlet, useLocation } from 'react-router';
import { useBalance } from '@/features/wallet/api/get-balance';
import { LOGIN_PATH } from '@/lib/auth';
import { useHasSession } from '@/lib/session';

/**
 * Spec §2: protected routes need a signed-in player, otherwise the browser goes
 * to /login remembering where it was headed. While a player is in, the guard
 * polls the balance every BALANCE_REFRESH_MS (spec §4).
 */
export function ProtectedRoute() {
  const location = useLocation();
  const hasSession = useHasSession();
  useBalance({ poll: true });
  if (!hasSession) return <Navigate to={LOGIN_PATH} replace state={{ from: location }} />;
  return <Outlet />;
}
