import './history-modal.css';
import { HISTORY_MODAL_PAGE_SIZE } from '@app/contracts/limits';
import { formatBaht } from '@app/contracts/money';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { RefreshIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, tabIds } from '@/components/ui/tabs';
import { type HistoryList, type HistoryListEntry, useHistoryPage } from '@/features/history/api/get-history';
import { HistoryPager } from '@/features/history/components/history-pager';
import { PaidNote, RejectionNote } from '@/features/history/components/rejection-note';
import { StatusBadge } from '@/features/history/components/status-badge';
import { amountSign, SIGN_LOOKS } from '@/features/history/utils/history-display';
import { historyTypeLabel } from '@/features/history/utils/history-labels';
import { loadErrorText } from '@/features/history/utils/load-error';
import { pageCount } from '@/features/history/utils/pager';
import { formatDateTime } from '@/lib/dates';
import type { ModalProps } from '@/stores/modal-store';

/**
 * Spec §2 history modal: tabs All / Deposit / Withdraw (each its own list of
 * §7), a table, a refresh button and a pager of 5 entries a page (§9).
 */
export function HistoryModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [list, setList] = useState<HistoryList>('all');
  const [page, setPage] = useState(1);
  const history = useHistoryPage(list, page, HISTORY_MODAL_PAGE_SIZE);
  const pages = pageCount(history.data?.total ?? 0, HISTORY_MODAL_PAGE_SIZE);

  // A refresh may find fewer entries than before: stay on a page that exists.
  useEffect(() => {
    if (history.data && !history.isPlaceholderData && page > pages) setPage(pages);
  }, [history.data, history.isPlaceholderData, page, pages]);

  const tabs = [
    { id: 'all', label: t('history.tabAll') },
    { id: 'deposit', label: t('history.tabDeposit') },
    { id: 'withdraw', label: t('history.tabWithdraw') },
  ] as const;

  /** Spec §4: switching tab resets to page 1. */
  function selectList(next: HistoryList) {
    if (next === list) return;
    setList(next);
    setPage(1);
  }

  let content: React.ReactNode;
  if (history.isPending) {
    content = (
      <p className="dialog__status" role="status">
        <Spinner /> {t('common.loading')}
      </p>
    );
  } else if (history.isError) {
    content = (
      <p className="history__message history__message--error" role="alert">
        {loadErrorText(history.error, t('history.loadFailed'))}
      </p>
    );
  } else if (history.data.entries.length === 0) {
    content = <p className="history__message">{t('history.empty')}</p>;
  } else {
    content = (
      <>
        <HistoryTable entries={history.data.entries} busy={history.isPlaceholderData} />
        {pages > 1 && <HistoryPager page={page} pages={pages} onPage={setPage} />}
      </>
    );
  }

  const ids = tabIds(idPrefix, list);
  return (
    <Dialog title={t('modals.history')} onClose={onClose} className="dialog--wide">
      <div className="dialog__body history">
        <div className="history__toolbar">
          <Tabs label={t('history.tabsLabel')} tabs={tabs} selected={list} onSelect={selectList} idPrefix={idPrefix} />
          <button
            type="button"
            className={`icon-button${history.isFetching ? ' is-spinning' : ''}`}
            aria-label={t('history.refresh')}
            onClick={() => history.refetch()}
          >
            <RefreshIcon />
          </button>
        </div>
        <div role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} className="history__panel">
          {content}
        </div>
      </div>
      <div className="dialog__footer">
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}

function HistoryTable({ entries, busy }: { entries: HistoryListEntry[]; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <table className="history-table" aria-busy={busy || undefined}>
      <thead>
        <tr>
          <th scope="col">{t('history.date')}</th>
          <th scope="col">{t('history.type')}</th>
          <th scope="col">{t('history.amount')}</th>
          <th scope="col">{t('history.status')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => {
          const sign = amountSign(entry);
          return (
            <tr key={entry.id} data-testid="history-row">
              <td className="history-table__date">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className="history-table__type">{historyTypeLabel(entry.type, t)}</td>
              <td
                className={`history-table__amount history-table__amount--${SIGN_LOOKS[sign]}`}
                data-testid="history-amount"
              >
                {`${sign}${formatBaht(entry.amount)}฿`}
              </td>
              <td className="history-table__status">
                <StatusBadge entry={entry} />
                <RejectionNote entry={entry} />
                <PaidNote entry={entry} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
