import type { Language } from '@app/contracts/languages';

/**
 * Each script's faces load with their language, so an English page downloads
 * no font at all. Latin text (digits, amounts, English) uses the phone's own
 * interface font (Roboto on Android, San Francisco on iOS): a web font for it
 * would cost every first visit ~50 KB and half a second on a 4G phone. The
 * declarations use unicode-range, so only the subsets a page really uses are
 * downloaded; the Chinese and Korean ones alone are ~100 KB of CSS each. The
 * Noto families come first in the app's font stack (tokens.css): once a
 * language's faces are in, they draw its script (and its Latin, for one look)
 * rather than a system font that happens to cover it.
 */
const languageFonts: Partial<Record<Language, () => Promise<unknown>>> = {
  th: () => Promise.all([import('@fontsource/noto-sans-thai/400.css'), import('@fontsource/noto-sans-thai/600.css')]),
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
