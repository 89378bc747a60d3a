import './confirm-deposit-modal.css';
import type { SlipDepositResponse } from '@app/contracts/deposits';
import { formatBahtWithSymbol } from '@app/contracts/money';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { type ChangeEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { CloseIcon } from '@/components/ui/icons';
import { MessageDialog } from '@/components/ui/message-dialog';
import { useSubmitDeposit } from '@/features/deposit/api/submit-deposit';
import {
  depositMinimumText,
  digitsOnly,
  SLIP_IMAGE_MB_MAX,
  slipAmountSchema,
  slipProblem,
} from '@/features/deposit/utils/deposit-rules';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { newIdempotencyKey } from '@/lib/idempotency';
import { usePlayerLimits } from '@/lib/money-settings';
import { type ModalProps, useModalStore } from '@/stores/modal-store';

/**
 * Spec §5 confirm-deposit: a positive amount of whole baht, and a slip. The
 * slip's type and size are checked when it is chosen (a wrong file is never
 * kept), so here it only has to be there.
 */
const confirmDepositFormSchema = (minSatang: number) =>
  z.object({
    amount: slipAmountSchema(minSatang),
    slip: z
      .custom<File | null>((value) => value instanceof File, { error: 'deposit.slipRequired' })
      .transform((value) => value as File),
  });

/** The accept list of the file input: the types and the extensions (some pickers filter by one, some by the other). */
const SLIP_ACCEPT = 'image/jpeg,image/png,.jpg,.jpeg,.png';

/** A request that may be resent as is: the same amount, the same file, the same key. */
type Attempt = { amount: string; slip: File; key: string };

/**
 * A failure after which the server may or may not have recorded the deposit:
 * no answer at all, or a gateway's 5xx. A retry of the same amount and slip
 * then keeps the Idempotency-Key, so the server records the deposit once.
 */
function answerMayBeLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

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
 * Spec §2 confirm-deposit modal, with a server round trip instead of §4's "does not
 * call the server": the amount and the slip go to POST /api/player/deposit,
 * and the success modal appears only once the server accepted them; its text
 * says whether the money is in already or waits for verification.
 */
export function ConfirmDepositModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const openModal = useModalStore((state) => state.open);
  const submitDeposit = useSubmitDeposit();
  const ids = { amount: useId(), slip: useId() };
  const slipInput = useRef<HTMLInputElement>(null);
  const lastAttempt = useRef<Attempt | null>(null);
  const { depositMinSatang } = usePlayerLimits();
  const schema = useMemo(() => confirmDepositFormSchema(depositMinSatang), [depositMinSatang]);
  const form = useZodForm(schema, { defaultValues: { amount: '', slip: null } });
  const errors = form.formState.errors;
  const slip = useWatch({ control: form.control, name: 'slip' });
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  /** The last failure: the server's message, or '' when it gave none (then the generic title says it all). */
  const [failure, setFailure] = useState<{ message: string } | null>(null);

  // One object URL per chosen slip, revoked when the slip is replaced or removed, or the modal closes.
  useEffect(() => {
    if (!slip) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(slip);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [slip]);

  function idempotencyKeyFor(amount: string, file: File): string {
    const last = lastAttempt.current;
    if (last && last.amount === amount && last.slip === file) return last.key;
    const key = newIdempotencyKey();
    lastAttempt.current = { amount, slip: file, key };
    return key;
  }

  function chooseSlip(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = slipProblem(file);
    if (problem) {
      // A wrong file is not kept: the input is emptied so that choosing it again still reports it.
      event.target.value = '';
      form.setValue('slip', null);
      form.setError('slip', { message: problem });
      return;
    }
    form.setValue('slip', file, { shouldValidate: form.formState.isSubmitted });
    form.clearErrors('slip');
  }

  function removeSlip() {
    form.setValue('slip', null, { shouldValidate: form.formState.isSubmitted });
    if (slipInput.current) slipInput.current.value = '';
    slipInput.current?.focus();
  }

  const onSubmit = form.handleSubmit(({ amount: typed, slip: file }) => {
    if (submitDeposit.isPending) return;
    setFailure(null);
    // "007" is 7 baht; the server reads the text as typed.
    const amount = String(Number(typed));
    submitDeposit.mutate(
      { amount, slip: file, idempotencyKey: idempotencyKeyFor(amount, file) },
      {
        onError: (error) => {
          if (!answerMayBeLost(error)) lastAttempt.current = null;
          setFailure({ message: error instanceof ApiError ? error.serverMessage : '' });
        },
      },
    );
  });

  if (submitDeposit.isSuccess) {
    const { title, body } = successText(t, submitDeposit.data);
    return (
      <MessageDialog title={title} tone="success" onClose={onClose}>
        {body}
      </MessageDialog>
    );
  }

  const amountField = form.register('amount');
  const slipError =
    errors.slip?.message === 'deposit.slipTooLarge'
      ? t('deposit.slipTooLarge', { mb: SLIP_IMAGE_MB_MAX })
      : fieldErrorText(errors.slip);
  const amountError =
    errors.amount?.message === 'deposit.amountBelowMinimum'
      ? t('deposit.amountBelowMinimum', { amount: depositMinimumText(depositMinSatang) })
      : fieldErrorText(errors.amount);

  return (
    <Dialog title={t('modals.confirmDeposit')} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <div className="dialog__body confirm-deposit">
          <FormField id={ids.amount} label={t('deposit.amountLabel')} error={amountError}>
            <input
              id={ids.amount}
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
              aria-describedby={errors.amount ? `${ids.amount}-error` : undefined}
            />
          </FormField>

          <FormField id={ids.slip} label={t('deposit.slipLabel')} error={slipError}>
            <input
              ref={slipInput}
              id={ids.slip}
              className="visually-hidden"
              type="file"
              accept={SLIP_ACCEPT}
              onChange={chooseSlip}
              aria-invalid={errors.slip ? true : undefined}
              aria-describedby={[`${ids.slip}-hint`, errors.slip ? `${ids.slip}-error` : ''].filter(Boolean).join(' ')}
            />
            {slip && previewUrl ? (
              <div className="slip-preview">
                <img className="slip-preview__image" src={previewUrl} alt={t('deposit.slipPreview')} />
                <div className="slip-preview__bar">
                  <span className="slip-preview__name">{slip.name}</span>
                  <button type="button" className="button button--ghost button--small" onClick={removeSlip}>
                    <CloseIcon />
                    {t('deposit.slipRemove')}
                  </button>
                </div>
              </div>
            ) : (
              <label
                htmlFor={ids.slip}
                className={`slip-picker${errors.slip ? ' is-invalid' : ''}`}
                data-testid="slip-picker"
              >
                <span className="slip-picker__title">{t('deposit.slipChoose')}</span>
              </label>
            )}
            <span id={`${ids.slip}-hint`} className="confirm-deposit__hint">
              {t('deposit.slipTypes', { mb: SLIP_IMAGE_MB_MAX })}
            </span>
          </FormField>

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
