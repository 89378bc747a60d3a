import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ChevronRightIcon,
  DepositIcon,
  GiftIcon,
  HistoryIcon,
  KeyIcon,
  PromotionIcon,
  UserIcon,
  WithdrawIcon,
} from '@/components/ui/icons';
import { useModalStore } from '@/stores/modal-store';

/** What looks closed on the wallet, and the label that says until when; absent where the action is open. */
export type WalletBlocked = { promotions?: ReactNode; deposit?: ReactNode };

/** A wide link to a modal, with its hint; closed during a break, its label then says until when instead. */
function WalletLink({
  modal,
  title,
  hint,
  icon,
  blocked,
}: {
  modal: 'promotions' | 'cashback' | 'vip';
  title: string;
  hint: string;
  icon: ReactNode;
  blocked?: ReactNode;
}) {
  const openModal = useModalStore((state) => state.open);
  return (
    <button
      type="button"
      className={`wallet__promotions${blocked ? ' is-blocked' : ''}`}
      onClick={() => openModal(modal)}
    >
      {icon}
      <span className="wallet__promotions-text">
        <strong>{title}</strong>
        {blocked ? blocked : <small>{hint}</small>}
      </span>
      <ChevronRightIcon className="wallet__promotions-icon" />
    </button>
  );
}

/** The promotions link: closed during a break, its label then says until when instead of the hint. */
export function PromotionsLink({ blocked }: { blocked?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <WalletLink
      modal="promotions"
      title={t('modals.promotions')}
      hint={t('promotions.linkHint')}
      icon={<PromotionIcon className="wallet__promotions-icon" />}
      blocked={blocked}
    />
  );
}

/** The cashback link: the running period's figure and the last payouts are in its modal (which says why a break pays nothing). */
export function CashbackLink() {
  const { t } = useTranslation();
  return (
    <WalletLink
      modal="cashback"
      title={t('modals.cashback')}
      hint={t('modals.cashbackHint')}
      icon={<GiftIcon className="wallet__promotions-icon" />}
    />
  );
}

/** Deposit and withdraw, then the quick menu; a closed deposit still opens its screen, which explains. */
export function WalletActions({ depositBlocked }: { depositBlocked?: ReactNode }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);
  return (
    <>
      <div className="wallet__primary-actions">
        <button
          type="button"
          className={depositBlocked ? 'button button--ghost is-blocked' : 'button button--gold'}
          onClick={() => openModal('deposit')}
        >
          <DepositIcon />
          {t('footer.deposit')}
          {depositBlocked}
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
    </>
  );
}

/** The VIP link: the rank, the rakeback and the ranks are in its modal. */
export function VipLink() {
  const { t } = useTranslation();
  return (
    <WalletLink
      modal="vip"
      title={t('modals.vip')}
      hint={t('modals.vipHint')}
      icon={<UserIcon className="wallet__promotions-icon" />}
    />
  );
}
