import './pager.css';
import { useTranslation } from 'react-i18next';

type PagerProps = { page: number; limit: number; total: number; onPage: (page: number) => void };

/** Previous and next around "page X of N · total": every list of the back office is paged. */
export function Pager({ page, limit, total, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  return (
    <nav className="pager" aria-label={t('common.pageOf', { page, pages, count: total })}>
      <button type="button" className="button button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span className="pager__status">{t('common.pageOf', { page, pages, count: total })}</span>
      <button type="button" className="button button--small" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('common.next')}
      </button>
    </nav>
  );
}
