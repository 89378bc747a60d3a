import { Navigate, Outlet, useLocation } from 'react-router';
import { PAGE_PATHS } from '@/config/paths';
import { useBalance } from '@/lib/balance';
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
  if (!hasSession) return <Navigate to={PAGE_PATHS.login} replace state={{ from: location }} />;
  return <Outlet />;
}
