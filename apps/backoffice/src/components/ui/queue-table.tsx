import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type Paged } from '@/components/ui/data-table';
import { QueueFilters, type QueueFiltersProps } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';

/**
 * A whole queue screen: its title, the search / status / sort filters (kept in
 * the address), the paged table. `section` names its words in the locales
 * (`<section>.title`, `.filterLabel`, `.filterPlaceholder`). The dialogs a
 * queue opens go in `children`.
 */
export function QueuePage<T extends { id: number }>({
  section,
  statuses,
  statusLabel,
  values,
  set,
  query,
  page,
  columns,
  rowTestId,
  children,
  sorts,
}: {
  section: 'withdrawals' | 'deposits' | 'transfers';
  statuses: readonly string[];
  statusLabel: (status: string) => string;
  values: QueueFiltersProps['values'];
  set: (change: { q?: string; status?: string; sort?: string; page?: number }) => void;
  query: UseQueryResult<Paged<T>>;
  page: number;
  columns: readonly Column<T>[];
  rowTestId: string;
  children?: ReactNode;
  /** Orders beyond oldest and newest. */
  sorts?: readonly (readonly [value: string, label: string])[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(`${section}.title`)} />
      <QueueFilters
        {...(sorts ? { sorts } : {})}
        search={{ label: t(`${section}.filterLabel`), placeholder: t(`${section}.filterPlaceholder`) }}
        statuses={statuses.map((status) => [status, statusLabel(status)] as const)}
        values={values}
        set={set}
        busy={query.isFetching}
      />
      <DataTable
        query={query}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId={rowTestId}
      />
      {children}
    </>
  );
}
