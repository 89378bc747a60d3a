import { FALLBACK_LANGUAGE, LANGUAGES, type Language, toAppLanguage } from '@app/contracts/languages';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageFonts } from '@/lib/fonts';
import { LANGUAGE_STORAGE_KEY } from '@/lib/storage-keys';
import en from '@/locales/en';

/** Each language's resources are their own chunk: a player downloads only the ones used. */
const localeLoaders: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => Promise.resolve({ default: en }),
  th: () => import('@/locales/th'),
  cn: () => import('@/locales/cn'),
  ls: () => import('@/locales/ls'),
  mm: () => import('@/locales/mm'),
  ko: () => import('@/locales/ko'),
};

/** The BCP 47 tag of each app language, for `<html lang>` (fonts and screen readers use it). */
export const HTML_LANG: Record<Language, string> = {
  en: 'en',
  th: 'th',
  cn: 'zh-CN',
  ls: 'lo',
  mm: 'my',
  ko: 'ko',
};

export function isLanguage(value: string | null | undefined): value is Language {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** Spec §1: the stored preference, then the browser's language, then en. */
export function detectInitialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browserTags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of browserTags) {
    const language = toAppLanguage(tag);
    if (language) return language;
  }
  return FALLBACK_LANGUAGE;
}

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = isLanguage(language) ? localeLoaders[language] : localeLoaders[FALLBACK_LANGUAGE];
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

function applyLanguageToDocument(language: string): void {
  if (!isLanguage(language)) return;
  document.documentElement.lang = HTML_LANG[language];
  loadLanguageFonts(language);
}

export function initI18n(language: Language = detectInitialLanguage()): Promise<unknown> {
  i18n.on('languageChanged', applyLanguageToDocument);
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // English is the fallback of every language, so it is always needed: it ships in the entry
      // chunk and the first render waits for no download in English. The others load on demand.
      resources: { en: { translation: en } },
      partialBundledLanguages: true,
      fallbackLng: FALLBACK_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** The header's picker: switch the interface and remember the choice (spec §1). */
export async function setLanguage(language: Language): Promise<void> {
  localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  await i18n.changeLanguage(language);
}
