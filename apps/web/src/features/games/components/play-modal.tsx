import './play-modal.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { PAGE_PATHS } from '@/config/paths';
import type { ModalProps } from '@/stores/modal-store';

/** The chooser's cards: each opens its launch page, which moves the credit and redirects to the game. */
const GAMES = [
  { path: PAGE_PATHS.launchUfa, image: '/images/games/ufa-sports.png', name: 'games.ufaName', hint: 'games.ufaHint' },
  { path: PAGE_PATHS.launchGame, image: '/images/games/wc-slots.png', name: 'games.wcName', hint: 'games.wcHint' },
] as const;

/**
 * Spec §2 play modal, the game chooser: two image links opening /launch-ufa and
 * /launch-game in a new tab (§1: games open in a new tab from the chooser), so
 * the wallet stays open in this one. The new tab shares the stored session.
 * During the player's own break games are closed: the chooser says so, until
 * when (`closedNotice`, composed by the app), instead of offering games that
 * would be refused.
 */
export function PlayModal({ onClose, closedNotice }: ModalProps & { closedNotice?: ReactNode }) {
  const { t } = useTranslation();
  const onBreak = Boolean(closedNotice);
  return (
    <Dialog title={t('modals.playGame')} onClose={onClose} className="dialog--wide">
      <div className="dialog__body">
        {closedNotice}
        {!onBreak && (
          <ul className="games">
            {GAMES.map((game) => (
              <li key={game.path}>
                <a
                  className="games__card"
                  href={game.path}
                  target="_blank"
                  rel="noopener"
                  aria-label={`${t(game.name)} (${t('common.openInNewTab')})`}
                >
                  <img src={game.image} alt="" width={480} height={320} />
                  <span className="games__name">{t(game.name)}</span>
                  <span className="games__hint">{t(game.hint)}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
