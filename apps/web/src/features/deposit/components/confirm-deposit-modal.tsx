import './confirm-deposit-modal.css';
import type { SlipDepositResponse } from '@app/contracts/deposits';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { MessageDialog } from '@/components/ui/message-dialog';
import { SlipField } from '@/features/deposit/components/slip-field';
import { useConfirmDepositForm } from '@/features/deposit/hooks/use-confirm-deposit-form';
import { depositMinimumText, digitsOnly } from '@/features/deposit/utils/deposit-rules';
import { fieldErrorText } from '@/lib/form-errors';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

function successText(t: ReturnType<typeof useTranslation>['t'], response: SlipDepositResponse) {
  const amount = formatBahtWithSymbol(response.data.entry.amount);
  switch (response.data.result) {
    case 'CREDITED':
      return { title: t('deposit.creditedTitle'), body: t('deposit.creditedBody', { amount }) };
    case 'ALREADY_CREDITED':
      return { title: t('deposit.creditedTitle'), body: t('deposit.alreadyCreditedBody') };
    default:
      return { title: t('deposit.waitingTitle'), body: t('deposit.waitingBody', { amount }) };
  }
}

/**
 * Spec §2 confirm-deposit modal, with this flow instead of §4's "does not
 * call the server": the amount and the slip go to POST /api/player/deposit,
 * and the success modal appears only once the server accepted them; its text
 * says whether the money is in already or waits for verification.
 */
export function ConfirmDepositModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);
  const amountId = useId();
  const deposit = useConfirmDepositForm();
  const { form, failure, submitDeposit, depositMinSatang } = deposit;
  const errors = form.formState.errors;

  if (submitDeposit.isSuccess) {
    const { title, body } = successText(t, submitDeposit.data);
    return (
      <MessageDialog title={title} tone="success" onClose={onClose}>
        {body}
      </MessageDialog>
    );
  }

  const amountField = form.register('amount');
  const amountError =
    errors.amount?.message === 'deposit.amountBelowMinimum'
      ? t('deposit.amountBelowMinimum', { amount: depositMinimumText(depositMinSatang) })
      : fieldErrorText(errors.amount);

  return (
    <Dialog title={t('modals.confirmDeposit')} onClose={onClose}>
      <form onSubmit={deposit.onSubmit} noValidate>
        <div className="dialog__body confirm-deposit">
          <FormField id={amountId} label={t('deposit.amountLabel')} error={amountError}>
            <input
              id={amountId}
              {...amountField}
              onChange={(event) => {
                // Digits only (spec §2, §5): whatever else is typed or pasted never shows.
                event.target.value = digitsOnly(event.target.value);
                return amountField.onChange(event);
              }}
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete="off"
              placeholder={t('deposit.amountPlaceholder')}
              aria-invalid={errors.amount ? true : undefined}
              aria-describedby={errors.amount ? `${amountId}-error` : undefined}
            />
          </FormField>

          <SlipField deposit={deposit} />

          <p className="confirm-deposit__note">{t('deposit.autoVerifyNote')}</p>

          {failure && <FormAlert title={t('deposit.failed')}>{failure.message}</FormAlert>}
        </div>
        <div className="dialog__footer dialog__footer--stack">
          <button type="submit" className="button button--gold button--block" disabled={submitDeposit.isPending}>
            {submitDeposit.isPending ? t('deposit.submitting') : t('deposit.submit')}
          </button>
          <button type="button" className="button button--ghost button--block" onClick={() => openModal('deposit')}>
            {t('deposit.back')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
