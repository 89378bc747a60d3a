import './launch-screen.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { env } from '@/config/env';
import { PAGE_PATHS } from '@/config/paths';
import { launchSportsGame, launchWcGame } from '@/features/games/api/launch';
import { gameAddress } from '@/features/games/utils/game-url';
import { ApiError } from '@/lib/api-client';
import { isHarmlessTransferRefusal, type TransferDirection, transferCredit } from '@/lib/game-transfers';
import { currentLanguage } from '@/lib/i18n';
import { redirectBrowser } from '@/utils/browser';

export type LaunchableGame = 'ufa' | 'wc';

/**
 * Spec §4 game launch: the launch call, then the transfer step, then the
 * redirect. The sports game (UFA, transfer wallet) needs the credit at the
 * provider: transfer-out first. WC (seamless wallet) plays from the main
 * wallet: transfer-in first.
 */
const GAMES: Record<LaunchableGame, { launch: () => Promise<string>; transfer: TransferDirection }> = {
  ufa: { launch: launchSportsGame, transfer: 'out' },
  wc: { launch: launchWcGame, transfer: 'in' },
};

type LaunchState =
  | { phase: 'launching' }
  | { phase: 'launch-failed' }
  /** The game is ready but the credit did not move: the player may retry or play with the credit where it is. */
  | { phase: 'transfer-failed'; address: string; message: string }
  /** The player's own protection refuses play: the server says why; a retry would not help. */
  | { phase: 'blocked'; message: string };

/**
 * The launch screens /launch-ufa and /launch-game (spec §2): a spinner and
 * 'Game launching...' while the game is prepared, then the browser goes to the
 * provider's address (with `lang` from the interface language). On failure the
 * game-launch-failed message with a retry button (§8).
 */
export function LaunchScreen({ game }: { game: LaunchableGame }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LaunchState>({ phase: 'launching' });
  const startedAttempt = useRef(-1);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    // One launch per attempt, also when React runs effects twice in development.
    if (startedAttempt.current === attempt) return;
    startedAttempt.current = attempt;
    const { launch, transfer } = GAMES[game];

    async function run() {
      let address: string;
      try {
        address = gameAddress(await launch(), currentLanguage(), env.gameHostRewrite);
      } catch (error) {
        if (error instanceof ApiError && error.status === 403 && error.serverMessage) {
          if (mounted.current) setState({ phase: 'blocked', message: error.serverMessage });
          return;
        }
        console.error('Game launch failed', error);
        if (mounted.current) setState({ phase: 'launch-failed' });
        return;
      }
      try {
        await transferCredit(transfer);
      } catch (error) {
        if (!isHarmlessTransferRefusal(error)) {
          console.error('Transfer before the game failed', error);
          const message = error instanceof ApiError ? error.serverMessage : '';
          if (mounted.current) setState({ phase: 'transfer-failed', address, message });
          return;
        }
      }
      if (mounted.current) redirectBrowser(address);
    }
    void run();
  }, [attempt, game]);

  function retry() {
    setState({ phase: 'launching' });
    setAttempt((value) => value + 1);
  }

  if (state.phase === 'launching') {
    return (
      <div className="launch" aria-busy="true">
        <Spinner />
        <p className="launch__text" role="status">
          {t('games.launching')}
        </p>
      </div>
    );
  }

  const failure =
    state.phase === 'launch-failed'
      ? t('games.launchFailed')
      : state.message || t(transferFailedKey(GAMES[game].transfer));
  return (
    <div className="launch">
      <FormAlert>{failure}</FormAlert>
      <div className="launch__actions">
        {state.phase !== 'blocked' && (
          <button type="button" className="button button--gold button--block" onClick={retry}>
            {t('games.retry')}
          </button>
        )}
        {state.phase === 'transfer-failed' && (
          <a className="button button--outline button--block" href={state.address}>
            {t('games.playAnyway')}
          </a>
        )}
        <Link to={PAGE_PATHS.home} className="button button--ghost button--block">
          {t('common.backHome')}
        </Link>
      </div>
    </div>
  );
}

function transferFailedKey(direction: TransferDirection) {
  return direction === 'out' ? ('games.transferOutFailed' as const) : ('games.transferInFailed' as const);
}
