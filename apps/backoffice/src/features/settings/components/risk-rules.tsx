import { type RiskRules as Rules, riskRulesSchema } from '@app/contracts/payouts';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { useRiskRules, useSaveRiskRules } from '@/features/settings/api/risk-rules';
import { ApiError } from '@/lib/api-client';

type RuleName = Exclude<keyof Rules, 'autoPay'>;
type Threshold = { field: string; label: string; min: number; max: number };

/** The rules in the order an operator reads them, with the thresholds each takes. */
const RULES: { name: RuleName; thresholds: Omit<Threshold, 'label'>[] }[] = [
  { name: 'firstWithdrawal', thresholds: [] },
  { name: 'amountAboveAuto', thresholds: [{ field: 'limitBaht', min: 1, max: 10_000_000 }] },
  { name: 'dailyTotal', thresholds: [{ field: 'limitBaht', min: 1, max: 10_000_000 }] },
  { name: 'lowTurnover', thresholds: [{ field: 'percent', min: 1, max: 1000 }] },
  { name: 'identityChanged', thresholds: [{ field: 'hours', min: 1, max: 24 * 90 }] },
  {
    name: 'securityEvents',
    thresholds: [
      { field: 'hours', min: 1, max: 24 * 30 },
      { field: 'failedLogins', min: 1, max: 1000 },
    ],
  },
  { name: 'blacklisted', thresholds: [] },
  { name: 'sharedIdentity', thresholds: [] },
  { name: 'frozen', thresholds: [] },
  { name: 'promotionTurnover', thresholds: [] },
];

/**
 * The withdrawal risk rules: automatic payouts on or off, and each
 * rule on or off with its thresholds. A withdrawal no rule objects to is paid
 * by the bank at once; any reason sends it to the queue with the reasons. Saved
 * (and audited) as a whole.
 */
export function RiskRules() {
  const { t } = useTranslation();
  const titleId = useId();
  const baseId = useId();
  const rules = useRiskRules();
  const save = useSaveRiskRules();
  const [draft, setDraft] = useState<Rules | null>(null);
  const mutation = useMutation({ mutationFn: save });
  useEffect(() => {
    if (rules.data) setDraft(rules.data);
  }, [rules.data]);

  const setRule = (name: RuleName, change: Record<string, unknown>) =>
    setDraft((current) => (current ? ({ ...current, [name]: { ...current[name], ...change } } as Rules) : current));
  const parsed = draft ? riskRulesSchema.safeParse(draft) : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!parsed?.success || mutation.isPending) return;
    mutation.mutate(parsed.data);
  }

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section__header">
        <div>
          <h2 id={titleId} className="settings-section__title">
            {t('riskRules.title')}
          </h2>
          <p className="settings-section__intro">{t('riskRules.intro')}</p>
        </div>
      </div>
      {!draft && <Spinner label={t('common.loading')} />}
      {draft && (
        <form className="settings-form risk-rules" onSubmit={submit} noValidate data-testid="risk-rules">
          <div className="check-with-hint">
            <input
              id={`${baseId}-autoPay`}
              type="checkbox"
              checked={draft.autoPay}
              aria-describedby={`${baseId}-autoPay-hint`}
              onChange={(event) => setDraft({ ...draft, autoPay: event.target.checked })}
            />
            <div>
              <label htmlFor={`${baseId}-autoPay`}>{t('riskRules.autoPay')}</label>
              <p id={`${baseId}-autoPay-hint`} className="check-with-hint__hint">
                {t('riskRules.autoPayHint')}
              </p>
            </div>
          </div>
          {RULES.map((rule) => {
            const id = `${baseId}-${rule.name}`;
            const current = draft[rule.name] as { enabled: boolean } & Record<string, number | boolean>;
            return (
              <fieldset key={rule.name} className="risk-rules__rule">
                <div className="check-with-hint">
                  <input
                    id={id}
                    type="checkbox"
                    checked={current.enabled}
                    aria-describedby={`${id}-hint`}
                    onChange={(event) => setRule(rule.name, { enabled: event.target.checked })}
                  />
                  <div>
                    <label htmlFor={id}>{t(`riskRules.rule.${rule.name}`)}</label>
                    <p id={`${id}-hint`} className="check-with-hint__hint">
                      {t(`riskRules.hint.${rule.name}`)}
                    </p>
                  </div>
                </div>
                {rule.thresholds.map((threshold) => (
                  <div key={threshold.field} className="field">
                    <label htmlFor={`${id}-${threshold.field}`}>{t(`riskRules.threshold.${threshold.field}`)}</label>
                    <input
                      id={`${id}-${threshold.field}`}
                      type="number"
                      inputMode="numeric"
                      min={threshold.min}
                      max={threshold.max}
                      step={1}
                      value={String(current[threshold.field] ?? '')}
                      onChange={(event) =>
                        setRule(rule.name, {
                          [threshold.field]: event.target.value === '' ? Number.NaN : Number(event.target.value),
                        })
                      }
                    />
                  </div>
                ))}
              </fieldset>
            );
          })}
          {parsed && !parsed.success && <Alert tone="warning">{t('riskRules.invalid')}</Alert>}
          {mutation.isError && (
            <Alert title={t('common.requestFailed')}>
              {mutation.error instanceof ApiError ? mutation.error.serverMessage : ''}
            </Alert>
          )}
          {mutation.isSuccess && !mutation.isPending && <Alert tone="success">{t('settings.saved')}</Alert>}
          <div>
            <button type="submit" className="button button--primary" disabled={!parsed?.success || mutation.isPending}>
              {t('riskRules.save')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
