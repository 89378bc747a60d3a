import './wallet-panel.css';
import { REFRESH_SPIN_MIN_MS } from '@app/contracts/limits';
import { formatBahtWithSymbol, formatPoints } from '@app/contracts/money';
import type { BalanceResponse, User } from '@app/contracts/player';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromotionProgress } from '@/components/promotions/promotion-progress';
import { BlockedLabel } from '@/components/protection/blocked-label';
import { CheckIcon, EyeIcon, EyeOffIcon } from '@/components/ui/first-screen-icons';
import {
  ChevronRightIcon,
  CopyIcon,
  DepositIcon,
  GiftIcon,
  HistoryIcon,
  KeyIcon,
  PromotionIcon,
  RefreshIcon,
  UserIcon,
  WithdrawIcon,
} from '@/components/ui/icons';
import { TransferInButton } from '@/features/wallet/components/transfer-in-button';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { useBalance } from '@/lib/balance';
import { PROMOTIONS_QUERY_KEY } from '@/lib/player-data';
import { useProfile } from '@/lib/profile';
import { useCurrentPromotion } from '@/lib/promotions';
import { useBlockedActions } from '@/lib/protection';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';
import { useSettings } from '@/lib/settings';
import { useAuthStore } from '@/stores/auth-store';
import { useModalStore } from '@/stores/modal-store';
import { wait } from '@/utils/wait';

const MASK = '******';

type Amounts = { main: number; ufa: number; inGame: number; points: number };

const GUEST_AMOUNTS: Amounts = { main: 0, ufa: 0, inGame: 0, points: 0 };

/** The latest balance answer wins; until it arrives the user object's figures stand in (spec §3). */
function walletAmounts(user: User, balance: BalanceResponse | null | undefined): Amounts {
  return {
    main: balance?.main.balance ?? user.balance,
    ufa: balance?.ufa.current_credit ?? user.ufa_balance,
    inGame: balance?.ufa.in_game_credit ?? user.ingame_balance,
    points: balance?.main.point ?? user.point,
  };
}

/** The wallet panel of spec §2 and §4: username with copy, four figures, visibility toggle, refresh, modal buttons. */
export function WalletPanel() {
  const { t } = useTranslation();
  const hasSession = useHasSession();
  const user = useAuthStore((state) => state.user);
  const balance = useBalance();
  const profile = useProfile();
  const settings = useSettings();
  const promotion = useCurrentPromotion();
  const openModal = useModalStore((state) => state.open);
  // What the player's own protection closes (a break, a deposit limit used up) looks closed and says until when;
  // the buttons still open their screens, which explain.
  const blocked = useBlockedActions();
  const [hidden, setHidden] = useState(false);
  const [spinning, setSpinning] = useState(false);
  const clipboard = useCopyToClipboard(t('wallet.copyFailed'));
  const copied = clipboard.copiedKey !== null;

  function copyUsername() {
    if (username) void clipboard.copy(username);
  }

  async function refresh() {
    if (spinning) return;
    setSpinning(true);
    await Promise.all([
      balance.refetch(),
      profile.refetch(),
      settings.refetch(),
      queryClient.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
      wait(REFRESH_SPIN_MIN_MS),
    ]);
    setSpinning(false);
  }

  // Guest state of spec §1: username Guest and zero balances.
  const signedInUser = hasSession ? user : null;
  const username = signedInUser?.username ?? null;
  const amounts = signedInUser ? walletAmounts(signedInUser, balance.data) : GUEST_AMOUNTS;
  const money = (amount: number) => (hidden ? MASK : formatBahtWithSymbol(amount));

  return (
    <section className="wallet" aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="visually-hidden">
        {t('wallet.title')}
      </h2>
      <div className="wallet__top">
        <button
          type="button"
          className="wallet__avatar"
          onClick={() => openModal('profile')}
          aria-label={t('modals.profile')}
        >
          <UserIcon />
        </button>
        <div className="wallet__user">
          <span className="wallet__label">{t('wallet.username')}</span>
          <span className="wallet__username">
            <strong data-testid="wallet-username">{username ?? t('common.guest')}</strong>
            <button
              type="button"
              className="icon-button icon-button--small"
              onClick={copyUsername}
              disabled={!username}
              aria-label={t('wallet.copyUsername')}
            >
              {copied ? <CheckIcon /> : <CopyIcon />}
            </button>
          </span>
        </div>
        <div className="wallet__tools">
          <button
            type="button"
            className="icon-button"
            onClick={() => setHidden((value) => !value)}
            aria-pressed={hidden}
            aria-label={hidden ? t('wallet.showAmounts') : t('wallet.hideAmounts')}
          >
            {hidden ? <EyeOffIcon /> : <EyeIcon />}
          </button>
          <button
            type="button"
            className={`icon-button${spinning ? ' is-spinning' : ''}`}
            onClick={refresh}
            aria-label={t('wallet.refresh')}
            aria-busy={spinning}
            data-testid="wallet-refresh"
          >
            <RefreshIcon />
          </button>
        </div>
      </div>
      <p className="wallet__copied" role="status" aria-live="polite">
        {copied ? t('wallet.usernameCopied') : ''}
      </p>

      <div className="wallet__main">
        <span className="wallet__label">{t('wallet.mainBalance')}</span>
        <strong className="wallet__main-amount" data-testid="main-balance">
          {money(amounts.main)}
        </strong>
      </div>

      <dl className="wallet__figures">
        <div>
          <dt>{t('wallet.ufaBalance')}</dt>
          <dd data-testid="ufa-balance">{money(amounts.ufa)}</dd>
        </div>
        <div>
          <dt>{t('wallet.inGameBalance')}</dt>
          <dd data-testid="ingame-balance">{money(amounts.inGame)}</dd>
        </div>
        <div>
          <dt>{t('wallet.points')}</dt>
          <dd data-testid="points">{formatPoints(amounts.points)}</dd>
        </div>
      </dl>
      <TransferInButton />
      {hasSession && promotion && <PromotionProgress claim={promotion} compact />}
      {hasSession && (
        <button
          type="button"
          className={`wallet__promotions${blocked.promotions ? ' is-blocked' : ''}`}
          onClick={() => openModal('promotions')}
        >
          <PromotionIcon className="wallet__promotions-icon" />
          <span className="wallet__promotions-text">
            <strong>{t('modals.promotions')}</strong>
            {blocked.promotions ? (
              <BlockedLabel block={blocked.promotions} />
            ) : (
              <small>{t('promotions.linkHint')}</small>
            )}
          </span>
          <ChevronRightIcon className="wallet__promotions-icon" />
        </button>
      )}

      <div className="wallet__primary-actions">
        <button
          type="button"
          className={blocked.deposit ? 'button button--ghost is-blocked' : 'button button--gold'}
          onClick={() => openModal('deposit')}
        >
          <DepositIcon />
          {t('footer.deposit')}
          {blocked.deposit && <BlockedLabel block={blocked.deposit} className="wallet__blocked" />}
        </button>
        <button type="button" className="button button--outline" onClick={() => openModal('withdraw')}>
          <WithdrawIcon />
          {t('footer.withdraw')}
        </button>
      </div>

      <nav className="wallet__menu" aria-label={t('wallet.quickMenu')}>
        <button type="button" onClick={() => openModal('history')}>
          <HistoryIcon />
          <span>{t('modals.history')}</span>
        </button>
        <button type="button" onClick={() => openModal('reward')}>
          <GiftIcon />
          <span>{t('modals.reward')}</span>
        </button>
        <button type="button" onClick={() => openModal('change-pass')}>
          <KeyIcon />
          <span>{t('modals.changePass')}</span>
        </button>
        <button type="button" onClick={() => openModal('profile')}>
          <UserIcon />
          <span>{t('modals.profile')}</span>
        </button>
      </nav>
    </section>
  );
}
