import '@/components/ui/table.css';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';

/** One column: its header (also each cell's label when the rows fold into cards on a phone) and its cell. */
export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** A figure: right-aligned in tabular digits, header and cells. */
  numeric?: boolean;
  /** Where the text sits when it is not a figure (default: the start). */
  align?: 'start' | 'center' | 'end';
  /** A width the column keeps on a laptop (a CSS length); on a phone every cell takes the card's width. */
  width?: string;
  /** Extra class of the cells (mono for account numbers, table__cell--wide for a block of its own). */
  className?: string | ((row: T) => string | undefined);
  /** The cell's tooltip (the code behind a word). */
  title?: (row: T) => string | undefined;
};

/** A page of a list as the server answers it: `page` and `limit` asked, `total` counted (capped at 10,000 across players). */
export type Paged<T> = { items: T[]; total: number; totalCapped?: boolean | undefined; limit: number };

/** The row of a list's query (paged or whole): the type its columns are written for. */
export type RowOf<Q> = Q extends UseQueryResult<Paged<infer R> | readonly (infer R)[]> ? R : never;

type TableProps<T> = {
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  rowTestId?: string;
  /** The table's name for a screen reader: the id of the heading above it, or a caption of its own. */
  labelledBy?: string;
  caption?: string;
  className?: string;
  /** What to say when there are no rows: a sentence (default "Nothing here.") or a block of its own. */
  empty?: ReactNode;
};

/** The rows are known (a part of a larger answer): no loading of their own. */
type RowsProps<T> = TableProps<T> & { rows: readonly T[]; busy?: boolean };
/** The rows are an answer: its loading and failure are shown, and with `page` and `onPage` the pager under it. */
type QueryProps<T> = TableProps<T> & {
  query: UseQueryResult<Paged<T>> | UseQueryResult<T[]>;
  page?: number;
  onPage?: (page: number) => void;
};

export type DataTableProps<T> = RowsProps<T> | QueryProps<T>;

/**
 * The table of every back-office list: the columns given, one row per item,
 * the loading, failed and empty states, the pager of a paged list, and busy
 * (the last page kept) while the next page loads. Below 760 px each row is a
 * card and each cell shows its column's name first (table.css); a cell's
 * content is one block, so the name and the value always make one line.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  if ('rows' in props) return <Rows {...props} rows={props.rows} busy={props.busy ?? false} />;
  const { query, page, onPage } = props;
  if (query.isPending) return <Spinner label={t('common.loading')} />;
  if (query.isError) return <Alert>{t('common.loadFailed')}</Alert>;
  const data: Paged<T> | T[] = query.data;
  const rows = Array.isArray(data) ? data : data.items;
  const table = <Rows {...props} rows={rows} busy={query.isPlaceholderData} />;
  if (Array.isArray(data) || rows.length === 0 || page === undefined || onPage === undefined) return table;
  return (
    <>
      {table}
      <Pager page={page} limit={data.limit} total={data.total} capped={data.totalCapped} onPage={onPage} />
    </>
  );
}

const ALIGN = { start: '', center: 'table__cell--center', end: 'table__cell--end' } as const;

/** A column's alignment: a figure's, or the one it asks for. */
const alignOf = <T,>(column: Column<T>) => (column.numeric ? 'num' : ALIGN[column.align ?? 'start']);

function cellClass<T>(column: Column<T>, row: T): string | undefined {
  const own = typeof column.className === 'function' ? column.className(row) : column.className;
  return [alignOf(column), own ?? ''].filter(Boolean).join(' ') || undefined;
}

function Rows<T>({
  columns,
  rows,
  rowKey,
  rowTestId,
  busy,
  labelledBy,
  caption,
  className,
  empty,
}: TableProps<T> & { rows: readonly T[]; busy: boolean }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    const text = empty ?? t('common.empty');
    return typeof text === 'string' ? <p className="muted">{text}</p> : text;
  }
  return (
    <div className="table-box">
      <table
        className={className ? `table ${className}` : 'table'}
        aria-labelledby={labelledBy}
        aria-busy={busy || undefined}
      >
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={alignOf(column) || undefined}
                style={column.width ? { width: column.width } : undefined}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td
                  key={column.header}
                  data-label={column.header}
                  className={cellClass(column, row)}
                  title={column.title?.(row)}
                >
                  <div className="table__value">{column.cell(row)}</div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
