import './wallet-panel.css';
import { formatBahtWithSymbol, formatPoints } from '@app/contracts/money';
import type { BalanceResponse, User } from '@app/contracts/player';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TransferInButton } from '@/features/wallet/components/transfer-in-button';
import {
  CashbackLink,
  PromotionsLink,
  VipLink,
  WalletActions,
  type WalletBlocked,
} from '@/features/wallet/components/wallet-actions';
import { WalletTop } from '@/features/wallet/components/wallet-top';
import { useWalletRefresh } from '@/features/wallet/hooks/use-wallet-refresh';
import { useHasSession } from '@/lib/session';
import { useAuthStore } from '@/stores/auth-store';

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

type WalletPanelProps = {
  /** The player's open claim and its progress, under the figures (composed by the app). */
  promotion?: ReactNode;
  /**
   * What the player's own protection closes (a break, a deposit limit used up) looks closed and says until
   * when; the buttons still open their screens, which explain.
   */
  blocked?: WalletBlocked;
};

/** The wallet panel of spec §2 and §4: username with copy, four figures, visibility toggle, refresh, modal buttons. */
export function WalletPanel({ promotion, blocked = {} }: WalletPanelProps) {
  const { t } = useTranslation();
  const hasSession = useHasSession();
  const user = useAuthStore((state) => state.user);
  const { balance, spinning, refresh } = useWalletRefresh();
  const [hidden, setHidden] = useState(false);

  // Guest state of spec §1: username Guest and zero balances.
  const signedInUser = hasSession ? user : null;
  const amounts = signedInUser ? walletAmounts(signedInUser, balance) : GUEST_AMOUNTS;
  const money = (amount: number) => (hidden ? MASK : formatBahtWithSymbol(amount));

  return (
    <section className="wallet" aria-labelledby="wallet-title">
      <h2 id="wallet-title" className="visually-hidden">
        {t('wallet.title')}
      </h2>
      <WalletTop
        username={signedInUser?.username ?? null}
        hidden={hidden}
        onToggleHidden={() => setHidden((value) => !value)}
        spinning={spinning}
        onRefresh={refresh}
      />

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
      {hasSession && promotion}
      {hasSession && <PromotionsLink blocked={blocked.promotions} />}
      {hasSession && <CashbackLink />}
      {hasSession && <VipLink />}
      <WalletActions depositBlocked={blocked.deposit} />
    </section>
  );
}
