import '@/components/ui/table.css';
import { type adminRewardSchema, rewardImagePath, rewardRequestSchema, rewardUpdateSchema } from '@app/contracts/admin';
import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@app/contracts/languages';
import { bahtToSatang, formatPoints, satangToBaht } from '@app/contracts/money';
import { REWARD_KINDS, REWARD_NAME_LANGUAGES, type RewardNames } from '@app/contracts/settings';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useEffect, useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ImageField } from '@/components/ui/image-field';
import { Spinner } from '@/components/ui/spinner';
import { StatusBadge } from '@/components/ui/status-badge';
import { type RewardCreate, useBonusPromotions, useRewards, useSaveReward } from '@/features/settings/api/rewards';
import { SettingsSection } from '@/features/settings/components/settings-section';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/form-errors';
import { formatMoney } from '@/lib/format';

type Reward = z.infer<typeof adminRewardSchema>;

/** Only the fields that differ from the reward as it is: a PATCH names nothing else. */
function changesOf(reward: Reward, values: RewardCreate) {
  const changes: Partial<RewardCreate> = {};
  if (values.name !== reward.name) changes.name = values.name;
  // The names are sent whole: the server keeps exactly the languages given.
  if (!sameNames(values.names, reward.names)) changes.names = values.names;
  if (values.imageUrl !== reward.imageUrl) changes.imageUrl = values.imageUrl;
  if (values.active !== reward.active) changes.active = values.active;
  if (values.sortOrder !== reward.sortOrder) changes.sortOrder = values.sortOrder;
  for (const key of PRICE_KEYS) {
    if (values[key] !== reward[key]) Object.assign(changes, { [key]: values[key] });
  }
  return rewardUpdateSchema.parse(changes);
}

const sameNames = (a: RewardNames, b: RewardNames) =>
  REWARD_NAME_LANGUAGES.every((language) => (a[language] ?? '') === (b[language] ?? ''));

/**
 * The reward's name in the languages besides Thai, each optional: a player
 * reading one without its name sees the English name, else the Thai one.
 */
function OtherNames({
  form,
}: {
  form: UseFormReturn<z.input<typeof rewardRequestSchema>, unknown, z.output<typeof rewardRequestSchema>>;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="reward-names">
      <legend>{t('settings.rewardOtherNames')}</legend>
      <p className="field__hint">{t('settings.rewardOtherNamesHint')}</p>
      <div className="settings-form__grid">
        {REWARD_NAME_LANGUAGES.map((language) => (
          <FormField
            key={language}
            id={`${id}-${language}`}
            label={t('settings.rewardNameIn', { language: LANGUAGE_NAMES[language] })}
            error={form.formState.errors.names?.[language] ? t('settings.rewardNameInvalid') : undefined}
          >
            <input
              id={`${id}-${language}`}
              lang={LANGUAGE_TAGS[language]}
              autoComplete="off"
              {...form.register(`names.${language}`)}
            />
          </FormField>
        ))}
      </div>
    </fieldset>
  );
}

/** What a reward costs and gives: compared one by one for a PATCH. */
const PRICE_KEYS = [
  'kind',
  'pricePoints',
  'creditSatang',
  'turnoverMultiplier',
  'promotionId',
  'stock',
  'dailyLimit',
] as const;

/** An empty box is "none" (null); anything else a number, which the schema checks. */
const optionalNumber = (value: unknown) => (value === '' || value === null ? null : Number(value));
/** Baht typed by the operator, as satang (null when empty; NaN, refused by the schema, when not an amount). */
const optionalSatang = (value: unknown) => {
  if (value === '' || value === null) return null;
  const text = String(value).trim();
  return /^\d{1,9}(\.\d{1,2})?$/.test(text) ? (bahtToSatang(Number(text)) ?? Number.NaN) : Number.NaN;
};

function RewardDialog({ reward, onDone, onClose }: { reward: Reward | null; onDone: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const ids = {
    name: useId(),
    order: useId(),
    active: useId(),
    kind: useId(),
    price: useId(),
    credit: useId(),
    turnover: useId(),
    promotion: useId(),
    stock: useId(),
    daily: useId(),
  };
  const promotions = useBonusPromotions();
  const save = useSaveReward();
  const [unchanged, setUnchanged] = useState(false);
  const form = useZodForm(rewardRequestSchema, {
    defaultValues: {
      name: reward?.name ?? '',
      names: Object.fromEntries(REWARD_NAME_LANGUAGES.map((language) => [language, reward?.names[language] ?? ''])),
      imageUrl: reward?.imageUrl ?? '',
      active: reward?.active ?? true,
      sortOrder: reward?.sortOrder ?? 0,
      kind: reward?.kind ?? 'item',
      pricePoints: reward?.pricePoints ?? 0,
      creditSatang: reward?.creditSatang ?? null,
      turnoverMultiplier: reward?.turnoverMultiplier ?? 0,
      promotionId: reward?.promotionId ?? null,
      stock: reward?.stock ?? null,
      dailyLimit: reward?.dailyLimit ?? null,
    },
  });
  const kind = form.watch('kind');
  // The credit is typed in baht and kept in the form as satang.
  const [creditText, setCreditText] = useState(
    reward?.creditSatang == null ? '' : String(satangToBaht(reward.creditSatang)),
  );
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    if (!reward) {
      save.mutate({ reward: values }, { onSuccess: onDone });
      return;
    }
    const changes = changesOf(reward, values);
    if (Object.keys(changes).length === 0) {
      setUnchanged(true);
      return;
    }
    save.mutate({ id: reward.id, changes }, { onSuccess: onDone });
  });

  return (
    <Dialog
      title={reward ? t('settings.rewardEditTitle', { name: reward.name }) : t('settings.rewardNewTitle')}
      onClose={onClose}
      wide
    >
      <form className="settings-form" onSubmit={onSubmit} onChange={() => setUnchanged(false)} noValidate>
        <div className="settings-form__grid">
          <FormField
            id={ids.name}
            label={t('settings.rewardNameThai')}
            hint={t('settings.rewardNameThaiHint')}
            error={errors.name ? t('settings.rewardNameThaiInvalid') : undefined}
          >
            <input
              id={ids.name}
              lang="th"
              autoComplete="off"
              aria-invalid={errors.name ? true : undefined}
              aria-describedby={errors.name ? `${ids.name}-error` : undefined}
              {...form.register('name')}
            />
          </FormField>
          <FormField
            id={ids.order}
            label={t('settings.sortOrder')}
            hint={t('settings.sortOrderHint')}
            error={fieldErrorText(errors.sortOrder, t('settings.sortOrderInvalid'))}
          >
            <input
              id={ids.order}
              type="number"
              inputMode="numeric"
              min={0}
              max={1000}
              step={1}
              aria-invalid={errors.sortOrder ? true : undefined}
              aria-describedby={errors.sortOrder ? `${ids.order}-error` : undefined}
              {...form.register('sortOrder', { valueAsNumber: true })}
            />
          </FormField>
        </div>
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
        <OtherNames form={form} />
        <ImageField
          value={form.watch('imageUrl') ?? ''}
          onChange={(name) => form.setValue('imageUrl', name, { shouldDirty: true, shouldValidate: true })}
          error={fieldErrorText(form.formState.errors.imageUrl)}
        />
        <label className="check-field" htmlFor={ids.active}>
          <input id={ids.active} type="checkbox" {...form.register('active')} />
          {t('settings.rewardActive')}
        </label>
        {unchanged && <Alert tone="info">{t('settings.nothingChanged')}</Alert>}
        {save.isError && (
          <Alert title={t('common.requestFailed')}>
            {save.error instanceof ApiError ? save.error.serverMessage : ''}
          </Alert>
        )}
        <div className="dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--primary" disabled={save.isPending}>
            {save.isPending ? t('settings.saving') : t('common.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The rewards players can redeem points for, each with its image (served at
 * /images/reward/<name>): added and changed by admins; a hidden reward is
 * no longer shown to players.
 */
export function Rewards() {
  const { t } = useTranslation();
  const rewards = useRewards();
  const [editing, setEditing] = useState<{ reward: Reward | null } | null>(null);
  const [saved, setSaved] = useState(false);

  const open = (reward: Reward | null) => {
    setSaved(false);
    setEditing({ reward });
  };

  let body: React.ReactNode;
  if (rewards.isPending) body = <Spinner label={t('common.loading')} />;
  else if (rewards.isError) body = <Alert>{t('common.loadFailed')}</Alert>;
  else if (rewards.data.length === 0) body = <p className="muted">{t('common.empty')}</p>;
  else {
    body = (
      <div className="table-box">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t('settings.image')}</th>
              <th scope="col">{t('settings.rewardName')}</th>
              <th scope="col">{t('settings.rewardKind')}</th>
              <th scope="col" className="num">
                {t('settings.rewardPrice')}
              </th>
              <th scope="col" className="num">
                {t('settings.rewardStock')}
              </th>
              <th scope="col">{t('common.status')}</th>
              <th scope="col" className="num">
                {t('settings.sortOrder')}
              </th>
              <th scope="col">{t('settings.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {rewards.data.map((reward) => (
              <tr key={reward.id} data-testid="reward-row">
                <td data-label={t('settings.image')}>
                  {/* The name is in the next cell: the picture adds nothing a screen reader should repeat. */}
                  <img className="reward-thumb" src={rewardImagePath(reward.imageUrl)} alt="" loading="lazy" />
                </td>
                <td data-label={t('settings.rewardName')}>{reward.name}</td>
                <td data-label={t('settings.rewardKind')}>
                  {t(`settings.rewardKind_${reward.kind}`)}
                  {reward.creditSatang !== null && (
                    <div className="muted">{formatMoney(satangToBaht(reward.creditSatang))}</div>
                  )}
                </td>
                <td data-label={t('settings.rewardPrice')} className="num">
                  {formatPoints(reward.pricePoints)}
                </td>
                <td data-label={t('settings.rewardStock')} className="num">
                  {reward.stock === null ? t('settings.unlimited') : reward.stock}
                </td>
                <td data-label={t('common.status')}>
                  <StatusBadge
                    status={reward.active ? 'ACTIVE' : 'HIDDEN'}
                    label={reward.active ? t('settings.shown') : t('settings.hidden')}
                  />
                </td>
                <td data-label={t('settings.sortOrder')} className="num">
                  {reward.sortOrder}
                </td>
                <td data-label={t('settings.actions')}>
                  <button type="button" className="button button--small" onClick={() => open(reward)}>
                    {t('settings.edit')}
                    <span className="visually-hidden"> {reward.name}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <SettingsSection
      title={t('settings.rewardsTitle')}
      intro={t('settings.rewardsIntro')}
      addLabel={t('settings.addReward')}
      onAdd={() => open(null)}
      saved={saved}
    >
      {body}
      {editing && (
        <RewardDialog
          reward={editing.reward}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            setSaved(true);
          }}
        />
      )}
    </SettingsSection>
  );
}
