import { LIMIT_PERIODS, type LimitKind, type LimitPeriod, type LimitView } from '@app/contracts/protection';
import { amountBahtSchema } from '@app/contracts/wallet';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '@/components/ui/form-alert';
import { useSetLimit } from '@/features/protection/api/protection';
import { LimitRow } from '@/features/protection/components/limit-row';
import { PROTECTION_NS } from '@/features/protection/i18n';
import { errorText } from '@/lib/error-text';
import { fieldErrorText } from '@/lib/form-errors';

/** A deposit or loss limit: the ones in force, and a form to set one for a period. */
export function LimitForm({ kind, limits }: { kind: LimitKind; limits: readonly LimitView[] }) {
  const { t } = useTranslation(PROTECTION_NS);
  const periodId = useId();
  const amountId = useId();
  const titleId = useId();
  const setLimit = useSetLimit();
  const [period, setPeriod] = useState<LimitPeriod>('DAY');
  const [amount, setAmount] = useState('');
  /** Why the typed amount is refused (a message key of the shared schema), or null. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const invalid = refusal !== null;
  const [message, setMessage] = useState<string | null>(null);
  const mine = limits.filter((limit) => limit.kind === kind);
  const prefix = kind === 'DEPOSIT' ? 'deposit' : 'loss';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The server's own rule (amountBahtSchema), so the form refuses what the server would, for the same reason:
    // a huge amount is too large (with the maximum), not "more than 2 decimals".
    const typed = amount.trim();
    const parsed = amountBahtSchema.safeParse(typed === '' ? Number.NaN : Number(typed));
    if (!parsed.success) {
      setRefusal(parsed.error.issues[0]?.message ?? 'amount_invalid');
      return;
    }
    const baht = parsed.data;
    setRefusal(null);
    setMessage(null);
    setLimit.mutate(
      { kind, period, amount: baht },
      {
        onSuccess: (response) => {
          setMessage(response.message);
          setAmount('');
        },
      },
    );
  }

  return (
    <section className="protection__card" aria-labelledby={titleId}>
      <h3 id={titleId}>{t(`limits.${prefix}`)}</h3>
      <p className="protection__hint">{t(`limits.${prefix}Hint`)}</p>
      {mine.length > 0 && (
        <ul className="protection__limits">
          {mine.map((limit) => (
            <LimitRow key={limit.period} limit={limit} />
          ))}
        </ul>
      )}
      <form className="protection__form" onSubmit={onSubmit} noValidate>
        <div className="field">
          <label htmlFor={periodId}>{t('limits.periodLabel')}</label>
          <select id={periodId} value={period} onChange={(event) => setPeriod(event.target.value as LimitPeriod)}>
            {LIMIT_PERIODS.map((value) => (
              <option key={value} value={value}>
                {t(`limits.period.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={amountId}>{t('limits.amountLabel')}</label>
          <input
            id={amountId}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value.replace(/[^\d.]/g, ''))}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? `${amountId}-error` : undefined}
          />
          {invalid && (
            <p id={`${amountId}-error`} className="field-error">
              {refusal === 'amount_invalid' ? t('limits.amountInvalid') : fieldErrorText({ message: refusal ?? '' })}
            </p>
          )}
        </div>
        <button type="submit" className="button button--gold" disabled={setLimit.isPending}>
          {t('limits.save')}
        </button>
      </form>
      {message && (
        <p className="protection__saved" role="status">
          {message}
        </p>
      )}
      {setLimit.isError && <FormAlert>{errorText(setLimit.error, t('saveFailed'))}</FormAlert>}
    </section>
  );
}
