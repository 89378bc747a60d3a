import './dashboard.css';
import type { Summary } from '@app/contracts/admin';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { PAGES } from '@/config/paths';
import { useSummary } from '@/features/dashboard/api/get-summary';
import { LoyaltyTiles } from '@/features/dashboard/components/loyalty-tiles';
import { PayoutTiles } from '@/features/dashboard/components/payout-tiles';
import { formatDateTime, formatMoney } from '@/lib/format';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';

/** How today's paid withdrawals split: through the bank (the payout row's figure) and by a cashier. */
function paidHint(t: TFunction, paid: Summary['today']['withdrawals']): string {
  return t('dashboard.todayWithdrawalsHint', {
    bank: paid.byBank.count,
    bankAmount: formatMoney(paid.byBank.amount),
    cashier: paid.byCashier.count,
    cashierAmount: formatMoney(paid.byCashier.amount),
  });
}

type Tile = { label: string; count: number; amount: number; hint?: string; to?: string; urgent?: boolean };

/**
 * The dashboard: counts and sums of what is waiting, and today's totals; it
 * refreshes on its own. Today's tiles count money that moved, deposits
 * credited and withdrawals whose money left since midnight in Bangkok, split
 * into those paid through the bank (the payout row's figure, and the day's
 * reconciliation's) and by a cashier: a withdrawal that waits is on
 * "Withdrawals to pay", one still being sent on neither.
 */
export function Dashboard() {
  const { t } = useTranslation();
  const summary = useSummary();

  let content: React.ReactNode;
  if (summary.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (summary.isError) {
    content = <Alert>{t('common.loadFailed')}</Alert>;
  } else {
    const data = summary.data;
    const tiles: Tile[] = [
      { label: t('dashboard.waitingWithdrawals'), ...data.waitingWithdrawals, to: PAGES.withdrawals, urgent: true },
      { label: t('dashboard.waitingDeposits'), ...data.waitingDeposits, to: PAGES.deposits, urgent: true },
      { label: t('dashboard.unmatchedTransfers'), ...data.unmatchedTransfers, to: PAGES.transfers, urgent: true },
      { label: t('dashboard.pendingTransfers'), ...data.pendingTransfers },
      { label: t('dashboard.todayDeposits'), ...data.today.deposits, hint: t('dashboard.todayDepositsHint') },
      { label: t('dashboard.todayWithdrawals'), ...data.today.withdrawals, hint: paidHint(t, data.today.withdrawals) },
    ];
    content = (
      <ul className="tiles" data-testid="summary-tiles">
        {tiles.map((tile) => (
          <li key={tile.label} className={`tile${tile.urgent && tile.count > 0 ? ' tile--urgent' : ''}`}>
            <span className="tile__label">{tile.label}</span>
            <strong className="tile__count">{t('dashboard.count', { count: tile.count })}</strong>
            <span className="tile__amount">{formatMoney(tile.amount)}</span>
            {tile.hint && <span className="tile__hint">{tile.hint}</span>}
            {tile.to && (
              <Link className="tile__link" to={tile.to}>
                {t('dashboard.open')} <span className="visually-hidden">{tile.label}</span>
              </Link>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        subtitle={t('dashboard.autoRefresh', { seconds: QUEUE_REFRESH_MS / 1000 })}
      >
        {summary.dataUpdatedAt > 0 && (
          <span className="muted">
            {t('common.updatedAt', { time: formatDateTime(new Date(summary.dataUpdatedAt).toISOString()) })}
          </span>
        )}
      </PageHeader>
      {content}
      <PayoutTiles />
      <LoyaltyTiles />
    </>
  );
}
