import './profile-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useTranslation } from 'react-i18next';
import { BalanceBox } from '@/components/ui/balance-box';
import { Dialog } from '@/components/ui/dialog';
import { DepositIcon, WithdrawIcon } from '@/components/ui/icons';
import { useMainBalance } from '@/lib/balance';
import { bankDisplayName } from '@/lib/banks';
import { useAuthStore } from '@/stores/auth-store';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

/** Spec §2 profile: balance, full name, username, phone, bank name and number; shortcuts to deposit and withdraw. */
export function ProfileModal({ onClose }: ModalProps) {
  const { t, i18n } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const balance = useMainBalance();
  const openModal = useModalStore((state) => state.open);

  const rows: [label: string, value: string][] = [
    [t('profile.fullName'), user?.fullName ?? ''],
    [t('profile.username'), user?.username ?? ''],
    [t('profile.phone'), user?.phoneNumber ?? ''],
    [t('profile.bankName'), user ? bankDisplayName(user.bankCode, user.bankName, i18n.language) : ''],
    [t('profile.bankNumber'), user?.bankNumber ?? ''],
  ];

  return (
    <Dialog title={t('modals.profile')} onClose={onClose}>
      <div className="dialog__body profile">
        <BalanceBox label={t('profile.balance')} amount={formatBahtWithSymbol(balance)} testId="profile-balance" />
        <dl className="profile__rows">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || '-'}</dd>
            </div>
          ))}
        </dl>
        <div className="profile__shortcuts">
          <button type="button" className="button button--gold" onClick={() => openModal('deposit')}>
            <DepositIcon />
            {t('footer.deposit')}
          </button>
          <button type="button" className="button button--outline" onClick={() => openModal('withdraw')}>
            <WithdrawIcon />
            {t('footer.withdraw')}
          </button>
        </div>
        <button
          type="button"
          className="button button--ghost button--block profile__play-safe"
          onClick={() => openModal('protection')}
        >
          {t('profile.playSafe')}
        </button>
      </div>
      <div className="dialog__footer">
        <button type="button" className="button button--ghost button--block" onClick={onClose}>
          {t('common.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
