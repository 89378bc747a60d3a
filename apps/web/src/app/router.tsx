import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { LoginRoute } from '@/app/routes/login';
import { ProtectedRoute } from '@/app/routes/protected-route';
import { PublicLayout } from '@/components/layouts/public-layout';
import { ErrorBoundary } from '@/components/ui/error-boundary';
import { Spinner } from '@/components/ui/spinner';
import { PAGE_PATHS } from '@/config/paths';

// Each screen is its own chunk, so the login screen's first load carries only what it needs. The login itself
// is in the entry chunk: a guest's first screen (every signed-out path leads to it), and as a chunk of its own
// it was a second round trip (its script and four style sheets) between the page and its first paint, 82 % of
// Lighthouse's LCP on /login. It costs the other pages 3.6 KB.
const loadHome = () => import('@/app/routes/home');
const loadTransactions = () => import('@/app/routes/transactions');
const loadLaunchUfa = () => import('@/app/routes/launch-ufa');
const loadLaunchGame = () => import('@/app/routes/launch-game');
/** The signed-in screens' chunks, by path: each loads once, whoever asks first (the import is cached). */
const SIGNED_IN_SCREENS: Record<string, () => Promise<unknown>> = {
  [PAGE_PATHS.home]: loadHome,
  [PAGE_PATHS.transactions]: loadTransactions,
  [PAGE_PATHS.launchUfa]: loadLaunchUfa,
  [PAGE_PATHS.launchGame]: loadLaunchGame,
};
// The frame's chunk and the screen's are fetched side by side: the screen is otherwise asked for only once the
// frame has loaded and drawn its outlet, a second round trip before the signed-in home's first paint. (A failed
// fetch here is the screen's own lazy import's to report, when it asks again.)
const MainFrame = lazy(() => {
  SIGNED_IN_SCREENS[window.location.pathname]?.().catch(() => undefined);
  return import('@/app/routes/main-frame').then((m) => ({ default: m.MainFrame }));
});
const HomeRoute = lazy(() => loadHome().then((m) => ({ default: m.HomeRoute })));
const TransactionsRoute = lazy(() => loadTransactions().then((m) => ({ default: m.TransactionsRoute })));
const LaunchUfaRoute = lazy(() => loadLaunchUfa().then((m) => ({ default: m.LaunchUfaRoute })));
const LaunchGameRoute = lazy(() => loadLaunchGame().then((m) => ({ default: m.LaunchGameRoute })));
const RegisterRoute = lazy(() => import('@/app/routes/register').then((m) => ({ default: m.RegisterRoute })));

function RouteFallback() {
  return (
    <div className="app-loading">
      <Spinner />
    </div>
  );
}

/** The routes of spec §2: protected pages in the main frame, public ones in their own layout, the rest to /login. */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<RouteFallback />}>
        <Routes>
          <Route element={<ProtectedRoute />}>
            <Route element={<MainFrame />}>
              <Route index element={<HomeRoute />} />
              <Route path={PAGE_PATHS.transactions} element={<TransactionsRoute />} />
              <Route path={PAGE_PATHS.launchUfa} element={<LaunchUfaRoute />} />
              <Route path={PAGE_PATHS.launchGame} element={<LaunchGameRoute />} />
            </Route>
          </Route>
          <Route element={<PublicLayout />}>
            <Route path={PAGE_PATHS.login} element={<LoginRoute />} />
            <Route path={PAGE_PATHS.register} element={<RegisterRoute />} />
          </Route>
          <Route path="*" element={<Navigate to={PAGE_PATHS.login} replace />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
