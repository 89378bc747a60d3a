import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import { HISTORY_STATUSES, HISTORY_TYPES } from '@app/contracts/history';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Pager } from '@/components/ui/pager';
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
  const ids = { type: useId(), status: useId(), sort: useId() };
  const { values, page, set } = useListParams(DEFAULTS);
  const filters = {
    type: known(values.type, HISTORY_TYPES),
    status: known(values.status, HISTORY_STATUSES),
    sort: values.sort === 'oldest' ? 'oldest' : 'newest',
  };
  const history = usePlayerHistory(playerId, { ...filters, page });

  const typeLabel = (type: string) => t(`players.types.${type}`, { defaultValue: type });
  const statusLabel = (status: string) => t(`players.statuses.${status}`, { defaultValue: status });

  let list: React.ReactNode;
  if (history.isPending) {
    list = <Spinner label={t('common.loading')} />;
  } else if (history.isError) {
    list = <Alert>{t('common.loadFailed')}</Alert>;
  } else if (history.data.items.length === 0) {
    list = <p className="muted">{t('common.empty')}</p>;
  } else {
    const { items, total, limit } = history.data;
    list = (
      <>
        <div className="table-box">
          <table className="table" aria-labelledby={headingId} aria-busy={history.isPlaceholderData || undefined}>
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
                  <td data-label={t('players.historyType')}>{typeLabel(entry.type)}</td>
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
        <Pager page={page} limit={limit} total={total} onPage={(next) => set({ ...values, page: next })} />
      </>
    );
  }

  return (
    <>
      <div className="filter-bar">
        <FormField id={ids.type} label={t('players.historyType')}>
          <select id={ids.type} value={filters.type} onChange={(event) => set({ type: event.target.value })}>
            <option value="">{t('players.allTypes')}</option>
            {HISTORY_TYPES.map((type) => (
              <option key={type} value={type}>
                {typeLabel(type)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.status} label={t('common.status')}>
          <select id={ids.status} value={filters.status} onChange={(event) => set({ status: event.target.value })}>
            <option value="">{t('players.allStatuses')}</option>
            {HISTORY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id={ids.sort} label={t('common.sort')}>
          <select id={ids.sort} value={filters.sort} onChange={(event) => set({ sort: event.target.value })}>
            <option value="newest">{t('common.sortNewest')}</option>
            <option value="oldest">{t('common.sortOldest')}</option>
          </select>
        </FormField>
        {history.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      {list}
    </>
  );
}
