import './history-pager.css';
import { HISTORY_PAGER_BUTTONS } from '@app/contracts/limits';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';
import { pagerWindow } from '@/features/history/utils/pager';

type HistoryPagerProps = { page: number; pages: number; onPage: (page: number) => void };

/** Spec §9: previous, up to three page buttons around the current page, next. */
export function HistoryPager({ page, pages, onPage }: HistoryPagerProps) {
  const { t } = useTranslation();
  return (
    <nav className="history-pager" aria-label={t('history.pager')}>
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('history.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon />
      </button>
      {pagerWindow(page, pages, HISTORY_PAGER_BUTTONS).map((number) => (
        <button
          key={number}
          type="button"
          className="history-pager__page"
          aria-label={t('history.page', { page: number })}
          aria-current={number === page ? 'page' : undefined}
          onClick={() => onPage(number)}
        >
          {number}
        </button>
      ))}
      <button
        type="button"
        className="icon-button icon-button--small"
        aria-label={t('history.next')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
