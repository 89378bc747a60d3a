/**
 * Hand-made mutants of the money rules that live in SQL (Stryker mutates only
 * TypeScript). Each changes one rule of one function, one line or so, and
 * names the test that must fail because of it. `npm run test:sql-mutants`
 * (scripts/sql-mutants.ts at the root) runs each mutant's test with the
 * mutant applied and reports the ones that survive; the test database applies
 * the mutant named by SQL_MUTANT right after migrating (support/test-app.ts).
 *
 * A mutant is applied to the function's text as its module SQL file
 * (src/db/module-sql.ts) has it: every `find` must occur exactly once, so a
 * mutant that no longer fits its function fails loudly instead of testing
 * nothing. Each module's mutants live beside the SQL they change (`sql/mutants.ts`
 * in the module's folder, `src/lib/sql/mutants.ts`); this file gathers them. A new money rule in SQL gets
 * its mutants in the `mutants.ts` beside it.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { moduleSql } from '../../src/db/module-sql.ts';
import { LIB_MUTANTS } from '../../src/lib/sql/mutants.ts';
import { AUDIT_MUTANTS } from '../../src/modules/audit/sql/mutants.ts';
import { AUTH_MUTANTS } from '../../src/modules/auth/sql/mutants.ts';
import { CASHBACK_MUTANTS } from '../../src/modules/cashback/sql/mutants.ts';
import { DEPOSITS_MUTANTS } from '../../src/modules/deposits/sql/mutants.ts';
import { GAMES_MUTANTS } from '../../src/modules/games/sql/mutants.ts';
import { HISTORY_MUTANTS } from '../../src/modules/history/sql/mutants.ts';
import { IDEMPOTENCY_MUTANTS } from '../../src/modules/idempotency/sql/mutants.ts';
import { LEDGER_MUTANTS } from '../../src/modules/ledger/sql/mutants.ts';
import { LOYALTY_MUTANTS } from '../../src/modules/loyalty/sql/mutants.ts';
import { NOTIFICATIONS_MUTANTS } from '../../src/modules/notifications/sql/mutants.ts';
import { PAYOUTS_MUTANTS } from '../../src/modules/payouts/sql/mutants.ts';
import { PLAYER_MUTANTS } from '../../src/modules/player/sql/mutants.ts';
import { PROTECTION_MUTANTS } from '../../src/modules/protection/sql/mutants.ts';
import { SETTINGS_MUTANTS } from '../../src/modules/settings/sql/mutants.ts';
import { VIP_MUTANTS } from '../../src/modules/vip/sql/mutants.ts';
import { WALLET_MUTANTS } from '../../src/modules/wallet/sql/mutants.ts';
import { WITHDRAWALS_MUTANTS } from '../../src/modules/withdrawals/sql/mutants.ts';

export type SqlMutant = {
  id: string;
  fn:
    | 'post_journal'
    | 'request_withdrawal'
    | 'player_withdraw'
    | 'journal_assert_balanced'
    | 'setting_satang'
    | 'money_setting_satang'
    | 'session_active'
    | 'player_frozen'
    | 'idempotency_stored'
    | 'idempotency_claim'
    | 'idempotency_store'
    | 'bangkok_day_start'
    | 'bangkok_period_start'
    | 'player_limit_in_force'
    | 'player_loss_since'
    | 'player_deposits_since'
    | 'player_protection_refusal'
    | 'audit_log_refuse_change'
    | 'audit_canonical_json'
    | 'audit_append'
    | 'manual_credit_needs_approval'
    | 'operator_adjust'
    | 'admin_history_entry_json'
    | 'notify_player'
    | 'create_payout'
    | 'record_withdrawal_verdict'
    | 'withdrawal_approved'
    | 'decide_withdrawal'
    | 'match_bank_debits'
    | 'record_payout_paid'
    | 'settle_payout_paid'
    | 'post_withdraw_payout'
    | 'whole_number_setting'
    | 'loyalty_whole_setting'
    | 'baht_setting_satang'
    | 'loyalty_settings'
    | 'award_points'
    | 'move_bonus_money'
    | 'end_claim'
    | 'return_to_house'
    | 'complete_claim'
    | 'end_below_floor'
    | 'player_rounds_open'
    | 'player_money_away'
    | 'settle_claim'
    | 'cancel_pending_claim'
    | 'seamless_round_has_bet'
    | 'promotion_contribution'
    | 'count_bet'
    | 'void_bet'
    | 'seamless_claim'
    | 'seamless_move'
    | 'seamless_bet'
    | 'seamless_win'
    | 'seamless_rollback'
    | 'transfer_accounts_locked'
    | 'transfer_record_intent'
    | 'settle_transfer'
    | 'transfer_game_result'
    | 'transfer_start'
    | 'transfer_sync'
    | 'house_account'
    | 'award_deposit_points'
    | 'credit_deposit'
    | 'bank_feed_deliver'
    | 'players_fitting_account'
    | 'withdrawal_risk_facts'
    | 'player_withdraw_scored'
    | 'transfer_out_start'
    | 'seamless_lock'
    | 'history_lock'
    | 'history_decide'
    | 'history_requeue_withdrawal'
    | 'ledger_balance_locked'
    | 'ledger_player_account_locked'
    | 'cashback_base'
    | 'cashback_amount'
    | 'settle_cashback'
    | 'vip_rank_up'
    | 'settle_rakeback';
  /** The rule the change breaks, in words. */
  rule: string;
  changes: { find: string; replace: string }[];
  /** The test that must fail: its file (under apps/server) and a part of its name. */
  killedBy: { file: string; test: string; postgresOnly?: boolean };
  /** Set when no test can tell the mutant from the original, with the reason. */
  equivalent?: string;
};

/** Every SQL mutant, each kept beside the SQL it changes. */
export const SQL_MUTANTS: readonly SqlMutant[] = [
  ...LEDGER_MUTANTS,
  ...SETTINGS_MUTANTS,
  ...PLAYER_MUTANTS,
  ...WITHDRAWALS_MUTANTS,
  ...LIB_MUTANTS,
  ...AUTH_MUTANTS,
  ...IDEMPOTENCY_MUTANTS,
  ...PROTECTION_MUTANTS,
  ...AUDIT_MUTANTS,
  ...WALLET_MUTANTS,
  ...HISTORY_MUTANTS,
  ...NOTIFICATIONS_MUTANTS,
  ...PAYOUTS_MUTANTS,
  ...LOYALTY_MUTANTS,
  ...GAMES_MUTANTS,
  ...DEPOSITS_MUTANTS,
  ...CASHBACK_MUTANTS,
  ...VIP_MUTANTS,
];

/** The text that creates a function, as its module SQL file has it. */
export function functionSource(fn: string): string {
  const pattern = new RegExp(`create (?:or replace )?function ${fn}\\([\\s\\S]*?\\$\\$;`);
  for (const file of moduleSql()) {
    const found = pattern.exec(file.sql);
    if (found) return found[0];
  }
  throw new Error(`no module SQL file creates ${fn}`);
}

/** The mutated function's text: each change must fit exactly once. */
export function mutatedSource(mutant: SqlMutant): string {
  let source = functionSource(mutant.fn);
  for (const change of mutant.changes) {
    const count = source.split(change.find).length - 1;
    if (count !== 1) throw new Error(`mutant ${mutant.id}: ${JSON.stringify(change.find)} occurs ${count} times`);
    // A function, not the string: `$'` and `$&` in a replacement string are patterns, not text.
    source = source.replace(change.find, () => change.replace);
  }
  return source.replace(/^create (?:or replace )?function /, 'create or replace function ');
}

/** Applies the mutant SQL_MUTANT names, if any, to a freshly migrated test database. */
export async function applySqlMutant(db: Db, id = process.env.SQL_MUTANT): Promise<void> {
  if (!id) return;
  const mutant = SQL_MUTANTS.find((candidate) => candidate.id === id);
  if (!mutant) throw new Error(`no SQL mutant ${id}`);
  await sql.raw(mutatedSource(mutant)).execute(db);
}
