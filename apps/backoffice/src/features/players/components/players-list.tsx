import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable, type RowOf } from '@/components/ui/data-table';
import { SearchFilter, SortFilter } from '@/components/ui/list-filters';
import { PageHeader } from '@/components/ui/page-header';
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
  const columns: Column<RowOf<typeof players>>[] = [
    {
      header: t('players.name'),
      cell: (player) => (
        <div>
          <Link to={playerPage(player.id)}>{player.fullName}</Link>
          {player.frozen && (
            <>
              {' '}
              <StatusBadge status="FROZEN" label={t('players.frozen')} />
            </>
          )}
        </div>
      ),
    },
    { header: t('players.username'), className: 'mono', cell: (player) => player.username },
    { header: t('players.phone'), className: 'mono', cell: (player) => player.phoneNumber },
    {
      header: t('players.bank'),
      cell: (player) => (
        <div>
          {player.bankName}
          <div className="mono">{player.bankNumber}</div>
        </div>
      ),
    },
    { header: t('players.mainBalance'), numeric: true, cell: (player) => formatMoney(player.balance) },
    { header: t('players.createdAt'), cell: (player) => formatDateTime(player.createdAt) },
  ];

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
      <DataTable
        query={players}
        page={page}
        onPage={(next) => set({ ...values, page: next })}
        empty={values.q ? t('players.noMatch', { q: values.q }) : undefined}
        columns={columns}
        rowKey={(player) => player.id}
        rowTestId="player-row"
      />
    </>
  );
}
