import type { rewardRequestSchema } from '@app/contracts/admin';
import { bahtToSatang, satangToBaht } from '@app/contracts/money';
import { REWARD_KINDS } from '@app/contracts/settings';
import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/ui/form-field';
import { type Reward, useBonusPromotions } from '@/features/settings/api/rewards';
import { fieldErrorText } from '@/lib/form-errors';

/** The reward form as react-hook-form holds it. */
export type RewardForm = UseFormReturn<
  z.input<typeof rewardRequestSchema>,
  unknown,
  z.output<typeof rewardRequestSchema>
>;

/** An empty box is "none" (null); anything else a number, which the schema checks. */
const optionalNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));
/** Baht typed by the operator, as satang (null when empty; NaN, refused by the schema, when not an amount). */
const optionalSatang = (value: unknown) => {
  if (value === '' || value === null) return null;
  const text = String(value).trim();
  return /^\d{1,9}(\.\d{1,2})?$/.test(text) ? (bahtToSatang(Number(text)) ?? Number.NaN) : Number.NaN;
};

/** What a reward is and costs: its kind, its price in points, what it credits or starts, its stock and daily limit. */
export function RewardPriceFields({ form, reward }: { form: RewardForm; reward: Reward | null }) {
  const { t } = useTranslation();
  const ids = {
    kind: useId(),
    price: useId(),
    credit: useId(),
    turnover: useId(),
    promotion: useId(),
    stock: useId(),
    daily: useId(),
  };
  const promotions = useBonusPromotions();
  const kind = form.watch('kind');
  // The credit is typed in baht and kept in the form as satang.
  const [creditText, setCreditText] = useState(
    reward?.creditSatang == null ? '' : String(satangToBaht(reward.creditSatang)),
  );
  const errors = form.formState.errors;
  return (
    <div className="settings-form__grid">
      <FormField id={ids.kind} label={t('settings.rewardKind')} hint={t('settings.rewardKindHint')}>
        <select id={ids.kind} {...form.register('kind')}>
          {REWARD_KINDS.map((value) => (
            <option key={value} value={value}>
              {t(`settings.rewardKind_${value}`)}
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={ids.price}
        label={t('settings.rewardPrice')}
        error={fieldErrorText(errors.pricePoints, t('settings.numberInvalid'))}
      >
        <input
          id={ids.price}
          inputMode="numeric"
          aria-invalid={errors.pricePoints ? true : undefined}
          aria-describedby={errors.pricePoints ? `${ids.price}-error` : undefined}
          {...form.register('pricePoints', { setValueAs: (value) => Number(value) })}
        />
      </FormField>
      {kind === 'credit' && (
        <>
          <FormField
            id={ids.credit}
            label={t('settings.rewardCredit')}
            error={fieldErrorText(errors.creditSatang, t('settings.numberInvalid'))}
          >
            <input
              id={ids.credit}
              inputMode="decimal"
              aria-invalid={errors.creditSatang ? true : undefined}
              aria-describedby={errors.creditSatang ? `${ids.credit}-error` : undefined}
              value={creditText}
              onChange={(event) => {
                setCreditText(event.target.value);
                form.setValue('creditSatang', optionalSatang(event.target.value), { shouldDirty: true });
              }}
            />
          </FormField>
          <FormField
            id={ids.turnover}
            label={t('settings.rewardTurnover')}
            hint={t('settings.rewardTurnoverHint')}
            error={fieldErrorText(errors.turnoverMultiplier, t('settings.numberInvalid'))}
          >
            <input
              id={ids.turnover}
              inputMode="numeric"
              aria-invalid={errors.turnoverMultiplier ? true : undefined}
              {...form.register('turnoverMultiplier', { setValueAs: (value) => Number(value) })}
            />
          </FormField>
        </>
      )}
      {kind === 'bonus' && (
        <FormField
          id={ids.promotion}
          label={t('settings.rewardPromotion')}
          error={fieldErrorText(errors.promotionId, t('settings.numberInvalid'))}
        >
          <select id={ids.promotion} {...form.register('promotionId', { setValueAs: optionalNumber })}>
            <option value="">-</option>
            {(promotions.data ?? []).map((promotion) => (
              <option key={promotion.id} value={promotion.id}>
                {promotion.texts.en?.title ?? promotion.id}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <FormField
        id={ids.stock}
        label={t('settings.rewardStock')}
        hint={t('settings.rewardStockHint')}
        error={fieldErrorText(errors.stock, t('settings.numberInvalid'))}
      >
        <input
          id={ids.stock}
          inputMode="numeric"
          aria-invalid={errors.stock ? true : undefined}
          {...form.register('stock', { setValueAs: optionalNumber })}
        />
      </FormField>
      <FormField
        id={ids.daily}
        label={t('settings.rewardDailyLimit')}
        hint={t('settings.rewardDailyLimitHint')}
        error={fieldErrorText(errors.dailyLimit, t('settings.numberInvalid'))}
      >
        <input
          id={ids.daily}
          inputMode="numeric"
          aria-invalid={errors.dailyLimit ? true : undefined}
          {...form.register('dailyLimit', { setValueAs: optionalNumber })}
        />
      </FormField>
    </div>
  );
}
