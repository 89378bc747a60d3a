import type { HistoryStatus, HistoryType } from '@app/contracts/history';
import type { CheckRunSource } from '@app/contracts/ops';
import type { RewardKind, RewardNames } from '@app/contracts/settings';
import type { ColumnType, Generated } from 'kysely';

export type { RewardNames };

/** Kysely's view of the tables of migrations/. BIGINT arrives as number (see database.ts). */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PlayersTable {
  id: Generated<number>;
  username: Generated<string>;
  phone_number: string;
  full_name: string;
  bank_code: string;
  bank_name: string;
  bank_number: string;
  agent_id: number;
  line_id: string | null;
  password_hash: string;
  frozen_at: Date | null;
  frozen_reason: string | null;
  /** Where the player registered from (migration 016): the address, and a hash of the device's user agent. */
  registered_address: string | null;
  registered_device: string | null;
  /** The normalised full name (blacklist/identity.ts), for duplicate identity. */
  name_key: string | null;
  /** When the bank account or the name last changed (a trigger keeps it). */
  identity_changed_at: Generated<Date | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface SessionsTable {
  id: string;
  player_id: number;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  client_address: string | null;
  user_agent: string | null;
}

export type ThrottleScope =
  | 'phone'
  | 'address'
  | 'operator'
  | 'operator_address'
  | 'register'
  | 'old_password'
  | 'slip_upload'
  | 'operator_enrol'
  | 'line_code'
  | 'line_code_wait';

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: ThrottleScope;
  subject: string;
  failed_at: UpdatedAt;
}

export type Currency = 'THB' | 'PTS';

export interface LedgerAccountsTable {
  id: Generated<number>;
  player_id: number | null;
  kind: string;
  provider: Generated<string>;
  currency: Currency;
  balance: number | null;
  created_at: CreatedAt;
}

export interface JournalEntriesTable {
  id: Generated<number>;
  kind: string;
  player_id: number | null;
  reference: string | null;
  created_at: CreatedAt;
}

export interface PostingsTable {
  id: Generated<number>;
  journal_entry_id: number;
  account_id: number;
  amount: number;
  currency: Currency;
}

export interface HistoryTable {
  id: Generated<number>;
  player_id: number;
  type: HistoryType;
  status: HistoryStatus;
  amount: number;
  before_amount: number;
  after_amount: number;
  journal_entry_id: number | null;
  note: string | null;
  source: HistorySource | null;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  settlement_journal_entry_id: number | null;
  related_history_id: number | null;
  /** A MANUAL_DEPOSIT that counts as a deposit: it earned points and started a pending promotion. */
  as_deposit: Generated<boolean>;
  /** The bank's reference of a paid withdrawal. */
  bank_reference: Generated<string | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** How a history entry came about: the bank feed, a slip, an operator, the player. */
export type HistorySource = 'FEED' | 'SLIP' | 'OPERATOR' | 'PLAYER';

/** Entries per player and type, kept by a trigger on history (migration 013): the page totals. */
export interface HistoryCountsTable {
  player_id: number;
  type: HistoryType;
  entries: number;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  fingerprint: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

export interface SettingsTable {
  code: string;
  value: string;
  is_public: Generated<boolean>;
  updated_at: UpdatedAt;
}

export interface HouseBankAccountsTable {
  id: Generated<number>;
  bank_code: string;
  bank_name: string;
  bank_number: string;
  full_name: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  promptpay_id: string | null;
}

export type { RewardKind } from '@app/contracts/settings';

export interface RewardsTable {
  id: Generated<number>;
  name: string;
  image_url: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
  kind: Generated<RewardKind>;
  price_points: Generated<number>;
  credit_satang: number | null;
  turnover_multiplier: Generated<number>;
  promotion_id: number | null;
  /** Null: unlimited. */
  stock: number | null;
  /** Redemptions per player per Bangkok day; null: no limit. */
  daily_limit: number | null;
  /** The name in languages other than Thai (`name`): { en?, cn?, ls?, mm?, ko? }. */
  names: ColumnType<RewardNames, string | undefined, string>;
}

export type PromotionKind = 'FIRST_DEPOSIT' | 'EVERY_DEPOSIT' | 'DAILY_FIRST_DEPOSIT' | 'FIXED';
export type TurnoverBase = 'DEPOSIT_AND_BONUS' | 'BONUS';

export interface PromotionsTable {
  id: Generated<number>;
  kind: PromotionKind;
  percent: Generated<number>;
  fixed_satang: number | null;
  cap_satang: number | null;
  min_deposit_satang: Generated<number>;
  turnover_multiplier: Generated<number>;
  turnover_base: Generated<TurnoverBase>;
  contribution_wc: Generated<number>;
  contribution_ufa: Generated<number>;
  max_withdraw_satang: number | null;
  forfeit_winnings: Generated<boolean>;
  starts_at: Date | null;
  ends_at: Date | null;
  claim_limit: Generated<'ONCE' | 'DAILY'>;
  texts: ColumnType<unknown, string, string>;
  image_url: string | null;
  status: Generated<'ACTIVE' | 'PAUSED'>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export type PlayerPromotionStatus =
  | 'PENDING'
  | 'ACTIVE'
  | 'COMPLETED'
  | 'FORFEITED'
  | 'ENDED_LOW_BALANCE'
  | 'CANCELLED';

export interface PlayerPromotionsTable {
  id: Generated<number>;
  player_id: number;
  promotion_id: number | null;
  reward_id: number | null;
  cashback_payout_id: Generated<number | null>;
  status: PlayerPromotionStatus;
  deposit_satang: Generated<number>;
  bonus_satang: Generated<number>;
  turnover_required: Generated<number>;
  turnover_done: Generated<number>;
  contribution_wc: Generated<number>;
  contribution_ufa: Generated<number>;
  max_withdraw_satang: number | null;
  forfeit_winnings: Generated<boolean>;
  returned_satang: Generated<number>;
  deposit_history_id: number | null;
  bonus_journal_id: number | null;
  end_journal_id: number | null;
  claimed_at: CreatedAt;
  activated_at: Date | null;
  ended_at: Date | null;
  end_reason: string | null;
}

export interface TurnoverBetsTable {
  provider: string;
  reference: string;
  player_id: number;
  stake_satang: number;
  player_promotion_id: number | null;
  counted_satang: Generated<number>;
  voided_at: Date | null;
  created_at: CreatedAt;
}

export interface PlayerLoyaltyTable {
  player_id: number;
  turnover_satang: Generated<number>;
  turnover_points: Generated<number>;
}

export type PointsSource = 'DEPOSIT' | 'TURNOVER' | 'REFUND';

export interface PointsLotsTable {
  id: Generated<number>;
  player_id: number;
  points: number;
  remaining: number;
  source: PointsSource;
  reference: string;
  earned_at: CreatedAt;
  expires_at: Date | null;
  journal_entry_id: number;
}

export type RedemptionStatus = 'CREDITED' | 'WAITING' | 'SENT' | 'CANCELLED';

export interface RedemptionsTable {
  id: Generated<number>;
  player_id: number;
  reward_id: number;
  reward_name: string;
  kind: RewardKind;
  points: number;
  credit_satang: number | null;
  status: RedemptionStatus;
  journal_entry_id: number | null;
  refund_journal_id: number | null;
  player_promotion_id: number | null;
  note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

export type OperatorRole = 'operator' | 'admin';

export interface OperatorsTable {
  id: Generated<number>;
  username: string;
  display_name: string;
  role: OperatorRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_enrolled_at: Date | null;
  totp_last_step: number | null;
  disabled_at: Date | null;
  last_login_at: Date | null;
  /** Satang; above it a manual credit waits for a second admin. Null: the setting MANUAL_CREDIT_APPROVAL_ABOVE. */
  manual_credit_limit: Generated<number | null>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OperatorSessionsTable {
  id: string;
  operator_id: number;
  purpose: 'session' | 'enrol';
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
  client_address: string | null;
  user_agent: string | null;
  /** An enrolment's own TOTP secret, until its first code makes it the operator's. */
  totp_secret: string | null;
}

export type BankTransferStatus = 'CREDITED' | 'UNMATCHED' | 'ASSIGNED' | 'MISMATCH' | 'HELD' | 'RETURNED';

export interface BankTransfersTable {
  id: Generated<number>;
  reference: string;
  from_bank_code: string;
  bank_code: string | null;
  from_account: string;
  to_account: string;
  house_account_id: number | null;
  amount: number;
  transferred_at: Date;
  received_at: CreatedAt;
  status: BankTransferStatus;
  player_id: number | null;
  history_id: number | null;
  journal_entry_id: number;
  note: string | null;
  decided_by: string | null;
  decided_at: Date | null;
}

export type BankFeedFlagKind = 'REDELIVERY_DIFFERS' | 'ALREADY_CREDITED_DIFFERS';

export interface BankFeedFlagsTable {
  id: Generated<number>;
  reference: string;
  kind: BankFeedFlagKind;
  bank_transfer_id: number;
  reported: Json;
  recorded: Json;
  fingerprint: string;
  times_reported: Generated<number>;
  raised_at: CreatedAt;
  last_reported_at: ColumnType<Date, Date | string | undefined, Date | string>;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution: string | null;
}

export type CreditRequestStatus = 'WAITING' | 'APPROVED' | 'REJECTED';

export interface CreditRequestsTable {
  id: Generated<number>;
  player_id: number;
  amount: number;
  reason: string;
  requested_by: string;
  requested_by_id: number | null;
  requested_at: CreatedAt;
  status: Generated<CreditRequestStatus>;
  decided_by: string | null;
  decided_by_id: number | null;
  decided_at: Date | null;
  decision_reason: string | null;
  history_id: number | null;
  /** Approved, the credit counts as a deposit (points, a pending promotion). */
  as_deposit: Generated<boolean>;
}

export interface DepositSlipsTable {
  id: Generated<number>;
  player_id: number;
  history_id: number;
  image_key: string;
  image_sha256: string;
  content_type: string;
  qr_payload: string | null;
  slip_reference: string | null;
  sending_bank: string | null;
  crc_valid: boolean | null;
  bank_transfer_id: number | null;
  created_at: CreatedAt;
}

type Json = ColumnType<unknown, string | null, never>;

export interface AuditLogTable {
  id: Generated<number>;
  at: ColumnType<Date, Date, never>;
  operator_id: number | null;
  actor: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  reason: string | null;
  before: Json;
  after: Json;
  /** The row's own hash, written with it (the chain is linked after commit). */
  content_hash: string | null;
  /** Set when the sealer links the row into the chain: its place, the hash before it and its own. */
  chain_seq: number | null;
  prev_hash: string | null;
  hash: string | null;
}

export interface ProviderPlayersTable {
  player_id: number;
  provider: string;
  player_ref: string;
  registered_at: Date | null;
  transfer_version: Generated<number>;
  credit_synced_at: Date | null;
  created_at: CreatedAt;
  /** The provider's total stake of settled bets already counted as turnover. */
  turnover_recorded: Generated<number>;
}

export type TransferDirection = 'OUT' | 'IN';
export type ProviderTransferStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

export interface ProviderTransfersTable {
  id: Generated<number>;
  reference: string;
  player_id: number;
  provider: string;
  direction: TransferDirection;
  amount: number;
  status: ProviderTransferStatus;
  intent_journal_id: number;
  settle_journal_id: number | null;
  attempts: Generated<number>;
  last_error: string | null;
  next_check_at: ColumnType<Date, Date | string | undefined, Date | string>;
  lease_until: Date | null;
  created_at: CreatedAt;
  settled_at: Date | null;
  client_key: string | null;
}

export type SeamlessKind = 'BET' | 'WIN' | 'ROLLBACK' | 'VOIDED_BET';

export interface SeamlessTransactionsTable {
  provider: string;
  txn_id: string;
  kind: SeamlessKind;
  player_id: number | null;
  amount: number | null;
  round_id: string | null;
  bet_txn_id: string | null;
  fingerprint: string;
  journal_entry_id: number | null;
  answer: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** A seamless round with an accepted bet whose result has not arrived (migration 026). */
export interface OpenRoundsTable {
  provider: string;
  round_id: string;
  player_id: number;
  opened_at: CreatedAt;
}

export type CheckName = 'ledger' | 'audit_chain';

export interface CheckRunsTable {
  id: Generated<number>;
  check_name: CheckName;
  ran_at: CreatedAt;
  ok: boolean;
  source: CheckRunSource;
  operator_id: number | null;
  ran_by: string;
  result: ColumnType<unknown, string, never>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
  /** SHA-256 of the migration's SQL; null only on rows written before checksums (filled in at the next start). */
  checksum: string | null;
}

export interface SchemaModuleSqlTable {
  file: string;
  checksum: string;
  applied_at: CreatedAt;
}

/** Barred bank accounts, phones and names (migration 015). */
export interface BlacklistTable {
  id: Generated<number>;
  kind: 'BANK_ACCOUNT' | 'PHONE' | 'NAME';
  value: string;
  normalised: string;
  note: string | null;
  created_by: string;
  created_at: CreatedAt;
}

export type PayoutStatusColumn = 'PENDING' | 'UNKNOWN' | 'PAID' | 'FAILED';

export interface PayoutsTable {
  id: Generated<number>;
  history_id: number;
  player_id: number;
  reference: string;
  amount: number;
  to_bank_code: string;
  to_account: string;
  to_name: string;
  status: PayoutStatusColumn;
  approved_by: string;
  attempts: Generated<number>;
  last_error: string | null;
  bank_reference: string | null;
  paid_by_hand: string | null;
  lease_until: Date | null;
  journal_entry_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  paid_at: Date | null;
}

export interface BankDebitsTable {
  id: Generated<number>;
  line: number;
  reference: string | null;
  bank_reference: string;
  amount: number;
  to_bank_code: string;
  to_account: string;
  debited_at: Date;
  payout_id: number | null;
  created_at: CreatedAt;
}

export interface BankStatementCursorTable {
  id: number;
  line: number;
  updated_at: UpdatedAt;
}

export interface WithdrawalReviewsTable {
  history_id: number;
  player_id: number;
  reasons: ColumnType<unknown, string, string>;
  score: number;
  route: 'AUTO' | 'REVIEW';
  scored_at: CreatedAt;
}

export interface PlayerFlagsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'SAME_NAME' | 'SHARED_ADDRESS' | 'SHARED_DEVICE';
  related_player_id: number;
  created_at: CreatedAt;
}

export interface PlayerLoginFailuresTable {
  player_id: number;
  failed_at: CreatedAt;
}

/** Player protection (migration 017). */
export interface PlayerLimitsTable {
  player_id: number;
  kind: 'DEPOSIT' | 'LOSS';
  period: 'DAY' | 'WEEK' | 'MONTH';
  amount: ColumnType<number | null, number | null | undefined, number | null>;
  pending_set: Generated<boolean>;
  pending_amount: number | null;
  pending_from: Date | null;
  updated_at: UpdatedAt;
}

export interface PlayerExclusionsTable {
  id: Generated<number>;
  player_id: number;
  kind: 'TIMEOUT' | 'SELF_EXCLUSION';
  starts_at: ColumnType<Date, Date | undefined, never>;
  ends_at: ColumnType<Date | null, Date | null, never>;
  created_at: CreatedAt;
}

export interface PlayerProtectionTable {
  player_id: number;
  reality_check_minutes: number | null;
  updated_at: UpdatedAt;
}

export type HeldDepositStatus = 'HELD' | 'RETURNED' | 'RELEASED';

export interface HeldDepositsTable {
  id: Generated<number>;
  player_id: number;
  bank_transfer_id: number;
  amount: number;
  reference: string;
  reason: 'DEPOSIT_LIMIT' | 'EXCLUDED';
  status: Generated<HeldDepositStatus>;
  journal_entry_id: number;
  history_id: number | null;
  decided_by: string | null;
  decided_at: Date | null;
  created_at: CreatedAt;
}

/** Notifications (migration 018). */
export interface NotificationsTable {
  id: Generated<number>;
  player_id: number;
  kind: string;
  params: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
  read_at: Date | null;
}

export interface LineLinksTable {
  player_id: number;
  line_user_id: string;
  language: string;
  linked_at: CreatedAt;
}

export interface LineLinkCodesTable {
  code: string;
  player_id: number;
  language: Generated<string>;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  player_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  language: string;
  /** When the device subscribed, last: subscribing again makes it the newest (the cap removes the oldest). */
  created_at: UpdatedAt;
}

export interface NotificationSendsTable {
  id: Generated<number>;
  notification_id: number | null;
  channel: 'LINE' | 'PUSH' | 'LINE_GROUP';
  target: string;
  payload: ColumnType<Record<string, unknown>, string, never>;
  status: Generated<'PENDING' | 'SENT' | 'FAILED'>;
  attempts: Generated<number>;
  next_at: ColumnType<Date, Date | undefined, Date>;
  last_error: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
}

/** Migration 019: the last item of each queue the operators' LINE group was told about. */
export interface OperatorAlertMarksTable {
  queue: OperatorQueue;
  last_id: number;
  alerted_at: Date | null;
}
export type OperatorQueue = 'WITHDRAWALS' | 'SLIPS' | 'HELD' | 'UNMATCHED';

/** A cashback schedule an operator defines (migration 032). */
export interface CashbackSchedulesTable {
  id: Generated<number>;
  names: ColumnType<Record<string, string>, string | undefined, string>;
  period: 'DAY' | 'WEEK';
  base: 'NET_LOSS' | 'NET_DEPOSIT';
  rate_bp: number;
  min_satang: Generated<number>;
  max_satang: number | null;
  turnover_multiplier: Generated<number>;
  max_withdraw_satang: number | null;
  status: Generated<'ACTIVE' | 'PAUSED'>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** One player's cashback of one schedule's period: written only by settle_cashback. */
export interface CashbackPayoutsTable {
  id: Generated<number>;
  schedule_id: number;
  player_id: number;
  period_start: Date;
  period_end: Date;
  base_satang: number;
  amount_satang: number;
  turnover_required: Generated<number>;
  max_withdraw_satang: number | null;
  status: 'PAID' | 'SKIPPED' | 'WAITING';
  reason: string | null;
  player_promotion_id: number | null;
  journal_entry_id: number | null;
  created_at: CreatedAt;
  paid_at: Date | null;
}

/** A schedule's period whose players have all been settled. */
export interface CashbackRunsTable {
  schedule_id: number;
  period_start: Date;
  players: number;
  finished_at: CreatedAt;
}

/** A player who asked for no cashback. */
export interface CashbackOptOutsTable {
  player_id: number;
  created_at: CreatedAt;
}

/** A VIP rank operators define (migration 033). */
export interface VipRanksTable {
  id: Generated<number>;
  names: ColumnType<Record<string, string>, string | undefined, string>;
  turnover_satang: number;
  rakeback_bp: Generated<number>;
  level_up_satang: Generated<number>;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

/** The rank a player holds: written only by vip_rank_up. */
export interface PlayerRanksTable {
  player_id: number;
  rank_id: number;
  reached_at: CreatedAt;
}

/** Each rank a player reached, once, with its reward: written only by vip_rank_up. */
export interface RankUpsTable {
  player_id: number;
  rank_id: number;
  amount_satang: number;
  status: 'PAID' | 'SKIPPED' | 'NO_REWARD';
  reason: string | null;
  journal_entry_id: number | null;
  created_at: CreatedAt;
}

/** The turnover a player's rakeback has been judged on: written only by settle_rakeback. */
export interface PlayerRakebackTable {
  player_id: number;
  paid_through_satang: Generated<number>;
}

/** One player's rakeback of one Bangkok day: written only by settle_rakeback. */
export interface RakebackPayoutsTable {
  id: Generated<number>;
  player_id: number;
  period_start: Date;
  period_end: Date;
  rank_id: number | null;
  turnover_satang: number;
  rate_bp: number;
  amount_satang: number;
  status: 'PAID' | 'SKIPPED';
  reason: string | null;
  journal_entry_id: number | null;
  created_at: CreatedAt;
}

/** A day whose players' rakeback has all been settled. */
export interface RakebackRunsTable {
  period_start: Date;
  players: number;
  finished_at: CreatedAt;
}

export interface Database {
  vip_ranks: VipRanksTable;
  player_ranks: PlayerRanksTable;
  rank_ups: RankUpsTable;
  player_rakeback: PlayerRakebackTable;
  rakeback_payouts: RakebackPayoutsTable;
  rakeback_runs: RakebackRunsTable;
  cashback_schedules: CashbackSchedulesTable;
  cashback_payouts: CashbackPayoutsTable;
  cashback_runs: CashbackRunsTable;
  cashback_opt_outs: CashbackOptOutsTable;
  operator_alert_marks: OperatorAlertMarksTable;
  notifications: NotificationsTable;
  line_links: LineLinksTable;
  line_link_codes: LineLinkCodesTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_sends: NotificationSendsTable;
  player_limits: PlayerLimitsTable;
  player_exclusions: PlayerExclusionsTable;
  player_protection: PlayerProtectionTable;
  held_deposits: HeldDepositsTable;
  player_login_failures: PlayerLoginFailuresTable;
  payouts: PayoutsTable;
  bank_debits: BankDebitsTable;
  bank_statement_cursor: BankStatementCursorTable;
  withdrawal_reviews: WithdrawalReviewsTable;
  player_flags: PlayerFlagsTable;
  blacklist: BlacklistTable;
  players: PlayersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  history: HistoryTable;
  history_counts: HistoryCountsTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  house_bank_accounts: HouseBankAccountsTable;
  rewards: RewardsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  bank_transfers: BankTransfersTable;
  deposit_slips: DepositSlipsTable;
  bank_feed_flags: BankFeedFlagsTable;
  credit_requests: CreditRequestsTable;
  audit_log: AuditLogTable;
  provider_players: ProviderPlayersTable;
  provider_transfers: ProviderTransfersTable;
  seamless_transactions: SeamlessTransactionsTable;
  open_rounds: OpenRoundsTable;
  check_runs: CheckRunsTable;
  schema_migrations: SchemaMigrationsTable;
  schema_module_sql: SchemaModuleSqlTable;
  promotions: PromotionsTable;
  player_promotions: PlayerPromotionsTable;
  turnover_bets: TurnoverBetsTable;
  player_loyalty: PlayerLoyaltyTable;
  points_lots: PointsLotsTable;
  redemptions: RedemptionsTable;
}
