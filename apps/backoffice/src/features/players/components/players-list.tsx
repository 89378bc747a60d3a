import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchFilter, SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
import { PagedList } from '@/components/ui/paged-list';
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
  const { values, page, set } = useListParams(DEFAULTS);
  const players = usePlayers({ ...values, page });

  return (
    <>
      <PageHeader title={t('players.title')} />
      <div className="filter-bar">
        <SearchFilter
          label={t('players.searchLabel')}
          placeholder={t('players.searchPlaceholder')}
          value={values.q}
          onSearch={(q) => set({ q })}
        />
        <SortFilter value={values.sort} onChange={(sort) => set({ sort })} newestFirst />
        {players.isFetching && <Spinner label={t('common.loading')} />}
      </div>
      <PagedList
        query={players}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        empty={values.q ? t('players.noMatch', { q: values.q }) : undefined}
      >
        {(items, busy) => (
          <div className="table-box">
            <table className="table" aria-busy={busy || undefined}>
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
        )}
      </PagedList>
    </>
  );
}
