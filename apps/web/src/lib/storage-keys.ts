/** Local storage keys of spec §3. */
export const TOKEN_STORAGE_KEY = 'token';
export const LANGUAGE_STORAGE_KEY = 'language';
export const AUTH_STORAGE_KEY = 'siam-play-auth';
