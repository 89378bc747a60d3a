import './transactions-page.css';
import { TRANSACTIONS_PAGE_SIZE } from '@app/contracts/limits';
import { formatBaht } from '@app/contracts/money';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { type HistoryListEntry, useHistoryPage } from '@/features/history/api/get-history';
import { PaidNote, RejectionNote } from '@/features/history/components/rejection-note';
import { StatusBadge } from '@/features/history/components/status-badge';
import { movedNothing } from '@/features/history/utils/history-display';
import { historyTypeLabel } from '@/features/history/utils/history-labels';
import { loadErrorText } from '@/features/history/utils/load-error';
import { pageCount } from '@/features/history/utils/pager';
import { formatDateTime } from '@/lib/dates';

/** Spec §3: the transactions page reads only DEPOSIT and WITHDRAW entries. */
type TransactionType = 'DEPOSIT' | 'WITHDRAW';
type TransactionFilter = 'all' | TransactionType;
type Transaction = HistoryListEntry & { type: TransactionType };

function isTransaction(entry: HistoryListEntry): entry is Transaction {
  return entry.type === 'DEPOSIT' || entry.type === 'WITHDRAW';
}

/**
 * Spec §2 /transactions: the player's deposits and withdrawals, 100 a page
 * with each row's status (an addition to the spec's columns: a rejected
 * deposit reads as rejected, with its reason, and credits nothing)
 * (GET history?page&limit=100), a filter that applies on the client to the
 * loaded page only (§4), 'หน้า X จาก N' between previous and next.
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const history = useHistoryPage('all', page, TRANSACTIONS_PAGE_SIZE);
  const pages = pageCount(history.data?.total ?? 0, TRANSACTIONS_PAGE_SIZE);
  const topRef = useRef<HTMLDivElement>(null);

  // Fewer entries than before (another device, an operator): stay on a page that exists.
  useEffect(() => {
    if (history.data && !history.isPlaceholderData && page > pages) setPage(pages);
  }, [history.data, history.isPlaceholderData, page, pages]);

  function goToPage(next: number) {
    setPage(next);
    topRef.current?.scrollIntoView?.({ block: 'start' });
  }

  const filters: [TransactionFilter, string][] = [
    ['all', t('transactions.filterAll')],
    ['DEPOSIT', t('transactions.filterDeposit')],
    ['WITHDRAW', t('transactions.filterWithdraw')],
  ];

  let content: React.ReactNode;
  if (history.isPending) {
    content = (
      <div className="transactions__loading">
        <Spinner label={t('common.loading')} />
      </div>
    );
  } else if (history.isError) {
    content = (
      <div className="transactions__error" role="alert">
        <strong>{t('transactions.errorTitle')}</strong>
        <span>{loadErrorText(history.error, t('transactions.loadFailed'))}</span>
      </div>
    );
  } else {
    const rows = history.data.entries
      .filter(isTransaction)
      .filter((entry) => filter === 'all' || entry.type === filter);
    content =
      rows.length === 0 ? (
        <div className="transactions__empty">
          <strong>{t('transactions.emptyTitle')}</strong>
          <span>{t('transactions.emptyBody')}</span>
        </div>
      ) : (
        <TransactionsTable rows={rows} busy={history.isPlaceholderData} />
      );
  }

  return (
    <div className="transactions" ref={topRef}>
      <fieldset className="transactions__filters">
        <legend className="visually-hidden">{t('transactions.filterLabel')}</legend>
        {filters.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className="transactions__filter"
            aria-pressed={filter === value}
            onClick={() => setFilter(value)}
          >
            {label}
          </button>
        ))}
      </fieldset>

      {content}

      {history.data && (
        <nav className="transactions__pager" aria-label={t('history.pager')}>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page <= 1}
            onClick={() => goToPage(page - 1)}
          >
            <ChevronLeftIcon />
            {t('transactions.previous')}
          </button>
          <span className="transactions__page" aria-live="polite" data-testid="transactions-page">
            {t('transactions.pageOf', { page, pages })}
          </span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={page >= pages}
            onClick={() => goToPage(page + 1)}
          >
            {t('transactions.next')}
            <ChevronRightIcon />
          </button>
        </nav>
      )}
    </div>
  );
}

function TransactionsTable({ rows, busy }: { rows: Transaction[]; busy: boolean }) {
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
