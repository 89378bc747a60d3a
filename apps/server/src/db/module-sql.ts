import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';

/** A module's SQL file: its path under apps/server and its text. */
export type ModuleSql = { file: string; sql: string };

/**
 * The database functions that hold money rules, each a .sql file beside the
 * module that owns the rule (one implementation per rule: TypeScript paths
 * call these functions rather than copy them). Each file is `create or
 * replace`, applied by the migrator when its text is new or changed; a change
 * of a function's arguments or result needs a versioned migration that drops
 * the old one first (as 010 does for setting_satang).
 *
 * In dependency order: a `language sql` function is checked against what it
 * calls when it is created (plpgsql only when it runs).
 *
 * A function whose body reads a table, or holds a subquery or an aggregate, is
 * plpgsql: PostgreSQL inlines a `language sql` function into its caller only
 * when its body is a bare expression, and otherwise plans the body again on
 * every call (the session check 0.161 → 0.081 ms a call, the loyalty settings
 * 0.380 → 0.129 ms; docs/performance.md). Bare expressions stay sql.
 */
export const MODULE_SQL_FILES: readonly string[] = [
  'src/modules/settings/sql/setting_satang.sql',
  'src/modules/auth/sql/session_active.sql',
  'src/modules/player/sql/player_frozen.sql',
  'src/modules/idempotency/sql/idempotency_stored.sql',
  'src/modules/idempotency/sql/idempotency_claim.sql',
  'src/modules/idempotency/sql/idempotency_store.sql',
  'src/modules/idempotency/sql/idempotency_prune.sql',
  'src/modules/ledger/sql/journal_assert_balanced.sql',
  'src/modules/ledger/sql/house_account.sql',
  'src/modules/ledger/sql/post_journal.sql',
  'src/modules/ledger/sql/ledger_accounts.sql',
  'src/modules/history/sql/history_writes.sql',
  'src/lib/sql/bangkok_day.sql',
  'src/modules/withdrawals/sql/request_withdrawal.sql',
  'src/modules/withdrawals/sql/player_withdraw.sql',
  'src/modules/protection/sql/player_limit_in_force.sql',
  'src/modules/protection/sql/player_loss_since.sql',
  'src/modules/protection/sql/player_deposits_since.sql',
  'src/modules/protection/sql/player_protection_refusal.sql',
  'src/modules/audit/sql/audit_log_refuse_change.sql',
  'src/modules/audit/sql/audit_append.sql',
  'src/modules/history/sql/admin_history_entry_json.sql',
  'src/modules/notifications/sql/notify_player.sql',
  'src/modules/payouts/sql/create_payout.sql',
  'src/modules/withdrawals/sql/withdrawal_approved.sql',
  'src/modules/payouts/sql/record_withdrawal_verdict.sql',
  'src/modules/payouts/sql/withdrawal_risk_facts.sql',
  'src/modules/payouts/sql/post_withdraw_payout.sql',
  'src/modules/payouts/sql/match_bank_debits.sql',
  'src/modules/payouts/sql/record_payout_paid.sql',
  'src/modules/payouts/sql/settle_payout_paid.sql',
  'src/modules/wallet/sql/manual_credit_needs_approval.sql',
  'src/modules/wallet/sql/operator_adjust.sql',
  'src/modules/withdrawals/sql/decide_withdrawal.sql',
  'src/modules/loyalty/sql/loyalty_settings.sql',
  'src/modules/loyalty/sql/award_points.sql',
  'src/modules/loyalty/sql/move_bonus_money.sql',
  'src/modules/loyalty/sql/promotion_end.sql',
  'src/modules/loyalty/sql/count_bet.sql',
  'src/modules/cashback/sql/cashback.sql',
  'src/modules/vip/sql/vip.sql',
  'src/modules/deposits/sql/credit_deposit.sql',
  'src/modules/deposits/sql/bank_feed.sql',
  'src/modules/games/sql/seamless.sql',
  'src/modules/games/sql/provider_transfer.sql',
];

let loaded: readonly ModuleSql[] | undefined;

/** The module SQL files' texts, read once from the server's folder (the same from source and from the bundle). */
export function moduleSql(): readonly ModuleSql[] {
  loaded ??= MODULE_SQL_FILES.map((file) => ({ file, sql: readFileSync(path.join(SERVER_ROOT, file), 'utf8') }));
  return loaded;
}
