import { rewardRequestSchema } from '@app/contracts/admin';
import { REWARD_NAME_LANGUAGES } from '@app/contracts/settings';
import { useZodForm } from '@app/web-kit/use-zod-form';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { ImageField } from '@/components/ui/image-field';
import { type Reward, rewardChanges, useSaveReward } from '@/features/settings/api/rewards';
import { ItemFormEnd } from '@/features/settings/components/item-form-end';
import { OtherNames } from '@/features/settings/components/reward-other-names';
import { RewardPriceFields } from '@/features/settings/components/reward-price-fields';
import { SortOrderField } from '@/features/settings/components/sort-order-field';
import { loadAllScriptFonts } from '@/lib/all-script-fonts';
import { fieldErrorText } from '@/lib/form-errors';
import { saveItem } from '@/lib/save-item';

/** The form of a reward, new (null) or as it is: on save, only what changed is sent. */
export function RewardDialog({
  reward,
  onDone,
  onClose,
}: {
  reward: Reward | null;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  useEffect(loadAllScriptFonts, []);
  const ids = {
    name: useId(),
    order: useId(),
    active: useId(),
  };
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
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((values) => {
    if (save.isPending) return;
    saveItem({
      item: reward ?? undefined,
      values,
      changesOf: rewardChanges,
      create: (created) => save.mutate({ reward: created }, { onSuccess: onDone }),
      update: (saved, changes) => save.mutate({ id: saved.id, changes }, { onSuccess: onDone }),
      unchanged: () => setUnchanged(true),
    });
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
          <SortOrderField
            id={ids.order}
            error={errors.sortOrder}
            registration={form.register('sortOrder', { valueAsNumber: true })}
          />
        </div>
        <RewardPriceFields form={form} reward={reward} />
        <OtherNames form={form} />
        <ImageField
          value={form.watch('imageUrl') ?? ''}
          onChange={(name) => form.setValue('imageUrl', name, { shouldDirty: true, shouldValidate: true })}
          error={fieldErrorText(form.formState.errors.imageUrl)}
        />
        <ItemFormEnd
          activeId={ids.active}
          activeLabel={t('settings.rewardActive')}
          active={form.register('active')}
          unchanged={unchanged}
          save={save}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}
