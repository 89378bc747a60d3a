import './language-select.css';
import { LANGUAGE_NAMES, LANGUAGES } from '@app/contracts/languages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { GlobeIcon } from '@/components/ui/first-screen-icons';
import { currentLanguage, HTML_LANG, isLanguage, setLanguage } from '@/lib/i18n';

/** The language picker of spec §1: switches the interface and stores the choice. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const value = isLanguage(i18n.language) ? i18n.language : currentLanguage();

  return (
    <div className="language-select">
      <label htmlFor={id} className="visually-hidden">
        {t('common.language')}
      </label>
      <GlobeIcon className="language-select__icon" />
      <select
        id={id}
        value={value}
        onChange={(event) => {
          if (isLanguage(event.target.value)) void setLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={HTML_LANG[language]}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
