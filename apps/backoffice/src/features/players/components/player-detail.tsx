import './player-detail.css';
import { idParamsSchema } from '@app/contracts/admin';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { PAGES } from '@/config/paths';
import { usePlayer } from '@/features/players/api/players';
import { Balances, Profile, Sessions } from '@/features/players/components/player-facts';
import { PlayerHeader } from '@/features/players/components/player-header';
import { PlayerHistory } from '@/features/players/components/player-history';
import { PlayerLoyalty } from '@/features/players/components/player-loyalty';
import { PlayerProtection } from '@/features/players/components/player-protection';
import { ApiError } from '@/lib/api-client';

/** The page at /players/:id: an id that cannot be one is "not found" without asking the server. */
export function PlayerDetailPage() {
  const { t } = useTranslation();
  const params = idParamsSchema.safeParse(useParams());
  if (!params.success) return <NotFound message={t('players.notFound')} />;
  return <PlayerDetail id={params.data.id} />;
}

/** A titled part of the player's page; a panel sits beside another on a laptop. */
function PlayerSection({
  id,
  title,
  panel = false,
  children,
}: {
  id: string;
  title: string;
  panel?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={panel ? 'player__panel' : 'player__section'} aria-labelledby={id}>
      <h2 id={id} className="player__heading">
        {title}
      </h2>
      {children}
    </section>
  );
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
      <PlayerHeader player={data} />

      <div className="player__panels">
        <PlayerSection id={headings.profile} title={t('players.profile')} panel>
          <Profile player={data} />
        </PlayerSection>
        <PlayerSection id={headings.balances} title={t('players.balances')} panel>
          <Balances player={data} />
        </PlayerSection>
      </div>

      <PlayerSection id={headings.sessions} title={t('players.sessions')}>
        <Sessions player={data} headingId={headings.sessions} />
      </PlayerSection>

      <PlayerSection id={headings.history} title={t('players.history')}>
        <PlayerHistory playerId={id} headingId={headings.history} />
      </PlayerSection>

      <PlayerSection id={headings.loyalty} title={t('loyalty.playerTitle')}>
        <PlayerLoyalty playerId={id} />
      </PlayerSection>

      <PlayerSection id={headings.protection} title={t('protection.title')}>
        <PlayerProtection playerId={id} />
      </PlayerSection>
    </>
  );
}
