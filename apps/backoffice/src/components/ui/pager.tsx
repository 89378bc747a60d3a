import './pager.css';
import { useTranslation } from 'react-i18next';

type PagerProps = {
  page: number;
  limit: number;
  total: number;
  /** The server counted no further than `total` (lists across players stop at 10,000): "more than". */
  capped?: boolean | undefined;
  onPage: (page: number) => void;
};

/** Previous and next around "page X of N · total": every list of the back office is paged. */
export function Pager({ page, limit, total, capped = false, onPage }: PagerProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const status = t(capped ? 'common.pageOfMore' : 'common.pageOf', { page, pages, count: total });
  return (
    <nav className="pager" aria-label={status}>
      <button type="button" className="button button--small" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('common.previous')}
      </button>
      <span className="pager__status">{status}</span>
      <button
        type="button"
        className="button button--small"
        disabled={page >= pages && !capped}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}
