/**
 * The Chinese and Korean faces, for the screens where operators type and read
 * every language players read (the promotion and reward forms): loaded the
 * first time such a screen opens, not with the app. @fontsource declares them
 * with unicode-range, so of their many subsets only those a page shows are
 * downloaded. They come last in the font stack (tokens.css), after the
 * system's fonts: they draw only the characters those lack, never the Latin
 * text. (Thai, Lao and Burmese are bundled: fonts.css.)
 */
let requested = false;

export function loadAllScriptFonts(): void {
  if (requested) return;
  requested = true;
  Promise.all([import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-kr/400.css')]).catch(
    (error: unknown) => {
      requested = false;
      console.error('Could not load the Chinese and Korean fonts', error);
    },
  );
}
