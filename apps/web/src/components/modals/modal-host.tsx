import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { useAuthStore } from '@/stores/auth-store';
import { type ModalName, useModalStore } from '@/stores/modal-store';

const MODAL_TITLE_KEYS: Record<ModalName, ParseKeys> = {
  profile: 'modals.profile',
  deposit: 'modals.deposit',
  withdraw: 'modals.withdraw',
  history: 'modals.history',
  'change-pass': 'modals.changePass',
  reward: 'modals.reward',
  'play-game': 'modals.playGame',
  'confirm-deposit': 'modals.confirmDeposit',
};

/**
 * Shows the one open modal of spec §2, and only to a signed-in player: a dialog
 * with the modal's title and a close button. The modals' own contents (money
 * operations, history, rewards) are built with their features.
 */
export function ModalHost() {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.openModal);
  const close = useModalStore((state) => state.close);
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);

  if (!openModal || !isAuthenticated) return null;
  return (
    <Dialog title={t(MODAL_TITLE_KEYS[openModal])} onClose={close} className={`modal-${openModal}`}>
      <div className="dialog__footer">
        <button type="button" className="button button--ghost" onClick={close}>
          {t('common.close')}
        </button>
      </div>
    </Dialog>
  );
}
