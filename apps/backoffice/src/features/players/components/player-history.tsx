import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import { HISTORY_STATUSES, HISTORY_TYPES } from '@app/contracts/history';
import { useTranslation } from 'react-i18next';
import { SelectFilter, SortFilter } from '@/components/ui/list-filters';
import { PagedList } from '@/components/ui/paged-list';
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
      <PagedList query={history} page={page} onPage={(next) => set({ ...values, page: next })}>
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-labelledby={headingId} aria-busy={busy || undefined}>
              <thead>
                <tr>
                  <th scope="col">{t('players.historyDate')}</th>
                  <th scope="col">{t('players.historyType')}</th>
                  <th scope="col">{t('common.status')}</th>
                  <th scope="col" className="num">
                    {t('players.historyAmount')}
                  </th>
                  <th scope="col" className="num">
                    {t('players.historyBalance')}
                  </th>
                  <th scope="col">{t('players.historyDecided')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((entry) => (
                  <tr key={entry.id} data-testid="history-row">
                    <td data-label={t('players.historyDate')}>{formatDateTime(entry.createdAt)}</td>
                    <td data-label={t('players.historyType')}>
                      <div>
                        {typeLabel(entry.type)}
                        {entry.asDeposit && <div className="muted">{t('players.asDepositTag')}</div>}
                      </div>
                    </td>
                    <td data-label={t('common.status')}>
                      <StatusBadge status={entry.status} label={statusLabel(entry.status)} />
                    </td>
                    <td data-label={t('players.historyAmount')} className="num">
                      {formatMoney(entry.amount)}
                    </td>
                    <td data-label={t('players.historyBalance')} className="num">
                      {formatMoney(entry.beforeAmount)} → {formatMoney(entry.afterAmount)}
                    </td>
                    <td data-label={t('players.historyDecided')}>
                      {/* One block per cell: on a phone the cell is a flex row of label and value. */}
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
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedList>
    </>
  );
}
