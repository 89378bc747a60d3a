import '@/components/ui/table.css';
import '@/components/ui/filter-bar.css';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { playerPage } from '@/config/paths';
import { usePlayers } from '@/features/players/api/players';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

const DEFAULTS = { q: '', sort: 'newest' };

/**
 * Find a player by phone, username, name or bank account: who they are, their
 * bank, their main balance, since when, and whether they are frozen. The
 * search, sort and page live in the address.
 */
export function PlayersList() {
  const { t } = useTranslation();
  const ids = { q: useId(), sort: useId() };
  const { values, page, set } = useListParams(DEFAULTS);
  const players = usePlayers({ ...values, page });
  const [search, setSearch] = useState(values.q);

  function onSearch(event: FormEvent) {
    event.preventDefault();
    set({ q: search.trim() });
  }

  let list: React.ReactNode;
  if (players.isPending) {
    list = <Spinner label={t('common.loading')} />;
  } else if (players.isError) {
    list = <Alert>{t('common.loadFailed')}</Alert>;
  } else if (players.data.items.length === 0) {
    list = <p className="muted">{values.q ? t('players.noMatch', { q: values.q }) : t('common.empty')}</p>;
  } else {
    const { items, total, limit } = players.data;
    list = (
      <>
        <div className="table-box">
          <table className="table" aria-busy={players.isPlaceholderData || undefined}>
            <thead>
              <tr>
                <th scope="col">{t('players.name')}</th>
                <th scope="col">{t('players.username')}</th>
                <th scope="col">{t('players.phone')}</th>
                <th scope="col">{t('players.bank')}</th>
                <th scope="col" className="num">
                  {t('players.mainBalance')}
                </th>
                <th scope="col">{t('players.createdAt')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((player) => (
                <tr key={player.id} data-testid="player-row">
                  <td data-label={t('players.name')}>
                    {/* One block per cell: on a phone the cell is a flex row of label and value. */}
                    <div>
                      <Link to={playerPage(player.id)}>{player.fullName}</Link>
                      {player.frozen && (
                        <>
                          {' '}
                          <StatusBadge status="FROZEN" label={t('players.frozen')} />
                        </>
                      )}
                    </div>
                  </td>
                  <td data-label={t('players.username')} className="mono">
                    {player.username}
                  </td>
                  <td data-label={t('players.phone')} className="mono">
                    {player.phoneNumber}
                  </td>
                  <td data-label={t('players.bank')}>
                    <div>
                      {player.bankName}
                      <div className="mono">{player.bankNumber}</div>
                    </div>
                  </td>
                  <td data-label={t('players.mainBalance')} className="num">
                    {formatMoney(player.balance)}
                  </td>
                  <td data-label={t('players.createdAt')}>{formatDateTime(player.createdAt)}</td>
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
      <PageHeader title={t('players.title')} />
      <div className="filter-bar">
        <search className="field">
          <form onSubmit={onSearch}>
            <label htmlFor={ids.q}>{t('players.searchLabel')}</label>
            <input
              id={ids.q}
              type="search"
              value={search}
              maxLength={100}
              placeholder={t('players.searchPlaceholder')}
              onChange={(event) => setSearch(event.target.value)}
            />
          </form>
        </search>
        <FormField id={ids.sort} label={t('common.sort')}>
          <select id={ids.sort} value={values.sort} onChange={(event) => set({ sort: event.target.value })}>
            <option value="newest">{t('common.sortNewest')}</option>
            <option value="oldest">{t('common.sortOldest')}</option>
          </select>
        </FormField>
        {players.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      {list}
    </>
  );
}
