/**
 * The API lives on the same origin as the app in production, so the base URL is
 * empty unless VITE_API_URL points elsewhere (spec §7: configured by environment).
 */
export const env = {
  apiUrl: (import.meta.env.VITE_API_URL ?? '').replace(/\/$/, ''),
} as const;
