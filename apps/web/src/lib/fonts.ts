import type { Language } from '@app/contracts/languages';

/**
 * Latin, Thai, Lao and Burmese faces are declared up front (their CSS is tiny and
 * unicode-range means only the subsets a page uses are downloaded). The Chinese
 * and Korean declarations are ~25-30 KB of CSS each, so they load with their
 * language, or when the browser is idle so the picker's own-script names render.
 */
const lazyFonts: Partial<Record<Language, () => Promise<unknown>>> = {
  cn: () => Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')]),
  ko: () => Promise.all([import('@fontsource/noto-sans-kr/400.css'), import('@fontsource/noto-sans-kr/700.css')]),
};

const loaded = new Set<Language>();

export function loadLanguageFonts(language: Language): void {
  const load = lazyFonts[language];
  if (!load || loaded.has(language)) return;
  loaded.add(language);
  load().catch((error: unknown) => {
    loaded.delete(language);
    console.error('Could not load fonts for', language, error);
  });
}

export function loadAllFontsWhenIdle(): void {
  const loadAll = () => {
    loadLanguageFonts('cn');
    loadLanguageFonts('ko');
  };
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadAll, { timeout: 4000 });
  else setTimeout(loadAll, 2000);
}
