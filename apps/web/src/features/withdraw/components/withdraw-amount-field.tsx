import { WITHDRAW_QUICK_AMOUNTS_BAHT } from '@app/contracts/limits';
import { formatBahtWithSymbol, SATANG_PER_BAHT, satangToBaht } from '@app/contracts/money';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import type { useWithdrawForm } from '@/features/withdraw/hooks/use-withdraw-form';
import { formatLimitBaht, satangToAmountText } from '@/features/withdraw/utils/withdraw-amount';

type WithdrawAmountFieldProps = { form: ReturnType<typeof useWithdrawForm> };

/** The amount, withdraw-all, the note when it was lowered to the balance, and the quick amounts of spec §5. */
export function WithdrawAmountField({ form }: WithdrawAmountFieldProps) {
  const { t } = useTranslation();
  const amountId = useId();
  const { balanceSatang, amountSatang, fieldError, changeAmount } = form;
  return (
    <>
      <FormField id={amountId} label={t('withdraw.amountLabel')} error={fieldError}>
        <div className="withdraw__amount">
          <input
            id={amountId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('withdraw.amountPlaceholder')}
            value={form.amountText}
            onChange={(event) => changeAmount(event.target.value)}
            aria-invalid={form.invalidText || form.amountError ? true : undefined}
            aria-describedby={fieldError ? `${amountId}-error` : undefined}
          />
          <button type="button" className="button button--outline button--small" onClick={form.withdrawAll}>
            {t('withdraw.withdrawAll')}
          </button>
        </div>
      </FormField>
      {form.capped && (
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
    </>
  );
}
