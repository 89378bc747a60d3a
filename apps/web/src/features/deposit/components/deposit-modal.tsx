import './deposit-modal.css';
import { formatBahtWithSymbol } from '@app/contracts/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceBox } from '@/components/ui/balance-box';
import { BankCard } from '@/components/ui/bank-card';
import { Dialog } from '@/components/ui/dialog';
import { HouseAccounts } from '@/features/deposit/components/house-accounts';
import { PromptPayQr } from '@/features/deposit/components/promptpay-qr';
import { depositMinimumText } from '@/features/deposit/utils/deposit-rules';
import { useMainBalance } from '@/lib/balance';
import { usePlayerLimits } from '@/lib/money-settings';
import { useAuthStore } from '@/stores/auth-store';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

/**
 * Spec §2 deposit modal: the balance, the promotion for this deposit ("No
 * bonus" by default), the house account(s) to transfer to (from
 * `user.accounts`) with a copy button, a PromptPay QR when the house account
 * takes PromptPay (beyond the spec), the player's own account the transfer must
 * come from, and the notes of §9 (minimum, no fee, same account). The last
 * button replaces this modal with the confirm-deposit one.
 *
 * A break or a deposit limit used up closes deposits: a transfer then would be
 * held, not credited. The screen says so first (`closedNotice`, composed by
 * the app with the promotion picker), and shows no account to pay into, no QR
 * and no confirm button.
 */
export function DepositModal({
  onClose,
  closedNotice,
  promotionPicker,
}: ModalProps & { closedNotice?: ReactNode; promotionPicker?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const balance = useMainBalance();
  const openModal = useModalStore((state) => state.open);
  const { depositMinSatang } = usePlayerLimits();
  const accounts = user?.accounts ?? [];
  const promptpayId = accounts.find((account) => account.promptpayId)?.promptpayId;
  const balanceBox = (
    <BalanceBox label={t('deposit.balance')} amount={formatBahtWithSymbol(balance)} testId="deposit-balance" />
  );

  if (closedNotice) {
    return (
      <Dialog title={t('modals.deposit')} onClose={onClose}>
        <div className="dialog__body deposit">
          {closedNotice}
          {balanceBox}
        </div>
        <div className="dialog__footer dialog__footer--stack">
          <button type="button" className="button button--ghost button--block" onClick={onClose}>
            {t('common.close')}
          </button>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('modals.deposit')} onClose={onClose}>
      <div className="dialog__body deposit">
        {balanceBox}
        {promotionPicker}
        <HouseAccounts accounts={accounts} />
        {promptpayId && <PromptPayQr promptpayId={promptpayId} />}
        {user && (
          <BankCard
            label={t('deposit.fromAccount')}
            bankCode={user.bankCode}
            bankName={user.bankName}
            bankNumber={user.bankNumber}
            holder={user.fullName}
          />
        )}
        <ul className="deposit__notes" aria-label={t('deposit.notesLabel')}>
          <li>{t('deposit.minimumNote', { amount: depositMinimumText(depositMinSatang) })}</li>
          <li>{t('deposit.noFeeNote')}</li>
          <li>{t('deposit.sameAccountRule')}</li>
        </ul>
      </div>
      <div className="dialog__footer dialog__footer--stack">
        <button
          type="button"
          className="button button--gold button--block"
          onClick={() => openModal('confirm-deposit')}
        >
          {t('deposit.toConfirm')}
        </button>
      </div>
    </Dialog>
  );
}
