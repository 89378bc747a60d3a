import { formatBaht } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import type { HistoryListEntry } from '@/features/history/api/get-history';
import { PaidNote, RejectionNote } from '@/features/history/components/rejection-note';
import { StatusBadge } from '@/features/history/components/status-badge';
import { movedNothing } from '@/features/history/utils/history-display';
import { historyTypeLabel } from '@/features/history/utils/history-labels';
import { formatDateTime } from '@/lib/dates';

/** Spec §3: the transactions page reads only DEPOSIT and WITHDRAW entries. */
export type TransactionType = 'DEPOSIT' | 'WITHDRAW';
export type TransactionFilter = 'all' | TransactionType;
export type Transaction = HistoryListEntry & { type: TransactionType };

export function isTransaction(entry: HistoryListEntry): entry is Transaction {
  return entry.type === 'DEPOSIT' || entry.type === 'WITHDRAW';
}

/** The deposits and withdrawals of one page: date, type, signed amount, balances before and after, status. */
export function TransactionsTable({ rows, busy }: { rows: Transaction[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="transactions__table-box">
      <table className="tx-table" aria-label={t('transactions.tableLabel')} aria-busy={busy || undefined}>
        <thead>
          <tr>
            <th scope="col">{t('transactions.date')}</th>
            <th scope="col">{t('transactions.type')}</th>
            <th scope="col">{t('transactions.amount')}</th>
            <th scope="col">{t('transactions.balanceBefore')}</th>
            <th scope="col">{t('transactions.balanceAfter')}</th>
            <th scope="col">{t('transactions.status')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const deposit = row.type === 'DEPOSIT';
            // A rejected deposit credited nothing: no sign, no colour of money moved.
            const look = movedNothing(row) ? 'none' : deposit ? 'deposit' : 'withdraw';
            const sign = look === 'none' ? '' : deposit ? '+' : '-';
            return (
              <tr key={row.id} data-testid="transaction-row">
                <td className="tx-table__date">
                  <time dateTime={row.createdAt}>{formatDateTime(row.createdAt)}</time>
                </td>
                <td className="tx-table__type">{historyTypeLabel(row.type, t)}</td>
                <td className={`tx-table__amount tx-table__amount--${look}`} data-testid="transaction-amount">
                  {`${sign}${formatBaht(row.amount)}฿`}
                </td>
                <td className="tx-table__balance tx-table__before">
                  <span className="tx-table__label" aria-hidden="true">
                    {t('transactions.balanceBefore')}
                  </span>
                  {formatBaht(row.beforeAmount)}
                </td>
                <td className="tx-table__balance tx-table__after">
                  <span className="tx-table__label" aria-hidden="true">
                    {t('transactions.balanceAfter')}
                  </span>
                  {formatBaht(row.afterAmount)}
                </td>
                <td className="tx-table__status" data-testid="transaction-status">
                  <StatusBadge entry={row} />
                  <RejectionNote entry={row} />
                  <PaidNote entry={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
