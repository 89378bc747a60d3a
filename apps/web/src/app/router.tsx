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
// Lighthouse's LCP on /login (issue 23, fifteenth session). It costs the other pages 3.6 KB.
const MainFrame = lazy(() => import('@/app/routes/main-frame').then((m) => ({ default: m.MainFrame })));
const HomeRoute = lazy(() => import('@/app/routes/home').then((m) => ({ default: m.HomeRoute })));
const TransactionsRoute = lazy(() =>
  import('@/app/routes/transactions').then((m) => ({ default: m.TransactionsRoute })),
);
const LaunchUfaRoute = lazy(() => import('@/app/routes/launch-ufa').then((m) => ({ default: m.LaunchUfaRoute })));
const LaunchGameRoute = lazy(() => import('@/app/routes/launch-game').then((m) => ({ default: m.LaunchGameRoute })));
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
