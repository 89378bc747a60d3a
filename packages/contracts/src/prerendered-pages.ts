import { FALLBACK_LANGUAGE, type Language, languageFromAcceptLanguage, languageFromCookie } from './languages.ts';

/**
 * The player app's pages drawn at build time (apps/web/scripts/prerender.ts), one file per language in the
 * app's build: a phone draws them before any script has run. The server answers a GET of `/<page>` with the
 * file of the player's language (pageLanguage), every other page with the app's index.html.
 */
export const PRERENDERED_PAGES = ['login', 'register'] as const;
export type PrerenderedPage = (typeof PRERENDERED_PAGES)[number];

/** The page a path names, if it is one of PRERENDERED_PAGES ('/login' → 'login'). */
export function prerenderedPageOf(path: string): PrerenderedPage | undefined {
  const name = path.slice(1);
  return (PRERENDERED_PAGES as readonly string[]).includes(name) ? (name as PrerenderedPage) : undefined;
}

/** Where a page's file is in the app's build. */
export function prerenderedPageFile(page: PrerenderedPage, language: Language): string {
  return `pages/${page}.${language}.html`;
}

/**
 * The language the app will show, as far as a request tells: the app's own rule (spec §1) is the stored
 * choice, then the browser's language, then English; the app mirrors the stored choice in a cookie
 * (LANGUAGE_COOKIE), and a browser sends its languages as Accept-Language.
 */
export function pageLanguage(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Language {
  return languageFromCookie(cookie) ?? languageFromAcceptLanguage(acceptLanguage) ?? FALLBACK_LANGUAGE;
}
