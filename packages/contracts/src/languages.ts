/** The app's six interface languages, by the app's own codes (spec §1). */
export const LANGUAGES = ['en', 'th', 'cn', 'ls', 'mm', 'ko'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

/** Each language's name in its own script, for the language picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  th: 'ไทย',
  cn: '中文',
  ls: 'ລາວ',
  mm: 'မြန်မာ',
  ko: '한국어',
};

/** The BCP 47 tag of each language, for a `lang` attribute (fonts and screen readers use it). */
export const LANGUAGE_TAGS: Record<Language, string> = {
  en: 'en',
  th: 'th',
  cn: 'zh-CN',
  ls: 'lo',
  mm: 'my',
  ko: 'ko',
};

/** BCP 47 primary subtags of browsers and Accept-Language headers, mapped to app codes. */
const BCP47_TO_APP: Record<string, Language> = {
  en: 'en',
  th: 'th',
  zh: 'cn',
  cn: 'cn',
  lo: 'ls',
  ls: 'ls',
  my: 'mm',
  mm: 'mm',
  ko: 'ko',
};

/** Maps a browser or header language tag ("th-TH", "zh-CN", "lo") to an app language, if supported. */
export function toAppLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return BCP47_TO_APP[primary];
}

/** Picks the first supported language of an Accept-Language header, by quality. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag, quality: q ? Number(q.trim().slice(2)) : 1 };
    })
    .filter((entry) => Number.isFinite(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  for (const entry of ranked) {
    const language = toAppLanguage(entry.tag);
    if (language) return language;
  }
  return undefined;
}

/**
 * The cookie in which the player app mirrors the interface language it shows (the choice itself lives in the
 * browser's storage, spec §3): the server reads it to send the login and register pages drawn in that language.
 */
export const LANGUAGE_COOKIE = 'siam-play-language';

/** The language named by a Cookie header's LANGUAGE_COOKIE, if it is one of the app's. */
export function languageFromCookie(header: string | null | undefined): Language | undefined {
  for (const pair of (header ?? '').split(';')) {
    const [name = '', value = ''] = pair.trim().split('=');
    if (name === LANGUAGE_COOKIE)
      return (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : undefined;
  }
  return undefined;
}

/** The `lang` parameter a game launch address gets for each interface language (spec §7). */
export const GAME_LAUNCH_LANG: Record<Language, string> = {
  en: 'EN-US',
  th: 'TH-TH',
  cn: 'ZH-CN',
  ls: 'LO-LA',
  mm: 'MY-MM',
  ko: 'KO-KR',
};
export const DEFAULT_GAME_LAUNCH_LANG = 'EN-US';
