import { updateSettingRequestSchema } from '@app/contracts/admin';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useSettingValues, useUpdateSetting } from '@/features/settings/api/settings-values';
import { amountOf, FIELDS, type Setting, settingProblem } from '@/features/settings/components/setting-rules';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { formatDateTime, formatMoney } from '@/lib/format';

function SettingValueForm({
  field,
  setting,
  settings,
}: {
  field: (typeof FIELDS)[number];
  setting: Setting;
  settings: readonly Setting[];
}) {
  const { t } = useTranslation();
  const id = useId();
  // The limits are checked against the other values as they are now, not as they were when the form was made.
  const settingsRef = useRef(settings);
  settingsRef.current = settings;
  const [schema] = useState(() =>
    updateSettingRequestSchema.superRefine(({ value }, ctx) => {
      const problem = settingProblem(field.code, value, settingsRef.current);
      if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem });
    }),
  );
  const form = useZodForm(schema, { defaultValues: { value: setting.value } });
  const update = useUpdateSetting();
  const label = t(field.label);

  const onSubmit = form.handleSubmit(({ value }) => {
    if (update.isPending) return;
    update.mutate({ code: field.code, value }, { onSuccess: () => form.reset({ value }) });
  });

  const error = form.formState.errors.value;
  const amount = amountOf(setting.value);
  const input =
    field.kind === 'amount' || field.kind === 'floor'
      ? ({ type: 'text', inputMode: 'decimal' } as const)
      : field.kind === 'whole'
        ? ({ type: 'text', inputMode: 'numeric' } as const)
        : ({ type: field.kind === 'url' ? 'url' : 'text', inputMode: 'url' } as const);

  return (
    <li className="setting" data-testid="setting">
      <form className="setting__form" onSubmit={onSubmit} noValidate>
        <FormField
          id={id}
          label={label}
          hint={t(field.hint, {
            amount: field.kind === 'amount' && amount !== undefined ? formatMoney(amount) : setting.value,
          })}
          error={fieldErrorText(error)}
        >
          <input
            id={id}
            {...input}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            {...form.register('value', { onChange: () => update.reset() })}
          />
        </FormField>
        <p className="setting__meta">{t('settings.changedAt', { time: formatDateTime(setting.updatedAt) })}</p>
        {update.isError && (
          <Alert title={t('common.requestFailed')}>
            {update.error instanceof ApiError ? update.error.serverMessage : ''}
          </Alert>
        )}
        {update.isSuccess && <Alert tone="success">{t('settings.saved')}</Alert>}
        <div className="setting__actions">
          <button type="submit" className="button button--primary button--small" disabled={update.isPending}>
            {update.isPending ? t('settings.saving') : t('common.save')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      </form>
    </li>
  );
}

/**
 * The values players see: the LINE contact, the banner, the deposit and
 * withdrawal limits in baht, and the loyalty rates and promotion floor. Each is saved on its own (PUT one code), checked
 * first by the same rules the server applies; a refusal shows the server's words.
 */
export function SettingValues() {
  const { t } = useTranslation();
  const titleId = useId();
  const settings = useSettingValues();

  let body: React.ReactNode;
  if (settings.isPending) body = <Spinner label={t('common.loading')} />;
  else if (settings.isError) body = <Alert>{t('common.loadFailed')}</Alert>;
  else {
    const rows = FIELDS.flatMap((field) => {
      const setting = settings.data.find((candidate) => candidate.code === field.code);
      return setting ? [{ field, setting }] : [];
    });
    body = (
      <ul className="setting-list">
        {rows.map(({ field, setting }) => (
          <SettingValueForm key={field.code} field={field} setting={setting} settings={settings.data} />
        ))}
      </ul>
    );
  }

  return (
    <section className="settings-section" aria-labelledby={titleId}>
      <div className="settings-section__header">
        <div>
          <h2 id={titleId} className="settings-section__title">
            {t('settings.valuesTitle')}
          </h2>
          <p className="settings-section__intro">{t('settings.valuesIntro')}</p>
        </div>
      </div>
      {body}
    </section>
  );
}
