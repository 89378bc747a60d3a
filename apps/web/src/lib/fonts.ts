import type { Language } from '@app/contracts/languages';

/**
 * The faces of Lao, Burmese, Chinese and Korean load with their language (Thai
 * is declared for every language: src/styles/fonts.css). Latin text (digits,
 * amounts, English) uses the phone's own interface font (Roboto on Android,
 * San Francisco on iOS): a web font for it would cost every first visit ~50 KB
 * and half a second on a 4G phone. The declarations use unicode-range, so only
 * the subsets a page really uses are downloaded; the Chinese and Korean ones
 * alone are ~100 KB of CSS each. These families come first in the app's font
 * stack (tokens.css): once a language's faces are in, they draw its script.
 */
const languageFonts: Partial<Record<Language, () => Promise<unknown>>> = {
  ls: () => Promise.all([import('@fontsource/noto-sans-lao/400.css'), import('@fontsource/noto-sans-lao/600.css')]),
  mm: () =>
    Promise.all([import('@fontsource/noto-sans-myanmar/400.css'), import('@fontsource/noto-sans-myanmar/600.css')]),
  cn: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
  ko: () => Promise.all([import('@fontsource/noto-sans-kr/400.css'), import('@fontsource/noto-sans-kr/700.css')]),
};

const loaded = new Set<Language>();

/** Loads the faces of a language the first time it is shown; a failure is logged and retried next time. */
export function loadLanguageFonts(language: Language): void {
  const load = languageFonts[language];
  if (!load || loaded.has(language)) return;
  loaded.add(language);
  load().catch((error: unknown) => {
    loaded.delete(language);
    console.error('Could not load fonts for', language, error);
  });
}
