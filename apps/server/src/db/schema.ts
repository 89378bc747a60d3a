import type { ColumnType, Generated } from 'kysely';

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

export interface LoginFailuresTable {
  id: Generated<number>;
  scope: 'phone' | 'address';
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
  type: string;
  status: string;
  amount: number;
  before_amount: number;
  after_amount: number;
  journal_entry_id: number | null;
  note: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
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
}

export interface RewardsTable {
  id: Generated<number>;
  name: string;
  image_url: string;
  active: Generated<boolean>;
  sort_order: Generated<number>;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: CreatedAt;
}

export interface Database {
  players: PlayersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  ledger_accounts: LedgerAccountsTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  history: HistoryTable;
  idempotency_keys: IdempotencyKeysTable;
  settings: SettingsTable;
  house_bank_accounts: HouseBankAccountsTable;
  rewards: RewardsTable;
  schema_migrations: SchemaMigrationsTable;
}
