import { LANGUAGE_TAGS, LANGUAGES, type Language } from '@app/contracts/languages';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';

/**
 * A name players read, in the six languages: Thai required (its error shown
 * under it), the others optional. Each input carries its language's tag, for
 * its fonts and for screen readers.
 */
export function NamesFieldset({
  id,
  names,
  onChange,
  thaiError,
}: {
  id: string;
  names: Record<Language, string>;
  onChange: (names: Record<Language, string>) => void;
  thaiError: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="settings-form__grid">
      <legend>{t('cashback.names')}</legend>
      {LANGUAGES.map((language) => (
        <FormField
          key={language}
          id={`${id}-name-${language}`}
          label={t(`cashback.name_${language}`)}
          error={language === 'th' ? thaiError : undefined}
        >
          <input
            id={`${id}-name-${language}`}
            lang={LANGUAGE_TAGS[language]}
            value={names[language]}
            onChange={(event) => onChange({ ...names, [language]: event.target.value })}
          />
        </FormField>
      ))}
    </fieldset>
  );
}
