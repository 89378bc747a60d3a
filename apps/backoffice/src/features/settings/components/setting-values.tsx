import { type adminSettingSchema, updateSettingRequestSchema } from '@app/contracts/admin';
import { AMOUNT_BAHT_MAX } from '@app/contracts/limits';
import { SETTING_CODES, settingValue, wholeNumberSetting } from '@app/contracts/settings';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { FormField } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useSettingValues, useUpdateSetting } from '@/features/settings/api/settings-values';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { formatDateTime, formatMoney } from '@/lib/format';

type Setting = z.infer<typeof adminSettingSchema>;
type Kind = 'url' | 'banner' | 'amount' | 'whole' | 'floor';

/** The settings an admin may change (the server refuses any other code), with how each is typed in. */
const FIELDS: { code: string; kind: Kind; label: string; hint: string }[] = [
  { code: SETTING_CODES.lineOaUrl, kind: 'url', label: 'settings.lineOaUrl', hint: 'settings.lineOaUrlHint' },
  { code: SETTING_CODES.bannerUrl, kind: 'banner', label: 'settings.bannerUrl', hint: 'settings.bannerUrlHint' },
  {
    code: SETTING_CODES.depositMinAmount,
    kind: 'amount',
    label: 'settings.depositMinAmount',
    hint: 'settings.amountHint',
  },
  {
    code: SETTING_CODES.withdrawMinAmount,
    kind: 'amount',
    label: 'settings.withdrawMinAmount',
    hint: 'settings.withdrawMinHint',
  },
  {
    code: SETTING_CODES.withdrawMaxAmount,
    kind: 'amount',
    label: 'settings.withdrawMaxAmount',
    hint: 'settings.withdrawMaxHint',
  },
  {
    code: SETTING_CODES.withdrawDailyMaxAmount,
    kind: 'amount',
    label: 'settings.withdrawDailyMaxAmount',
    hint: 'settings.withdrawDailyMaxHint',
  },
  {
    code: SETTING_CODES.manualCreditApprovalAbove,
    kind: 'amount',
    label: 'settings.manualCreditApprovalAbove',
    hint: 'settings.manualCreditApprovalAboveHint',
  },
  // Loyalty and promotions: rates as whole numbers (0 turns one off), the floor in baht (0: none).
  {
    code: SETTING_CODES.pointsDepositBahtPerPoint,
    kind: 'whole',
    label: 'settings.pointsDepositBahtPerPoint',
    hint: 'settings.pointsDepositBahtPerPointHint',
  },
  {
    code: SETTING_CODES.pointsTurnoverBahtPerPoint,
    kind: 'whole',
    label: 'settings.pointsTurnoverBahtPerPoint',
    hint: 'settings.pointsTurnoverBahtPerPointHint',
  },
  {
    code: SETTING_CODES.pointsExpiryDays,
    kind: 'whole',
    label: 'settings.pointsExpiryDays',
    hint: 'settings.pointsExpiryDaysHint',
  },
  {
    code: SETTING_CODES.promotionBalanceFloor,
    kind: 'floor',
    label: 'settings.promotionBalanceFloor',
    hint: 'settings.promotionBalanceFloorHint',
  },
];

/** A baht amount of 0 or more (the floor): at most 2 decimals, up to 1,000,000, as the server reads it. */
const FLOOR_FORMAT = /^\d{1,7}(\.\d{1,2})?$/;

const AMOUNT_FORMAT = /^\d{1,9}(\.\d{1,2})?$/;
const BANNER_PATH = /^\/images\/[A-Za-z0-9/._-]+\.(png|jpe?g|webp)$/;

/** An amount of baht as the server takes it: positive, at most 2 decimals, within the overall bound. */
function amountOf(value: string | undefined): number | undefined {
  if (value === undefined || !AMOUNT_FORMAT.test(value.trim())) return undefined;
  const amount = Number(value);
  return amount > 0 && amount <= AMOUNT_BAHT_MAX ? amount : undefined;
}

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What is wrong with a value, by the server's own rules (settings.service.ts):
 * https addresses, a banner under /images, positive amounts, and withdrawal
 * limits that cannot cross. Answers a locale key, or undefined when it is fine.
 */
function settingProblem(code: string, value: string, settings: readonly Setting[]): string | undefined {
  const field = FIELDS.find((candidate) => candidate.code === code);
  if (field?.kind === 'url') return isHttpsUrl(value) ? undefined : 'settings.httpsRequired';
  if (field?.kind === 'banner')
    return isHttpsUrl(value) || BANNER_PATH.test(value) ? undefined : 'settings.bannerInvalid';
  if (field?.kind === 'whole')
    return wholeNumberSetting(value.trim()) === undefined ? 'settings.wholeInvalid' : undefined;
  if (field?.kind === 'floor') {
    return FLOOR_FORMAT.test(value.trim()) && Number(value) <= 1_000_000 ? undefined : 'settings.floorInvalid';
  }
  const amount = amountOf(value);
  if (amount === undefined) return 'settings.amountInvalid';
  if (code === SETTING_CODES.withdrawMinAmount) {
    const max = amountOf(settingValue(settings, SETTING_CODES.withdrawMaxAmount));
    if (max !== undefined && amount >= max) return 'settings.withdrawMinNotBelowMax';
  }
  if (code === SETTING_CODES.withdrawMaxAmount) {
    const min = amountOf(settingValue(settings, SETTING_CODES.withdrawMinAmount));
    if (min !== undefined && amount <= min) return 'settings.withdrawMaxNotAboveMin';
  }
  return undefined;
}

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
