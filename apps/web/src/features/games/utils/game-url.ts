import { DEFAULT_GAME_LAUNCH_LANG, GAME_LAUNCH_LANG, type Language } from '@app/contracts/languages';

export type HostRewrite = { from: string; to: string };

/**
 * The address the browser goes to for a game (spec §7): its `lang` parameter
 * set from the interface language (replaced when present, appended when not;
 * EN-US by default), and a configured fragment of its host rewritten. An
 * address that does not parse is returned as it came: the provider's own page
 * is still the best place to send the player.
 */
export function gameAddress(gameUrl: string, language: string, rewrite: HostRewrite): string {
  let url: URL;
  try {
    url = new URL(gameUrl);
  } catch {
    return gameUrl;
  }
  const lang = GAME_LAUNCH_LANG[language as Language] ?? DEFAULT_GAME_LAUNCH_LANG;
  url.searchParams.set('lang', lang);
  if (rewrite.from && rewrite.to && url.host.includes(rewrite.from)) {
    url.host = url.host.replace(rewrite.from, rewrite.to);
  }
  return url.toString();
}
