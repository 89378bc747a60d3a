/**
 * Every HTTP path of the product, named once. The server registers its routes
 * with these, the web apps call them, the dev proxy forwards them and the test
 * fakes answer them. Parameters are written `:name`; `fillPath` fills them.
 */
export const API_PATHS = {
  health: '/health',
  ready: '/ready',
  metrics: '/metrics',
  register: '/register',
  login: '/login',
  logout: '/logout',
  settings: '/setting',
  rewards: '/setting/rewards',
  profile: '/api/get-profile',
  balance: '/api/player/balance',
  changePassword: '/api/player/change-password',
  /** POST: a slip-checked deposit (multipart); GET: the player's deposits. */
  deposit: '/api/player/deposit',
  /** GET ?amount=: the PromptPay QR payload for a deposit to the house account. */
  depositPromptPay: '/api/player/deposit/promptpay',
  /** POST: a withdrawal; GET: the player's withdrawals. */
  withdraw: '/api/player/withdraw',
  history: '/api/player/history',
  transferIn: '/api/player/transfer-in',
  transferOut: '/api/player/transfer-out',
  launch: '/api/player/launch',
  launchGame: '/api/player/launch-xzy',
  /** GET: the promotions running now, and the player's open claim. */
  promotions: '/api/player/promotions',
  promotionClaim: '/api/player/promotions/:id/claim',
  /** POST: give up the open claim (a pending one is cancelled; an active one forfeited). */
  promotionForfeit: '/api/player/promotions/forfeit',
  /** GET: the player's claims, newest first. */
  promotionHistory: '/api/player/promotions/history',
  /** GET: the cashback schedules with the running period's figure, whether the player opted out, the last payouts. */
  cashback: '/api/player/cashback',
  /** PUT { optOut }: the player asks for no cashback, or for it again. */
  cashbackOptOut: '/api/player/cashback/opt-out',
  /** GET: the player's VIP rank, the ranks, the rakeback so far, the last rakeback payouts and rank-ups. */
  vip: '/api/player/vip',
  /** POST (Idempotency-Key): redeem a reward for points. */
  rewardRedeem: '/api/player/rewards/:id/redeem',
  /** GET: the player's redemptions, newest first. */
  redemptions: '/api/player/redemptions',
  /** GET: the points balance and the next points to expire. */
  points: '/api/player/points',
} as const;

/** Calls from machines: the bank-statement connector. */
export const WEBHOOK_PATHS = {
  bankTransfers: '/webhooks/bank-transfers',
  /** The LINE Messaging API's webhook: messages and follows sent to the official account. */
  line: '/webhooks/line',
} as const;

/** The operator API (back office, CLI and the service key). */
export const ADMIN_PATHS = {
  login: '/admin/auth/login',
  enrol: '/admin/auth/enrol',
  logout: '/admin/auth/logout',
  me: '/admin/auth/me',
  summary: '/admin/summary',
  withdrawals: '/admin/withdrawals',
  withdrawalApprove: '/admin/withdrawals/:id/approve',
  withdrawalReject: '/admin/withdrawals/:id/reject',
  deposits: '/admin/deposits',
  depositSlip: '/admin/deposits/:id/slip',
  depositApprove: '/admin/deposits/:id/approve',
  depositReject: '/admin/deposits/:id/reject',
  bankTransfers: '/admin/bank-transfers',
  bankTransferAssign: '/admin/bank-transfers/:id/assign',
  /** GET: what the bank feed reported that an operator must look at (?status=open|resolved). */
  bankFeedFlags: '/admin/bank-feed-flags',
  bankFeedFlagResolve: '/admin/bank-feed-flags/:id/resolve',
  /** GET: manual credits above their operator's limit, waiting for a second admin (?status=). */
  creditRequests: '/admin/credit-requests',
  creditRequestApprove: '/admin/credit-requests/:id/approve',
  creditRequestReject: '/admin/credit-requests/:id/reject',
  players: '/admin/players',
  player: '/admin/players/:id',
  playerHistory: '/admin/players/:id/history',
  playerCredit: '/admin/players/:id/credit',
  playerDebit: '/admin/players/:id/debit',
  playerFreeze: '/admin/players/:id/freeze',
  playerUnfreeze: '/admin/players/:id/unfreeze',
  settings: '/admin/settings',
  setting: '/admin/settings/:code',
  houseAccounts: '/admin/house-accounts',
  houseAccount: '/admin/house-accounts/:id',
  /** GET (paged, by kind), POST: the blacklist of bank accounts, phones and names. */
  blacklist: '/admin/blacklist',
  /** DELETE: takes an entry off the blacklist. */
  blacklistEntry: '/admin/blacklist/:id',
  /** GET ?status=: payouts through the bank connector, newest first. */
  payouts: '/admin/payouts',
  /** POST: ask the bank about a payout in flight now. */
  payoutRetry: '/admin/payouts/:id/retry',
  /** POST {bankReference, note?} (admin): a refused payout was paid by hand. */
  payoutMarkPaid: '/admin/payouts/:id/mark-paid',
  /** GET ?day=YYYY-MM-DD: the ledger against the bank's statement for a Bangkok day. */
  payoutReconciliation: '/admin/payouts/reconciliation',
  /** GET: today's payout times, what the feed raised, what is in flight. */
  payoutSummary: '/admin/payouts/summary',
  /** GET, PUT (admin): the withdrawal risk rules. */
  riskRules: '/admin/risk-rules',
  rewards: '/admin/rewards',
  promotions: '/admin/promotions',
  promotion: '/admin/promotions/:id',
  /** GET ?status=WAITING|SENT|CANCELLED|CREDITED&page=&limit=: a page of redemptions (the item fulfilment queue by default). */
  redemptions: '/admin/redemptions',
  redemptionSend: '/admin/redemptions/:id/send',
  redemptionCancel: '/admin/redemptions/:id/cancel',
  /** GET: every cashback schedule with what it paid; POST (admin): a new one. */
  cashbackSchedules: '/admin/cashback/schedules',
  /** PUT (admin): change a schedule, or pause it. */
  cashbackSchedule: '/admin/cashback/schedules/:id',
  /** POST (admin): settle the schedule's last finished period now (the job does it on its own). */
  cashbackScheduleRun: '/admin/cashback/schedules/:id/run',
  /** GET ?scheduleId=&status=&page=&limit=: a page of cashback payouts, newest period first. */
  cashbackPayouts: '/admin/cashback/payouts',
  /** GET: the VIP ranks with how many players hold each; POST (admin): a new one. */
  vipRanks: '/admin/vip/ranks',
  /** PUT (admin): change a rank (players keep a rank they reached). */
  vipRank: '/admin/vip/ranks/:id',
  /** GET: a player's promotions, points and redemptions. */
  playerLoyalty: '/admin/players/:id/loyalty',
  /** GET: bonus given, wagered and returned today. */
  loyaltySummary: '/admin/loyalty/summary',
  reward: '/admin/rewards/:id',
  /** POST multipart with one `image` file (PNG or JPEG): answers the file name for a reward's imageUrl. */
  rewardImage: '/admin/rewards/images',
  operators: '/admin/operators',
  operator: '/admin/operators/:id',
  audit: '/admin/audit',
  auditVerify: '/admin/audit/verify',
  ledgerCheck: '/admin/ledger/check',
  /** The last result of each health check (ledger, audit chain): when, by whom, what it found. */
  health: '/admin/health',
} as const;

/** Pages the server itself serves in demo mode. */
export const DEMO_PATHS = {
  sandboxBank: '/sandbox-bank',
  sandboxBankTransfer: '/sandbox-bank/transfer',
  sandboxBankSlip: '/sandbox-bank/slip/:reference',
  /** The LINE sandbox: the messages the fake Messaging API received, and a form to write to the official account. */
  sandboxLine: '/sandbox-line',
  sandboxLineSend: '/sandbox-line/send',
  /** The fake Messaging API's base: its push endpoint is …/v2/bot/message/push, as LINE's. */
  sandboxLineApi: '/sandbox-line/api',
} as const;

/** Where the operators' back office is served. */
export const BACKOFFICE_BASE_PATH = '/backoffice/';

/** The first path segment of every server path, for proxies that forward by prefix ("/api", "/login", ...). */
export function serverPathPrefixes(): string[] {
  const all = [
    ...Object.values(API_PATHS),
    ...Object.values(WEBHOOK_PATHS),
    ...Object.values(ADMIN_PATHS),
    ...Object.values(DEMO_PATHS),
  ];
  return [...new Set(all.map((path) => `/${path.split('/')[1] ?? ''}`))];
}

/** Fills the `:name` parameters of a path, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`fillPath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
}
