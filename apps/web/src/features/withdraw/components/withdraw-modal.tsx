import './withdraw-modal.css';
import { WITHDRAW_PROCESSING_MINUTES, WITHDRAW_QUICK_AMOUNTS_BAHT } from '@app/contracts/limits';
import { formatBahtWithSymbol, SATANG_PER_BAHT, satangToBaht } from '@app/contracts/money';
import type { WithdrawResponse } from '@app/contracts/wallet';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PromotionProgress } from '@/components/promotions/promotion-progress';
import { BalanceBox } from '@/components/ui/balance-box';
import { BankCard } from '@/components/ui/bank-card';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { MessageDialog } from '@/components/ui/message-dialog';
import { useWithdraw } from '@/features/withdraw/api/withdraw';
import {
  amountTextToSatang,
  balanceToSatang,
  capAmountText,
  formatLimitBaht,
  readAmountInput,
  satangToAmountText,
  withdrawAmountError,
} from '@/features/withdraw/utils/withdraw-amount';
import { ApiError } from '@/lib/api-client';
import { useMainBalance } from '@/lib/balance';
import { useAutoPay, usePlayerLimits } from '@/lib/money-settings';
import { useCurrentPromotion } from '@/lib/promotions';
import { useAuthStore } from '@/stores/auth-store';
import type { ModalProps } from '@/stores/modal-store';

/** The detail under "Withdraw failed": insufficient balance for its code, else the server's words ('' for none). */
function failureDetail(error: unknown, insufficient: string): string {
  if (!(error instanceof ApiError)) return '';
  return error.errorCode === 'AG_INSUFFICIENT_AMOUNT' ? insufficient : error.serverMessage;
}

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
 */
export function WithdrawModal({ onClose }: ModalProps) {
  const { t } = useTranslation();
  const amountId = useId();
  const user = useAuthStore((state) => state.user);
  const balanceSatang = balanceToSatang(useMainBalance());
  const withdraw = useWithdraw();
  const promotion = useCurrentPromotion();
  const limits = usePlayerLimits();
  const autoPay = useAutoPay();
  const minimumBaht = formatLimitBaht(satangToBaht(limits.withdrawMinSatang));
  const limitBaht = formatLimitBaht(satangToBaht(limits.withdrawLimitSatang));

  const [amountText, setAmountText] = useState('');
  /** What was typed is not an amount (letters, a sign, a comma, a third decimal): kept as typed, with an error. */
  const [invalidText, setInvalidText] = useState(false);
  /** The amount typed was over the balance and was lowered to it (spec §5), which the field says. */
  const [capped, setCapped] = useState(false);
  /** Withdraw-all was pressed with a balance under the minimum. */
  const [balanceTooLow, setBalanceTooLow] = useState(false);
  /** The last failure's detail line; '' when the generic title says it all. */
  const [failure, setFailure] = useState<string | null>(null);
  const [successMessage, setSuccessMessage] = useState<string | null>(null);
  /** The withdrawal just accepted and how it goes (the server's payout route): the in-progress dialog is open while set. */
  const [accepted, setAccepted] = useState<{ baht: number; route: WithdrawResponse['payout'] } | null>(null);
  /**
   * Set in the same tick as the send: the mutation's own pending flag reaches
   * this component a render later, so a fast double tap would slip past it.
   */
  const sending = useRef(false);

  const amountSatang = invalidText ? undefined : amountTextToSatang(amountText);
  const amountError = withdrawAmountError(amountSatang, balanceSatang, limits);
  const canSubmit =
    !withdraw.isPending &&
    amountError === null &&
    amountSatang !== undefined &&
    amountSatang >= limits.withdrawMinSatang &&
    balanceSatang >= limits.withdrawMinSatang;

  /** Spec §5: digits and one decimal point, capped to the balance; never a silent change to another number. */
  function changeAmount(raw: string) {
    const { text, valid } = readAmountInput(raw);
    const shown = valid ? capAmountText(text, balanceSatang) : text;
    setAmountText(shown);
    setInvalidText(!valid);
    setCapped(valid && shown !== text);
    setBalanceTooLow(false);
    setSuccessMessage(null);
  }

  function withdrawAll() {
    if (balanceSatang >= limits.withdrawMinSatang) {
      changeAmount(satangToAmountText(balanceSatang));
    } else {
      setBalanceTooLow(true);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.current || !canSubmit || amountSatang === undefined) return;
    sending.current = true;
    setFailure(null);
    setSuccessMessage(null);
    withdraw.mutate(
      { amount: satangToBaht(amountSatang) },
      {
        onSuccess: (response) => {
          setSuccessMessage(response.message || t('withdraw.success'));
          setAmountText('');
          setAccepted({ baht: response.data.amount, route: response.payout });
        },
        onError: (error) => setFailure(failureDetail(error, t('withdraw.insufficient'))),
        onSettled: () => {
          sending.current = false;
        },
      },
    );
  }

  const amountErrorText = {
    belowMinimum: t('withdraw.belowMinimum', { amount: minimumBaht }),
    insufficient: t('withdraw.insufficient'),
    aboveLimit: t('withdraw.aboveLimit', { amount: limitBaht }),
  };
  const fieldError = invalidText
    ? t('withdraw.invalidAmount')
    : amountError
      ? amountErrorText[amountError]
      : balanceTooLow
        ? t('withdraw.balanceTooLow', { amount: minimumBaht })
        : undefined;

  return (
    <>
      <Dialog title={t('modals.withdraw')} onClose={onClose}>
        <form onSubmit={onSubmit} noValidate>
          <div className="dialog__body withdraw">
            <BalanceBox
              label={t('withdraw.balance')}
              amount={formatBahtWithSymbol(satangToBaht(balanceSatang))}
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

            {promotion?.status === 'ACTIVE' && <PromotionProgress claim={promotion} />}

            <FormField id={amountId} label={t('withdraw.amountLabel')} error={fieldError}>
              <div className="withdraw__amount">
                <input
                  id={amountId}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('withdraw.amountPlaceholder')}
                  value={amountText}
                  onChange={(event) => changeAmount(event.target.value)}
                  aria-invalid={invalidText || amountError ? true : undefined}
                  aria-describedby={fieldError ? `${amountId}-error` : undefined}
                />
                <button type="button" className="button button--outline button--small" onClick={withdrawAll}>
                  {t('withdraw.withdrawAll')}
                </button>
              </div>
            </FormField>
            {capped && (
              <p className="withdraw__capped" role="status">
                {t('withdraw.cappedToBalance', { amount: formatBahtWithSymbol(satangToBaht(balanceSatang)) })}
              </p>
            )}

            <fieldset className="withdraw__quick">
              <legend className="visually-hidden">{t('withdraw.quickAmounts')}</legend>
              {WITHDRAW_QUICK_AMOUNTS_BAHT.map((amount) => {
                const quickSatang = amount * SATANG_PER_BAHT;
                return (
                  <button
                    key={amount}
                    type="button"
                    className={`withdraw__chip${quickSatang === amountSatang ? ' is-selected' : ''}`}
                    disabled={quickSatang > balanceSatang}
                    onClick={() => changeAmount(satangToAmountText(quickSatang))}
                  >
                    ฿{formatLimitBaht(amount)}
                  </button>
                );
              })}
            </fieldset>

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
            <button type="submit" className="button button--gold button--block" disabled={!canSubmit}>
              {withdraw.isPending ? t('withdraw.submitting') : t('withdraw.submit')}
            </button>
          </div>
        </form>
      </Dialog>

      {accepted !== null && <AcceptedDialog baht={accepted.baht} route={accepted.route} onClose={onClose} />}
    </>
  );
}

/**
 * What happens next to the withdrawal just accepted, as the server decided it:
 * AUTO, paid to the bank now; REVIEW, an operator checks it first, whether or
 * not automatic payouts are on (with them off every withdrawal waits for
 * review, and "on its way to your bank" would not be true); no route (a
 * replayed answer from before the rules), the spec's in-progress words.
 */
function AcceptedDialog({
  baht,
  route,
  onClose,
}: {
  baht: number;
  route: WithdrawResponse['payout'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const amount = formatBahtWithSymbol(baht);
  const body = {
    AUTO: t('withdraw.autoBody', { amount }),
    REVIEW: t('withdraw.reviewBody', { amount, minutes: WITHDRAW_PROCESSING_MINUTES }),
    none: t('withdraw.inProgressBody', { amount, minutes: WITHDRAW_PROCESSING_MINUTES }),
  }[route ?? 'none'];
  return (
    <MessageDialog
      title={route === 'AUTO' ? t('withdraw.autoTitle') : t('withdraw.inProgressTitle')}
      tone="success"
      onClose={onClose}
    >
      {body}
    </MessageDialog>
  );
}
