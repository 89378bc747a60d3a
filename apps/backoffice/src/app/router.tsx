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
const AuditLog = lazy(() => import('@/features/audit/components/audit-log').then((m) => ({ default: m.AuditLog })));
const LedgerHealth = lazy(() =>
  import('@/features/health/components/health').then((m) => ({ default: m.LedgerHealth })),
);
const PlayersList = lazy(() =>
  import('@/features/players/components/players-list').then((m) => ({ default: m.PlayersList })),
);
const PlayerDetailPage = lazy(() =>
  import('@/features/players/components/player-detail').then((m) => ({ default: m.PlayerDetailPage })),
);
const DepositsQueue = lazy(() =>
  import('@/features/deposits/components/deposits-queue').then((m) => ({ default: m.DepositsQueue })),
);
const TransfersQueue = lazy(() =>
  import('@/features/transfers/components/transfers-queue').then((m) => ({ default: m.TransfersQueue })),
);
const PayoutsPage = lazy(() =>
  import('@/features/payouts/components/payouts-page').then((m) => ({ default: m.PayoutsPage })),
);
const BankFeedFlagsPage = lazy(() =>
  import('@/features/bank-feed-flags/components/bank-feed-flags-page').then((m) => ({
    default: m.BankFeedFlagsPage,
  })),
);
const HeldDepositsPage = lazy(() =>
  import('@/features/held-deposits/components/held-deposits-page').then((m) => ({ default: m.HeldDepositsPage })),
);
const CreditRequestsQueue = lazy(() =>
  import('@/features/credit-requests/components/credit-requests-queue').then((m) => ({
    default: m.CreditRequestsQueue,
  })),
);
const PromotionsPage = lazy(() =>
  import('@/features/loyalty/components/promotions-page').then((m) => ({ default: m.PromotionsPage })),
);
const CashbackPage = lazy(() =>
  import('@/features/cashback/components/cashback-page').then((m) => ({ default: m.CashbackPage })),
);
const VipRanksPage = lazy(() =>
  import('@/features/vip/components/vip-ranks-page').then((m) => ({ default: m.VipRanksPage })),
);
const RedemptionsQueue = lazy(() =>
  import('@/features/loyalty/components/redemptions-queue').then((m) => ({ default: m.RedemptionsQueue })),
);
const SettingsPage = lazy(() =>
  import('@/features/settings/components/settings-page').then((m) => ({ default: m.SettingsPage })),
);
const OperatorsPage = lazy(() =>
  import('@/features/operators/components/operators-page').then((m) => ({ default: m.OperatorsPage })),
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
            <Route path={PAGES.audit} element={<AuditLog />} />
            <Route path={PAGES.health} element={<LedgerHealth />} />
            <Route path={PAGES.players} element={<PlayersList />} />
            <Route path={PAGES.player} element={<PlayerDetailPage />} />
            <Route path={PAGES.deposits} element={<DepositsQueue />} />
            <Route path={PAGES.transfers} element={<TransfersQueue />} />
            <Route path={PAGES.creditRequests} element={<CreditRequestsQueue />} />
            <Route path={PAGES.bankFeedFlags} element={<BankFeedFlagsPage />} />
            <Route path={PAGES.heldDeposits} element={<HeldDepositsPage />} />
            <Route path={PAGES.payouts} element={<PayoutsPage />} />
            <Route path={PAGES.redemptions} element={<RedemptionsQueue />} />
            <Route
              path={PAGES.promotions}
              element={
                <RequireOperator needs="admin">
                  <PromotionsPage />
                </RequireOperator>
              }
            />
            <Route
              path={PAGES.cashback}
              element={
                <RequireOperator needs="admin">
                  <CashbackPage />
                </RequireOperator>
              }
            />
            <Route
              path={PAGES.vipRanks}
              element={
                <RequireOperator needs="admin">
                  <VipRanksPage />
                </RequireOperator>
              }
            />
            <Route
              path={PAGES.settings}
              element={
                <RequireOperator needs="admin">
                  <SettingsPage />
                </RequireOperator>
              }
            />
            <Route
              path={PAGES.operators}
              element={
                <RequireOperator needs="admin">
                  <OperatorsPage />
                </RequireOperator>
              }
            />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to={PAGES.dashboard} replace />} />
      </Routes>
    </Suspense>
  );
}
