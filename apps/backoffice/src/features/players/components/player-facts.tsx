import type { PlayerDetail as Player } from '@app/contracts/admin';
import { formatPoints } from '@app/contracts/money';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '@/components/ui/data-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDateTime, formatMoney } from '@/lib/format';

/** Who the player is: name, username, phone, bank account, since when, and whether frozen. */
export function Profile({ player }: { player: Player }) {
  const { t } = useTranslation();
  return (
    <dl className="player-facts">
      <dt>{t('players.name')}</dt>
      <dd>{player.fullName}</dd>
      <dt>{t('players.username')}</dt>
      <dd className="mono">{player.username}</dd>
      <dt>{t('players.phone')}</dt>
      <dd className="mono">{player.phoneNumber}</dd>
      <dt>{t('players.bank')}</dt>
      <dd>{player.bankName}</dd>
      <dt>{t('players.account')}</dt>
      <dd className="mono">{player.bankNumber}</dd>
      <dt>{t('players.createdAt')}</dt>
      <dd>{formatDateTime(player.createdAt)}</dd>
      <dt>{t('common.status')}</dt>
      <dd>
        {player.frozen ? (
          <StatusBadge status="FROZEN" label={t('players.frozen')} />
        ) : (
          <StatusBadge status="ACTIVE" label={t('players.active')} />
        )}
      </dd>
    </dl>
  );
}

/** What the player holds: the main wallet, credit at each game provider, points. */
export function Balances({ player }: { player: Player }) {
  const { t } = useTranslation();
  const providers = Object.entries(player.balances.providers);
  return (
    <dl className="player-facts">
      <dt>{t('players.mainBalance')}</dt>
      <dd className="num player-facts__money">{formatMoney(player.balances.main)}</dd>
      {providers.map(([provider, amount]) => (
        <Fragment key={provider}>
          <dt>{t('players.providerCredit', { provider })}</dt>
          <dd className="num">{formatMoney(amount)}</dd>
        </Fragment>
      ))}
      {providers.length === 0 && (
        <>
          <dt>{t('players.providerCreditNone')}</dt>
          <dd className="num">{formatMoney(0)}</dd>
        </>
      )}
      <dt>{t('players.points')}</dt>
      <dd className="num">{formatPoints(player.balances.points)}</dd>
    </dl>
  );
}

/** The player's recent sessions: when each began and ends, whether revoked, from where and with what browser. */
export function Sessions({ player, headingId }: { player: Player; headingId: string }) {
  const { t } = useTranslation();
  const columns: Column<Player['sessions'][number]>[] = [
    { header: t('players.sessionCreated'), cell: (session) => formatDateTime(session.createdAt) },
    { header: t('players.sessionExpires'), cell: (session) => formatDateTime(session.expiresAt) },
    { header: t('players.sessionRevoked'), cell: (session) => formatDateTime(session.revokedAt) },
    { header: t('players.sessionAddress'), className: 'mono', cell: (session) => session.clientAddress ?? '-' },
    { header: t('players.sessionUserAgent'), className: 'player__agent', cell: (session) => session.userAgent ?? '-' },
  ];
  return (
    <DataTable
      rows={player.sessions}
      empty={t('players.noSessions')}
      labelledBy={headingId}
      columns={columns}
      rowKey={(session) => `${session.createdAt}|${session.expiresAt}|${session.clientAddress}`}
      rowTestId="session-row"
    />
  );
}
