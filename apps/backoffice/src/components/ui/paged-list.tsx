import '@/components/ui/table.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';

type Paged<T> = { items: T[]; total: number; totalCapped?: boolean | undefined; limit: number };

type PagedListProps<T> = {
  query: UseQueryResult<Paged<T>>;
  page: number;
  onPage: (page: number) => void;
  /** What to say when the list is empty (default: "Nothing here."). */
  empty?: string;
  /** The items, and whether they are the last page's, shown while the next answer comes. */
  children: (items: T[], busy: boolean) => ReactNode;
};

/** A paged list's states: loading, failed, empty, or its items with the pager under them. */
export function PagedList<T>({ query, page, onPage, empty, children }: PagedListProps<T>) {
  const { t } = useTranslation();
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) return <Alert>{t('common.loadFailed')}</Alert>;
  const { items, total, totalCapped, limit } = query.data;
  if (items.length === 0) return <p className="muted">{empty ?? t('common.empty')}</p>;
  return (
    <>
      {children(items, query.isPlaceholderData)}
      <Pager page={page} limit={limit} total={total} capped={totalCapped} onPage={onPage} />
    </>
  );
}
