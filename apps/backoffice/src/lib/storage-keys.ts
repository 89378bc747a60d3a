/** Local storage keys of the back office (prefixed: the player app shares the origin). */
export const SESSION_STORAGE_KEY = 'backoffice-session';
export const LANGUAGE_STORAGE_KEY = 'backoffice-language';
