import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/icons';

/** 'หน้า X จาก N' between previous and next. */
export function TransactionsPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav className="transactions__pager" aria-label={t('history.pager')}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
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
        onClick={() => onPage(page + 1)}
      >
        {t('transactions.next')}
        <ChevronRightIcon />
      </button>
    </nav>
  );
}
