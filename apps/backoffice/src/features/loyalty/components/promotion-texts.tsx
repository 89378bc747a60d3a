import { rewardImagePath } from '@app/contracts/admin';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@app/contracts/languages';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { isImageName } from '@/components/ui/image-field';
import type { Draft } from '@/features/loyalty/components/promotion-draft';

/** The promotion's title and terms in each language; one title at least (the schema says which are refused). */
export function PromotionTexts({
  id,
  draft,
  setText,
  invalid,
}: {
  id: string;
  draft: Draft;
  setText: (language: Language, field: 'title' | 'terms', value: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="promotion-texts">
      <legend>{t('loyalty.texts')}</legend>
      {invalid && <p className="field__error">{t('loyalty.textsInvalid')}</p>}
      {LANGUAGES.map((language) => (
        <div key={language} className="promotion-texts__language">
          <FormField id={`${id}-title-${language}`} label={`${t('loyalty.title')} (${LANGUAGE_NAMES[language]})`}>
            <input
              id={`${id}-title-${language}`}
              value={draft.texts[language].title}
              onChange={(event) => setText(language, 'title', event.target.value)}
            />
          </FormField>
          <FormField id={`${id}-terms-${language}`} label={`${t('loyalty.terms')} (${LANGUAGE_NAMES[language]})`}>
            <textarea
              id={`${id}-terms-${language}`}
              rows={3}
              value={draft.texts[language].terms}
              onChange={(event) => setText(language, 'terms', event.target.value)}
            />
          </FormField>
        </div>
      ))}
    </fieldset>
  );
}

/** What players read, in the language chosen (English when that language has no title), with the image. */
export function PromotionPreview({ id, draft }: { id: string; draft: Draft }) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<Language>('th');
  const shown = draft.texts[preview].title.trim() ? draft.texts[preview] : draft.texts.en;
  return (
    <div className="promotion-preview">
      <FormField id={`${id}-preview`} label={t('loyalty.previewLanguage')} hint={t('loyalty.previewHint')}>
        <select id={`${id}-preview`} value={preview} onChange={(event) => setPreview(event.target.value as Language)}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </FormField>
      <div className="promotion-preview__card" data-testid="promotion-preview">
        {isImageName(draft.imageUrl) && (
          <img className="promotion-preview__image" src={rewardImagePath(draft.imageUrl)} alt="" />
        )}
        <strong>{shown.title || t('loyalty.noTitle')}</strong>
        <p>{shown.terms}</p>
      </div>
    </div>
  );
}
