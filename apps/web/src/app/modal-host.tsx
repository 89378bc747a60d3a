import type { ParseKeys } from 'i18next';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useHasSession } from '@/lib/session';
import { type ModalName, type ModalProps, useModalStore } from '@/stores/modal-store';

type ModalEntry = { title: ParseKeys; Component: LazyExoticComponent<ComponentType<ModalProps>> };

/** Each modal is its own chunk, loaded the first time it opens. */
const MODALS: Record<ModalName, ModalEntry> = {
  profile: {
    title: 'modals.profile',
    Component: lazy(() =>
      import('@/features/profile/components/profile-modal').then((m) => ({ default: m.ProfileModal })),
    ),
  },
  deposit: {
    title: 'modals.deposit',
    Component: lazy(() => import('@/app/modals/deposit').then((m) => ({ default: m.DepositWithPromotion }))),
  },
  'confirm-deposit': {
    title: 'modals.confirmDeposit',
    Component: lazy(() =>
      import('@/features/deposit/components/confirm-deposit-modal').then((m) => ({ default: m.ConfirmDepositModal })),
    ),
  },
  withdraw: {
    title: 'modals.withdraw',
    Component: lazy(() => import('@/app/modals/withdraw').then((m) => ({ default: m.WithdrawWithPromotion }))),
  },
  history: {
    title: 'modals.history',
    Component: lazy(() =>
      import('@/features/history/components/history-modal').then((m) => ({ default: m.HistoryModal })),
    ),
  },
  'change-pass': {
    title: 'modals.changePass',
    Component: lazy(() =>
      import('@/features/password/components/change-password-modal').then((m) => ({ default: m.ChangePasswordModal })),
    ),
  },
  reward: {
    title: 'modals.reward',
    Component: lazy(() =>
      import('@/features/rewards/components/reward-modal').then((m) => ({ default: m.RewardModal })),
    ),
  },
  promotions: {
    title: 'modals.promotions',
    Component: lazy(() =>
      import('@/features/promotions/components/promotions-modal').then((m) => ({ default: m.PromotionsModal })),
    ),
  },
  protection: {
    title: 'modals.protection',
    Component: lazy(() =>
      import('@/features/protection/components/protection-modal').then((m) => ({ default: m.ProtectionModal })),
    ),
  },
  notifications: {
    title: 'modals.notifications',
    Component: lazy(() =>
      import('@/features/notifications/components/notifications-modal').then((m) => ({
        default: m.NotificationsModal,
      })),
    ),
  },
  cashback: {
    title: 'modals.cashback',
    Component: lazy(() =>
      import('@/features/cashback/components/cashback-modal').then((m) => ({ default: m.CashbackModal })),
    ),
  },
  vip: {
    title: 'modals.vip',
    Component: lazy(() => import('@/features/vip/components/vip-modal').then((m) => ({ default: m.VipModal }))),
  },
  'play-game': {
    title: 'modals.playGame',
    Component: lazy(() => import('@/app/modals/play-game').then((m) => ({ default: m.PlayGameWithProtection }))),
  },
};

/**
 * The modal host of spec §2: shows the one open modal, and only to a signed-in
 * player (signing out closes it). Each modal renders its own Dialog; while its
 * code loads, a dialog with its title and a spinner stands in.
 */
export function ModalHost() {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  const close = useModalStore((state) => state.close);
  const hasSession = useHasSession();

  if (!openModal || !hasSession) return null;
  const { title, Component } = MODALS[openModal];
  const fallback = (
    <Dialog title={t(title)} onClose={close}>
      <div className="dialog__body" data-testid="modal-loading">
        <Spinner label={t('common.loading')} />
      </div>
    </Dialog>
  );
  return (
    <Suspense fallback={fallback}>
      <Component key={openModal} onClose={close} />
    </Suspense>
  );
}
