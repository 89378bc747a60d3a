import { LANGUAGE_NAMES, LANGUAGE_TAGS } from '@app/contracts/languages';
import { REWARD_NAME_LANGUAGES } from '@app/contracts/settings';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import type { RewardForm } from '@/features/settings/components/reward-price-fields';

/**
 * The reward's name in the languages besides Thai, each optional: a player
 * reading one without its name sees the English name, else the Thai one.
 */
export function OtherNames({ form }: { form: RewardForm }) {
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
