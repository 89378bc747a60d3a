import '@/components/ui/filter-bar.css';
import { HISTORY_STATUSES, HISTORY_TYPES } from '@app/contracts/history';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable, type RowOf } from '@/components/ui/data-table';
import { SelectFilter, SortFilter } from '@/components/ui/list-filters';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { usePlayerHistory } from '@/features/players/api/players';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { type: '', status: '', sort: 'newest' };

/** A value from the address, if the contract knows it; anything else means "all" rather than a failed call. */
function known(value: string, allowed: readonly string[]): string {
  return allowed.includes(value) ? value : '';
}

/**
 * Everything that happened to a player's main wallet: deposits, withdrawals,
 * manual credits and debits, with the balance before and after, who decided
 * and why. Filtered by type and status, sorted and paged by the address.
 */
export function PlayerHistory({ playerId, headingId }: { playerId: number; headingId: string }) {
  const { t } = useTranslation();
  const { values, page, set } = useListParams(DEFAULTS);
  const filters = {
    type: known(values.type, HISTORY_TYPES),
    status: known(values.status, HISTORY_STATUSES),
    sort: values.sort === 'oldest' ? 'oldest' : 'newest',
  };
  const history = usePlayerHistory(playerId, { ...filters, page });

  const typeLabel = (type: string) => t(`players.types.${type}`, { defaultValue: type });
  const statusLabel = (status: string) => t(`players.statuses.${status}`, { defaultValue: status });
  const columns: Column<RowOf<typeof history>>[] = [
    { header: t('players.historyDate'), cell: (entry) => formatDateTime(entry.createdAt) },
    {
      header: t('players.historyType'),
      cell: (entry) => (
        <div>
          {typeLabel(entry.type)}
          {entry.asDeposit && <div className="muted">{t('players.asDepositTag')}</div>}
        </div>
      ),
    },
    {
      header: t('common.status'),
      cell: (entry) => <StatusBadge status={entry.status} label={statusLabel(entry.status)} />,
    },
    { header: t('players.historyAmount'), numeric: true, cell: (entry) => formatMoney(entry.amount) },
    {
      header: t('players.historyBalance'),
      numeric: true,
      cell: (entry) => `${formatMoney(entry.beforeAmount)} → ${formatMoney(entry.afterAmount)}`,
    },
    {
      header: t('players.historyDecided'),
      cell: (entry) => (
        <div>
          {entry.decidedBy ? (
            <div>
              {entry.decidedBy} · {formatDateTime(entry.decidedAt)}
            </div>
          ) : (
            <span className="muted">-</span>
          )}
          {entry.reason && <div className="muted">{entry.reason}</div>}
          {/* A manual adjustment keeps its reason as the note too: say it once. */}
          {entry.note && entry.note !== entry.reason && <div className="muted">{entry.note}</div>}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className="filter-bar">
        <SelectFilter
          label={t('players.historyType')}
          value={filters.type}
          options={[['', t('players.allTypes')], ...HISTORY_TYPES.map((type) => [type, typeLabel(type)] as const)]}
          onChange={(type) => set({ type })}
        />
        <SelectFilter
          label={t('common.status')}
          value={filters.status}
          options={[
            ['', t('players.allStatuses')],
            ...HISTORY_STATUSES.map((status) => [status, statusLabel(status)] as const),
          ]}
          onChange={(status) => set({ status })}
        />
        <SortFilter value={filters.sort} onChange={(sort) => set({ sort })} newestFirst />
        {history.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <DataTable
        query={history}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        labelledBy={headingId}
        columns={columns}
        rowKey={(entry) => entry.id}
        rowTestId="history-row"
      />
    </>
  );
}
