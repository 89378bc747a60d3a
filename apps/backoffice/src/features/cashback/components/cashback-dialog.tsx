import type { AdminCashbackSchedule } from '@app/contracts/cashback';
import { CASHBACK_BASES, CASHBACK_PERIODS } from '@app/contracts/cashback';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FormFooter } from '@/components/ui/form-footer';
import { NamesFieldset } from '@/components/ui/names-fieldset';
import { useSaveCashbackSchedule } from '@/features/cashback/api/cashback';
import { type CashbackDraft, draftOf, fieldRule, requestOf } from '@/features/cashback/components/cashback-draft';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';

type TextKey = 'ratePercent' | 'min' | 'max' | 'turnoverMultiplier' | 'maxWithdraw';
type ChoiceKey = 'period' | 'base' | 'status';

/** The schema's name of each typed field, for its error. */
const SCHEMA_KEY: Record<TextKey, string> = {
  ratePercent: 'rateBp',
  min: 'minSatang',
  max: 'maxSatang',
  turnoverMultiplier: 'turnoverMultiplier',
  maxWithdraw: 'maxWithdrawSatang',
};

/**
 * The form of a cashback schedule, new (null) or as it is: the period and
 * base, the rate, the payout's bounds, its turnover and withdrawal cap, the
 * names players read in six languages (Thai required) and the status. Checked
 * by the contract's schema on save; each refused field says what it allows.
 */
export function CashbackDialog({
  schedule,
  onClose,
  onSaved,
}: {
  schedule: AdminCashbackSchedule | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const id = useId();
  const save = useSaveCashbackSchedule();
  const [draft, setDraft] = useState<CashbackDraft>(() => draftOf(schedule));
  const [invalid, setInvalid] = useState<string[]>([]);
  const set = <K extends keyof CashbackDraft>(key: K, value: CashbackDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const result = requestOf(draft);
    if (!result.ok) {
      setInvalid(result.fields);
      return;
    }
    setInvalid([]);
    save.mutate(schedule ? { id: schedule.id, schedule: result.value } : { schedule: result.value }, {
      onSuccess: onSaved,
    });
  }

  const error = (key: string) => (invalid.includes(key) ? fieldRule(t, key) : undefined);
  const text = (key: TextKey, label: string, hint?: string) => (
    <FormField id={`${id}-${key}`} label={label} error={error(SCHEMA_KEY[key])} hint={hint}>
      <input
        id={`${id}-${key}`}
        inputMode="decimal"
        value={draft[key]}
        onChange={(event) => set(key, event.target.value)}
        aria-invalid={error(SCHEMA_KEY[key]) ? true : undefined}
      />
    </FormField>
  );
  const choice = (key: ChoiceKey, label: string, options: readonly (readonly [string, string])[]) => (
    <FormField id={`${id}-${key}`} label={label}>
      <select
        id={`${id}-${key}`}
        value={draft[key]}
        onChange={(event) => set(key, event.target.value as CashbackDraft[ChoiceKey])}
      >
        {options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </FormField>
  );

  return (
    <Dialog title={schedule ? t('cashback.edit') : t('cashback.new')} onClose={onClose} wide>
      <form className="settings-form" onSubmit={onSubmit} noValidate>
        <div className="settings-form__grid">
          {choice(
            'period',
            t('cashback.period'),
            CASHBACK_PERIODS.map((p) => [p, t(`cashback.period_${p}`)] as const),
          )}
          {choice(
            'base',
            t('cashback.base'),
            CASHBACK_BASES.map((b) => [b, t(`cashback.base_${b}`)] as const),
          )}
          {text('ratePercent', t('cashback.rate'), t('cashback.rateHint'))}
          {text('min', t('cashback.min'))}
          {text('max', t('cashback.max'), t('loyalty.optional'))}
          {text('turnoverMultiplier', t('cashback.turnover'), t('cashback.turnoverHint'))}
          {text('maxWithdraw', t('cashback.maxWithdraw'), t('loyalty.optional'))}
          {choice('status', t('common.status'), [
            ['ACTIVE', t('loyalty.statusActive')],
            ['PAUSED', t('loyalty.statusPaused')],
          ])}
        </div>
        <NamesFieldset
          id={id}
          names={draft.names}
          onChange={(names) => set('names', names)}
          thaiError={error('names')}
        />
        {invalid.length > 0 && <Alert>{t('loyalty.fixFields')}</Alert>}
        <FormFooter
          sending={save}
          submitLabel={save.isPending ? t('loyalty.saving') : t('common.save')}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
