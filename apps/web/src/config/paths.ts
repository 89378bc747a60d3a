/**
 * Every page (react-router route) of the player app, named once. These are the
 * browser's URLs; the server's API paths live in `@app/contracts/paths`.
 * Note that /login and /register are both: a page here (GET, text/html) and an
 * API path there (POST).
 */
export const PAGE_PATHS = {
  home: '/',
  transactions: '/transactions',
  launchUfa: '/launch-ufa',
  launchGame: '/launch-game',
  login: '/login',
  register: '/register',
} as const;

export type PagePath = (typeof PAGE_PATHS)[keyof typeof PAGE_PATHS];
