import './withdraw-modal.css';
import { WITHDRAW_PROCESSING_MINUTES } from '@app/contracts/limits';
import { formatBahtWithSymbol, satangToBaht } from '@app/contracts/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceBox } from '@/components/ui/balance-box';
import { BankCard } from '@/components/ui/bank-card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { AcceptedDialog } from '@/features/withdraw/components/accepted-dialog';
import { WithdrawAmountField } from '@/features/withdraw/components/withdraw-amount-field';
import { useWithdrawForm } from '@/features/withdraw/hooks/use-withdraw-form';
import { useAutoPay } from '@/lib/money-settings';
import { useAuthStore } from '@/stores/auth-store';
import type { ModalProps } from '@/stores/modal-store';

/**
 * Spec §2 withdraw modal with the rules of §5 and the flow of §4.
 *
 * The amount is a plain controlled input, not useZodForm: every keystroke is
 * rewritten (sanitised, capped to the balance) and its errors show while the
 * player types, before any submit, which is the opposite of that hook's
 * errors-after-submit pattern. The rules live in utils/withdraw-amount.ts.
 *
 * On success the in-progress dialog opens over this one (which keeps the
 * success line and the cleared amount); closing it closes both. The modal host
 * unmounts this component on close, so it opens empty each time.
 *
 * `promotion` is the player's active claim and its turnover, shown above the
 * amount (composed by the app).
 */
export function WithdrawModal({ onClose, promotion }: ModalProps & { promotion?: ReactNode }) {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const autoPay = useAutoPay();
  const form = useWithdrawForm();
  const { accepted, failure, successMessage, minimumBaht } = form;

  return (
    <>
      <Dialog title={t('modals.withdraw')} onClose={onClose}>
        <form onSubmit={form.onSubmit} noValidate>
          <div className="dialog__body withdraw">
            <BalanceBox
              label={t('withdraw.balance')}
              amount={formatBahtWithSymbol(satangToBaht(form.balanceSatang))}
              testId="withdraw-balance"
            />

            {user && (
              <BankCard
                label={t('withdraw.destination')}
                bankCode={user.bankCode}
                bankName={user.bankName}
                bankNumber={user.bankNumber}
                holder={user.fullName}
              />
            )}

            {promotion}

            <WithdrawAmountField form={form} />

            {failure !== null && <FormAlert title={t('withdraw.failed')}>{failure}</FormAlert>}
            {successMessage && (
              <p className="withdraw__success" role="status">
                {successMessage}
              </p>
            )}

            <ul className="withdraw__notes">
              <li>{t('withdraw.minimumNote', { amount: minimumBaht })}</li>
              <li>{t('withdraw.processingNote', { minutes: WITHDRAW_PROCESSING_MINUTES })}</li>
              {autoPay && (
                <li data-testid="auto-pay-note">
                  {autoPay.upToSatang === null
                    ? t('withdraw.autoNoteAny')
                    : t('withdraw.autoNote', { amount: formatBahtWithSymbol(satangToBaht(autoPay.upToSatang)) })}
                </li>
              )}
            </ul>
          </div>
          <div className="dialog__footer">
            <button type="submit" className="button button--gold button--block" disabled={!form.canSubmit}>
              {form.isPending ? t('withdraw.submitting') : t('withdraw.submit')}
            </button>
          </div>
        </form>
      </Dialog>

      {accepted !== null && <AcceptedDialog baht={accepted.baht} route={accepted.route} onClose={onClose} />}
    </>
  );
}
