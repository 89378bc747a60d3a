import type { creditAdjustmentRequestSchema } from '@app/contracts/wallet';
import { useId } from 'react';
import { type UseFormReturn, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckField } from '@/components/ui/check-field';
import { FormField } from '@/components/ui/form-field';
import { fieldErrorText } from '@/lib/form-errors';

/**
 * What the operator typed, as a number the contract's schema can judge:
 * grouping commas and a ฿ are tolerated, anything that is not a plain decimal
 * (hex, exponents, words) becomes NaN and is refused with the contract's message.
 */
function parseAmount(raw: unknown): number | undefined {
  const text = String(raw ?? '')
    .replace(/[,\s฿]/g, '')
    .trim();
  if (text === '') return undefined;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
}

/** The adjustment's amount and reason, and for a credit whether it counts as a deposit. */
export function AdjustFields({
  form,
  credit,
}: {
  form: UseFormReturn<
    z.input<typeof creditAdjustmentRequestSchema>,
    unknown,
    z.output<typeof creditAdjustmentRequestSchema>
  >;
  credit: boolean;
}) {
  const { t } = useTranslation();
  const ids = { amount: useId(), reason: useId(), asDeposit: useId() };
  const { errors } = useFormState({ control: form.control });
  return (
    <>
      <FormField
        id={ids.amount}
        label={t('players.amount')}
        hint={t('players.amountHint')}
        error={fieldErrorText(errors.amount)}
      >
        <input
          id={ids.amount}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={errors.amount ? true : undefined}
          aria-describedby={errors.amount ? `${ids.amount}-error` : undefined}
          {...form.register('amount', { setValueAs: parseAmount })}
        />
      </FormField>
      <FormField id={ids.reason} label={t('common.reason')} error={fieldErrorText(errors.reason)}>
        <textarea
          id={ids.reason}
          maxLength={500}
          required
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${ids.reason}-error` : undefined}
          {...form.register('reason')}
        />
      </FormField>
      {credit && (
        <CheckField id={ids.asDeposit} label={t('players.asDepositLabel')} hint={t('players.asDepositHint')}>
          <input
            id={ids.asDeposit}
            type="checkbox"
            aria-describedby={`${ids.asDeposit}-hint`}
            {...form.register('asDeposit')}
          />
        </CheckField>
      )}
    </>
  );
}
