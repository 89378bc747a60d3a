/**
 * Build-time settings of the app (Vite's `VITE_*` variables), read here only.
 *
 * - `VITE_API_URL`: the API's base address; empty (the same origin) in
 *   production, where the server serves the app (spec §7: configured by environment).
 * - `VITE_GAME_HOST_FROM` / `VITE_GAME_HOST_TO`: a fixed fragment of the game
 *   address's host that is rewritten to another before the browser goes there
 *   (spec §7), e.g. a provider's default domain to the one that works for our
 *   players. Both empty by default: nothing is rewritten.
 */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
  gameHostRewrite: {
    from: (import.meta.env.VITE_GAME_HOST_FROM ?? '').trim(),
    to: (import.meta.env.VITE_GAME_HOST_TO ?? '').trim(),
  },
} as const;
