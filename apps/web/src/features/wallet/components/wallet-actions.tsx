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

/** The promotions link: closed during a break, its label then says until when instead of the hint. */
export function PromotionsLink({ blocked }: { blocked?: ReactNode }) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);
  return (
    <button
      type="button"
      className={`wallet__promotions${blocked ? ' is-blocked' : ''}`}
      onClick={() => openModal('promotions')}
    >
      <PromotionIcon className="wallet__promotions-icon" />
      <span className="wallet__promotions-text">
        <strong>{t('modals.promotions')}</strong>
        {blocked ? blocked : <small>{t('promotions.linkHint')}</small>}
      </span>
      <ChevronRightIcon className="wallet__promotions-icon" />
    </button>
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
