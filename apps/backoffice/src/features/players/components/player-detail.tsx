import '@/components/ui/table.css';
import './player-detail.css';
import { freezeRequestSchema, idParamsSchema, type PlayerDetail as Player } from '@app/contracts/admin';
import { formatPoints } from '@app/contracts/money';
import { Fragment, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { DecisionDialog } from '@/components/ui/decision-dialog';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { PAGES } from '@/config/paths';
import { type AdjustDirection, usePlayer, usePlayerActions } from '@/features/players/api/players';
import { AdjustDialog } from '@/features/players/components/adjust-dialog';
import { PlayerHistory } from '@/features/players/components/player-history';
import { PlayerLoyalty } from '@/features/players/components/player-loyalty';
import { PlayerProtection } from '@/features/players/components/player-protection';
import { ApiError } from '@/lib/api-client';
import { formatDateTime, formatMoney } from '@/lib/format';

type Pending = { kind: 'adjust'; direction: AdjustDirection } | { kind: 'freeze'; frozen: boolean };

/** The page at /players/:id: an id that cannot be one is "not found" without asking the server. */
export function PlayerDetailPage() {
  const { t } = useTranslation();
  const params = idParamsSchema.safeParse(useParams());
  if (!params.success) return <NotFound message={t('players.notFound')} />;
  return <PlayerDetail id={params.data.id} />;
}

function NotFound({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('players.title')} />
      <Alert tone="warning">{message}</Alert>
      <p>
        <Link to={PAGES.players}>{t('players.backToList')}</Link>
      </p>
    </>
  );
}

/**
 * One player as an operator needs them: who they are, what they hold (main
 * wallet, credit at each game provider, points), whether they are frozen and
 * why, their recent sessions and their full history. Credit, debit, freeze and
 * unfreeze each ask for a reason. The page refreshes on its own.
 */
function PlayerDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const player = usePlayer(id);
  const { adjust, setFrozen, refresh } = usePlayerActions(id);
  const [pending, setPending] = useState<Pending | null>(null);
  const headings = {
    profile: useId(),
    balances: useId(),
    sessions: useId(),
    history: useId(),
    loyalty: useId(),
    protection: useId(),
  };

  if (player.isPending) return <Spinner label={t('common.loading')} />;
  if (player.isError) {
    if (player.error instanceof ApiError && player.error.errorCode === 'PLAYER_NOT_FOUND') {
      return <NotFound message={t('players.notFound')} />;
    }
    return (
      <>
        <PageHeader title={t('players.title')} />
        <Alert>{t('common.loadFailed')}</Alert>
      </>
    );
  }

  const data = player.data;
  return (
    <>
      <p className="player__back">
        <Link to={PAGES.players}>{t('players.backToList')}</Link>
      </p>
      <PageHeader title={data.fullName} subtitle={`${data.username} · ${data.phoneNumber}`}>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setPending({ kind: 'adjust', direction: 'credit' })}
        >
          {t('players.credit')}
        </button>
        <button type="button" className="button" onClick={() => setPending({ kind: 'adjust', direction: 'debit' })}>
          {t('players.debit')}
        </button>
        <button
          type="button"
          className={`button${data.frozen ? '' : ' button--danger'}`}
          onClick={() => setPending({ kind: 'freeze', frozen: !data.frozen })}
        >
          {data.frozen ? t('players.unfreeze') : t('players.freeze')}
        </button>
      </PageHeader>

      {data.frozen && (
        <Alert tone="warning" title={t('players.frozenSince', { time: formatDateTime(data.frozenAt) })}>
          {data.frozenReason && (
            <p className="player__reason">
              {t('common.reason')}: {data.frozenReason}
            </p>
          )}
          <p className="player__reason">{t('players.frozenHint')}</p>
        </Alert>
      )}

      <div className="player__panels">
        <section className="player__panel" aria-labelledby={headings.profile}>
          <h2 id={headings.profile} className="player__heading">
            {t('players.profile')}
          </h2>
          <Profile player={data} />
        </section>
        <section className="player__panel" aria-labelledby={headings.balances}>
          <h2 id={headings.balances} className="player__heading">
            {t('players.balances')}
          </h2>
          <Balances player={data} />
        </section>
      </div>

      <section className="player__section" aria-labelledby={headings.sessions}>
        <h2 id={headings.sessions} className="player__heading">
          {t('players.sessions')}
        </h2>
        <Sessions player={data} headingId={headings.sessions} />
      </section>

      <section className="player__section" aria-labelledby={headings.history}>
        <h2 id={headings.history} className="player__heading">
          {t('players.history')}
        </h2>
        <PlayerHistory playerId={id} headingId={headings.history} />
      </section>

      <section className="player__section" aria-labelledby={headings.loyalty}>
        <h2 id={headings.loyalty} className="player__heading">
          {t('loyalty.playerTitle')}
        </h2>
        <PlayerLoyalty playerId={id} />
      </section>

      <section className="player__section" aria-labelledby={headings.protection}>
        <h2 id={headings.protection} className="player__heading">
          {t('protection.title')}
        </h2>
        <PlayerProtection playerId={id} />
      </section>

      {pending?.kind === 'adjust' && (
        <AdjustDialog
          direction={pending.direction}
          player={data}
          send={(body, idempotencyKey) => adjust(pending.direction, body, idempotencyKey)}
          onSettled={refresh}
          onClose={() => setPending(null)}
        />
      )}
      {pending?.kind === 'freeze' && (
        <DecisionDialog
          title={t(pending.frozen ? 'players.freezeTitle' : 'players.unfreezeTitle', { name: data.fullName })}
          confirmLabel={pending.frozen ? t('players.freeze') : t('players.unfreeze')}
          tone={pending.frozen ? 'danger' : 'primary'}
          reason="required"
          successText={pending.frozen ? t('players.frozenDone') : t('players.unfrozenDone')}
          // Freezing needs no Idempotency-Key: a second freeze is refused (ALREADY_FROZEN), never applied twice.
          onConfirm={({ reason }) => setFrozen(pending.frozen, freezeRequestSchema.parse({ reason }))}
          onSettled={refresh}
          onClose={() => setPending(null)}
        >
          <p>{t(pending.frozen ? 'players.freezeHint' : 'players.unfreezeHint', { name: data.fullName })}</p>
        </DecisionDialog>
      )}
    </>
  );
}

function Profile({ player }: { player: Player }) {
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

function Balances({ player }: { player: Player }) {
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

function Sessions({ player, headingId }: { player: Player; headingId: string }) {
  const { t } = useTranslation();
  if (player.sessions.length === 0) return <p className="muted">{t('players.noSessions')}</p>;
  return (
    <div className="table-box">
      <table className="table" aria-labelledby={headingId}>
        <thead>
          <tr>
            <th scope="col">{t('players.sessionCreated')}</th>
            <th scope="col">{t('players.sessionExpires')}</th>
            <th scope="col">{t('players.sessionRevoked')}</th>
            <th scope="col">{t('players.sessionAddress')}</th>
            <th scope="col">{t('players.sessionUserAgent')}</th>
          </tr>
        </thead>
        <tbody>
          {player.sessions.map((session) => (
            <tr key={`${session.createdAt}|${session.expiresAt}|${session.clientAddress}`} data-testid="session-row">
              <td data-label={t('players.sessionCreated')}>{formatDateTime(session.createdAt)}</td>
              <td data-label={t('players.sessionExpires')}>{formatDateTime(session.expiresAt)}</td>
              <td data-label={t('players.sessionRevoked')}>{formatDateTime(session.revokedAt)}</td>
              <td data-label={t('players.sessionAddress')} className="mono">
                {session.clientAddress ?? '-'}
              </td>
              <td data-label={t('players.sessionUserAgent')} className="player__agent">
                {session.userAgent ?? '-'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
