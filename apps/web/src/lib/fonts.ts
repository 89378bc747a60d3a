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

/**
 * The Thai faces the app draws with (fonts.css declares 400 and 600; bolder text uses 600). Any Thai
 * letter selects the Thai subset's file through the declarations' unicode-range.
 */
const THAI_FACES = ['400 1em "Noto Sans Thai"', '600 1em "Noto Sans Thai"'];

/** How long a Thai screen waits for its faces before it draws with whatever font there is. */
export const THAI_FACES_WAIT_MS = 1500;

/**
 * Resolves once the Thai faces are in (or after `waitMs`, or at once where the page has no font API),
 * never rejects. A Thai screen waits for them before its first render: Chromium keeps text it shaped
 * with a fallback font before a 600 face arrived (headings, labels, buttons, placeholders), and on a
 * device without a Thai system font that fallback draws boxes. Thai's faces are declared from the
 * start, so no later style change makes it shape that text again, as it does for the languages above.
 */
export function thaiFacesReady(waitMs = THAI_FACES_WAIT_MS): Promise<void> {
  const fonts = typeof document === 'undefined' ? undefined : document.fonts;
  if (!fonts) return Promise.resolve();
  const loads = Promise.all(THAI_FACES.map((face) => fonts.load(face, 'ก'))).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([loads, new Promise<void>((resolve) => setTimeout(resolve, waitMs))]);
}
