import type { Language } from '@app/contracts/languages';

/**
 * The faces of Lao, Burmese, Chinese and Korean load with their language
 * (Latin and Thai are always declared: src/styles/fonts.css). The declarations
 * use unicode-range, so only the subsets a page really uses are downloaded; the
 * Chinese and Korean ones alone are ~100 KB of CSS each, which an English or
 * Thai page never needs.
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
