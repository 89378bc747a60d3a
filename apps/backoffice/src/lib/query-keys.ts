/**
 * The first segment of every query's key, named once: a decision in one
 * screen refreshes the lists of others (a deposit approved changes the
 * dashboard and the player's history) without the features importing each other.
 */
export const QUERY_KEYS = {
  summary: ['summary'],
  withdrawals: ['withdrawals'],
  payouts: ['payouts'],
  payoutSummary: ['summary', 'payouts'],
  reconciliation: ['payouts', 'reconciliation'],
  riskRules: ['settings', 'risk-rules'],
  creditRequests: ['credit-requests'],
  deposits: ['deposits'],
  transfers: ['bank-transfers'],
  bankFeedFlags: ['bank-feed-flags'],
  heldDeposits: ['held-deposits'],
  players: ['players'],
  player: ['player'],
  settings: ['settings'],
  houseAccounts: ['house-accounts'],
  blacklist: ['blacklist'],
  rewards: ['rewards'],
  promotions: ['promotions'],
  cashback: ['cashback'],
  vipRanks: ['vip-ranks'],
  redemptions: ['redemptions'],
  loyaltySummary: ['summary', 'loyalty'],
  playerLoyalty: ['player', 'loyalty'],
  operators: ['operators'],
  audit: ['audit'],
  health: ['health'],
} as const;
