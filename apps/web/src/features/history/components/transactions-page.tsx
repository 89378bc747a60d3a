import './transactions-page.css';
import { TRANSACTIONS_PAGE_SIZE } from '@app/contracts/limits';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useHistoryPage } from '@/features/history/api/get-history';
import { TransactionsPager } from '@/features/history/components/transactions-pager';
import {
  isTransaction,
  type TransactionFilter,
  TransactionsTable,
} from '@/features/history/components/transactions-table';
import { loadErrorText } from '@/features/history/utils/load-error';
import { pageCount } from '@/features/history/utils/pager';

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

      {history.data && <TransactionsPager page={page} pages={pages} onPage={goToPage} />}
    </div>
  );
}
