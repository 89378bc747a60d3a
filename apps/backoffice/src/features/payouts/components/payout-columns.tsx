import type { PayoutItem } from '@app/contracts/payouts';
import { useTranslation } from 'react-i18next';
import type { Column } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime, formatMoney } from '@/lib/format';

type Actions = {
  /** Ask the bank again now: a payout in flight. */
  retry: (payout: PayoutItem) => void;
  /** Record a refused payout paid by hand: admins only (undefined for others). */
  markPaid: ((payout: PayoutItem) => void) | undefined;
};

/** The columns of the payouts list: reference, player, account, amount, status with the bank's word, who approved. */
export function usePayoutColumns(
  statusLabel: (status: PayoutItem['status']) => string,
  actions: Actions,
): Column<PayoutItem>[] {
  const { t } = useTranslation();
  return [
    {
      header: t('payouts.reference'),
      className: 'mono',
      cell: (payout) => (
        <>
          {payout.reference}
          <div className="muted">{formatDateTime(payout.createdAt)}</div>
        </>
      ),
    },
    {
      header: t('payouts.player'),
      cell: (payout) => (
        <>
          {payout.player.fullName}
          <div className="muted">{payout.player.username}</div>
        </>
      ),
    },
    { header: t('payouts.to'), className: 'mono', cell: (payout) => `${payout.toBankCode} ${payout.toAccount}` },
    { header: t('payouts.amount'), numeric: true, cell: (payout) => formatMoney(payout.amount) },
    {
      header: t('common.status'),
      cell: (payout) => (
        <>
          <StatusBadge status={payout.status} label={statusLabel(payout.status)} />
          {payout.bankReference && (
            <div className="muted mono">
              {t('payouts.bankRef', { reference: payout.bankReference })}
              {payout.paidByHand && ` · ${t('payouts.byHand', { name: payout.paidByHand })}`}
            </div>
          )}
          {payout.status === 'PAID' && !payout.debitMatched && <div className="muted">{t('payouts.noDebitYet')}</div>}
          {payout.lastError && payout.status !== 'PAID' && <div className="muted">{payout.lastError}</div>}
        </>
      ),
    },
    {
      header: t('payouts.approvedBy'),
      cell: (payout) => (payout.approvedBy === 'auto' ? t('payouts.byRules') : payout.approvedBy),
    },
    {
      header: t('payouts.actions'),
      cell: (payout) => (
        <div className="table__actions">
          {(payout.status === 'PENDING' || payout.status === 'UNKNOWN') && (
            <button type="button" className="button button--small" onClick={() => actions.retry(payout)}>
              {t('payouts.retry')}
            </button>
          )}
          {payout.status === 'FAILED' && actions.markPaid && (
            <button type="button" className="button button--small" onClick={() => actions.markPaid?.(payout)}>
              {t('payouts.markPaid')}
            </button>
          )}
        </div>
      ),
    },
  ];
}
