import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language, toAppLanguage } from '@app/contracts/languages';
import type { Catalogue } from '@app/contracts/messages/en';
import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadLanguageFonts } from '@/lib/fonts';
import { LANGUAGE_STORAGE_KEY } from '@/lib/storage-keys';
import { enFirstScreen } from '@/locales/en-first-screen';

/**
 * A language's resources: the app's own strings, and under `server` the
 * messages the server speaks (the contract's catalogue: validation messages of
 * the shared schemas, error texts), so that a form shows the very sentence the
 * server would answer.
 */
export function resources(app: ResourceKey, server: Catalogue): ResourceKey {
  return { ...(app as object), server };
}

/**
 * English is every language's fallback. The first screen's part of it ships in the entry chunk, so that a
 * first render in English waits for no download; the rest comes with the register route and the signed-in
 * frame (lib/english-texts.ts); i18next never asks the loader below for a language it already holds.
 * Each other language is its own chunk, loaded when shown.
 */
const localeLoaders: Record<Language, () => Promise<ResourceKey>> = {
  en: async () => resources((await import('@/locales/en')).default, (await import('@app/contracts/messages/en')).en),
  th: async () => resources((await import('@/locales/th')).default, (await import('@app/contracts/messages/th')).th),
  cn: async () => resources((await import('@/locales/cn')).default, (await import('@app/contracts/messages/cn')).cn),
  ls: async () => resources((await import('@/locales/ls')).default, (await import('@app/contracts/messages/ls')).ls),
  mm: async () => resources((await import('@/locales/mm')).default, (await import('@app/contracts/messages/mm')).mm),
  ko: async () => resources((await import('@/locales/ko')).default, (await import('@app/contracts/messages/ko')).ko),
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
  read(language, namespace, callback) {
    // Only the app's own namespace is loaded here; a screen's namespace comes with its code.
    if (namespace !== 'translation') return callback(null, {});
    const load = isLanguage(language) ? localeLoaders[language] : localeLoaders[FALLBACK_LANGUAGE];
    load().then(
      (resource) => callback(null, resource),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

export const i18n = i18next.createInstance();

/**
 * Runs `register` (a screen's strings added to the store) now if i18next is initialised, else once it is:
 * main.tsx initialises it before any screen loads, a test may do so later. For the modules whose import
 * registers their strings (english-texts, protection-i18n, notifications-i18n).
 */
export function registerWhenReady(register: () => void): void {
  if (i18n.isInitialized) register();
  else i18n.on('initialized', register);
}

/**
 * Registers a screen's own namespace in the six languages once i18n is ready:
 * a screen's strings come with its code, never with the login screen's first load.
 */
export function registerNamespace(namespace: string, bundles: Record<Language, object>): void {
  registerWhenReady(() => {
    for (const [language, bundle] of Object.entries(bundles)) {
      if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle);
    }
  });
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : FALLBACK_LANGUAGE;
}

/**
 * The installable app's manifest in the player's language: Thai for Thai, English for the others.
 * Kept here, with the page's language, rather than in the service worker's chunk, which loads seconds later.
 */
export function manifestHref(language: Language): string {
  return language === 'th' ? '/manifest.th.webmanifest' : '/manifest.en.webmanifest';
}

/** A year: the cookie only follows the stored choice, which never expires. */
const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

function applyLanguageToDocument(language: string): void {
  // At build time (prerender.tsx) there is no page to apply it to.
  if (!isLanguage(language) || typeof document === 'undefined') return;
  document.documentElement.lang = HTML_LANG[language];
  // The server draws the login and register pages in this language on the next visit (lib/prerendered.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the Safari of older iPhones; the value is one of LANGUAGES
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${LANGUAGE_COOKIE_MAX_AGE_S}; samesite=lax`;
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', manifestHref(language));
  loadLanguageFonts(language);
}

export function initI18n(language: Language = detectInitialLanguage()): Promise<unknown> {
  i18n.on('languageChanged', applyLanguageToDocument);
  return i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      // A copy: i18next keeps the object it is given and merges the rest of English into it (english-texts.ts).
      resources: { en: { translation: structuredClone(enFirstScreen) } },
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
