/**
 * Every page of the back office, named once, relative to its base path
 * (/backoffice/, BACKOFFICE_BASE_PATH of the contract package).
 */
export const PAGES = {
  signIn: '/sign-in',
  dashboard: '/',
  withdrawals: '/withdrawals',
  payouts: '/payouts',
  deposits: '/deposits',
  transfers: '/transfers',
  players: '/players',
  creditRequests: '/credit-requests',
  bankFeedFlags: '/bank-feed-flags',
  heldDeposits: '/held-deposits',
  player: '/players/:id',
  promotions: '/promotions',
  cashback: '/cashback',
  vipRanks: '/vip-ranks',
  redemptions: '/redemptions',
  settings: '/settings',
  operators: '/operators',
  audit: '/audit',
  health: '/health',
} as const;

export function playerPage(id: number): string {
  return PAGES.player.replace(':id', String(id));
}
