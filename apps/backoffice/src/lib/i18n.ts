import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_STORAGE_KEY } from '@/lib/storage-keys';
import en from '@/locales/en';
import th from '@/locales/th';

/** The back office speaks Thai and English (the operator API's messages exist in both). */
export const BACKOFFICE_LANGUAGES = ['th', 'en'] as const;
export type BackofficeLanguage = (typeof BACKOFFICE_LANGUAGES)[number];

export function isBackofficeLanguage(value: string | null | undefined): value is BackofficeLanguage {
  return (BACKOFFICE_LANGUAGES as readonly string[]).includes(value ?? '');
}

/** The stored choice, then the browser's language when it is Thai, else English. */
export function detectLanguage(): BackofficeLanguage {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isBackofficeLanguage(stored)) return stored;
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  return browser.some((tag) => tag?.toLowerCase().startsWith('th')) ? 'th' : 'en';
}

export const i18n = i18next.createInstance();

export function currentLanguage(): BackofficeLanguage {
  return isBackofficeLanguage(i18n.language) ? i18n.language : 'en';
}

/** Both languages are small and bundled: switching never waits for a download. */
export function initI18n(language: BackofficeLanguage = detectLanguage()): Promise<unknown> {
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    supportedLngs: [...BACKOFFICE_LANGUAGES],
    resources: { en: { translation: en }, th: { translation: th } },
    interpolation: { escapeValue: false },
  });
}

export async function setLanguage(language: BackofficeLanguage): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}
