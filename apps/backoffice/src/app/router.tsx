import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router';
import { RequireOperator } from '@/app/routes/require-operator';
import { SignInRoute } from '@/app/routes/sign-in';
import { signOut, useSessionExpiry } from '@/app/session';
import { AppShell } from '@/components/layout/app-shell';
import { Spinner } from '@/components/ui/spinner';
import { PAGES } from '@/config/paths';

// Each screen is its own chunk: the sign-in page loads only what it needs.
const Dashboard = lazy(() =>
  import('@/features/dashboard/components/dashboard').then((m) => ({ default: m.Dashboard })),
);
const WithdrawalsQueue = lazy(() =>
  import('@/features/withdrawals/components/withdrawals-queue').then((m) => ({ default: m.WithdrawalsQueue })),
);

function Frame() {
  const navigate = useNavigate();
  return (
    <AppShell
      onSignOut={() => {
        void signOut().then(() => navigate(PAGES.signIn, { replace: true }));
      }}
    />
  );
}

/** The back office's screens; everything but sign-in needs a signed-in operator, some an admin. */
export function AppRoutes() {
  useSessionExpiry();
  return (
    <Suspense fallback={<Spinner />}>
      <Routes>
        <Route path={PAGES.signIn} element={<SignInRoute />} />
        <Route element={<RequireOperator />}>
          <Route element={<Frame />}>
            <Route index element={<Dashboard />} />
            <Route path={PAGES.withdrawals} element={<WithdrawalsQueue />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to={PAGES.dashboard} replace />} />
      </Routes>
    </Suspense>
  );
}
