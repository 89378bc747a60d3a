import { formatBaht } from '@app/contracts/money';
import { useEffect } from 'react';
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
  // A page's first number formatter loads the browser's number data (tens of milliseconds on a phone). Made in
  // a task of its own just after the first render, while the signed-in screens' code is still downloading, it
  // is no part of the task that draws the wallet.
  useEffect(() => {
    if (!hasSession) return;
    const timer = setTimeout(() => formatBaht(0), 0);
    return () => clearTimeout(timer);
  }, [hasSession]);
  if (!hasSession) return <Navigate to={PAGE_PATHS.login} replace state={{ from: location }} />;
  return <Outlet />;
}
