import { satangToBaht } from '@app/contracts/money';
import type { WithdrawResponse } from '@app/contracts/wallet';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { usePlayerLimits } from '@/lib/money-settings';

/** The detail under "Withdraw failed": insufficient balance for its code, else the server's words ('' for none). */
function failureDetail(error: unknown, insufficient: string): string {
  if (!(error instanceof ApiError)) return '';
  return error.errorCode === 'AG_INSUFFICIENT_AMOUNT' ? insufficient : error.serverMessage;
}

/**
 * The withdraw form's state and rules (spec §5, the flow of §4): the amount as typed, its error, and the send.
 * Every keystroke is rewritten (sanitised, capped to the balance) and its errors show while the player types.
 */
export function useWithdrawForm() {
  const { t } = useTranslation();
  const balanceSatang = balanceToSatang(useMainBalance());
  const withdraw = useWithdraw();
  const limits = usePlayerLimits();
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

  return {
    balanceSatang,
    minimumBaht,
    amountText,
    amountSatang,
    invalidText,
    amountError,
    capped,
    fieldError,
    failure,
    successMessage,
    accepted,
    canSubmit,
    isPending: withdraw.isPending,
    changeAmount,
    withdrawAll,
    onSubmit,
  };
}
