import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_LANGUAGES, currentLanguage, isBackofficeLanguage, setLanguage } from '@/lib/i18n';

const NAMES = { th: 'ไทย', en: 'English' } as const;

/** Thai or English, remembered on this browser. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <span className="language-switch">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => {
          if (isBackofficeLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {BACKOFFICE_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
