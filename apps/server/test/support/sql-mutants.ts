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
 * nothing. A new money rule in SQL gets its mutants here.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import { moduleSql } from '../../src/db/module-sql.ts';

export type SqlMutant = {
  id: string;
  fn:
    | 'post_journal'
    | 'request_withdrawal'
    | 'player_withdraw'
    | 'postings_assert_balanced'
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
    | 'seamless_lock';
  /** The rule the change breaks, in words. */
  rule: string;
  changes: { find: string; replace: string }[];
  /** The test that must fail: its file (under apps/server) and a part of its name. */
  killedBy: { file: string; test: string; postgresOnly?: boolean };
  /** Set when no test can tell the mutant from the original, with the reason. */
  equivalent?: string;
};

const SQL_RULES = 'test/sql-rules.test.ts';
const LEDGER_RULES = 'test/ledger-rules.test.ts';
const WITHDRAWAL_RULES = 'test/withdrawal-rules.test.ts';
const WITHDRAWALS = 'test/withdrawals.test.ts';
const LOYALTY_RULES = 'test/loyalty-rules.test.ts';
const PROTECTION = 'test/protection.test.ts';
const AUDIT = 'test/audit.test.ts';
const OPERATOR_ADJUST = 'test/operator-adjust.test.ts';
const ADMIN_PLAYERS = 'test/admin-players-settings.test.ts';
const CREDIT_REQUESTS = 'test/credit-requests.test.ts';
const DECISIONS = 'test/withdrawal-decisions.test.ts';
const NOTIFICATIONS = 'test/notifications.test.ts';
const OUTSIDE_CHANNELS = 'test/outside-channels.test.ts';
const PAYOUT_SAGA = 'test/payout-saga.test.ts';
const PAYOUTS = 'test/payouts.test.ts';
const LOYALTY_UNITS = 'test/loyalty-units.test.ts';
const SEAMLESS = 'test/seamless.test.ts';
const GAMES_RULES = 'test/games-rules.test.ts';
const TRANSFERS = 'test/transfers.test.ts';
const GAMES = 'test/games.test.ts';
const DEPOSIT_RULES = 'test/deposit-rules.test.ts';
const BANK_FEED = 'test/bank-feed.test.ts';
const RISK_RULES = 'test/risk-rules.test.ts';
const BONUS_PATHS = 'test/bonus-paths.test.ts';
const LOCKS_PAYOUTS = 'test/locks-payouts.test.ts';
const LOCKS_LOYALTY = 'test/locks-loyalty.test.ts';
const LOCKS_DEPOSITS = 'test/locks-deposits.test.ts';
const LOCKS_GAMES = 'test/locks-games.test.ts';
/** The test of credit_deposit's every field (deposit-rules.test.ts). */
const CREDIT_DEPOSIT_TEST = 'credit_deposit: a new entry and a waiting one are APPROVED';

export const SQL_MUTANTS: readonly SqlMutant[] = [
  // post_journal ----------------------------------------------------------------
  {
    id: 'PJ1',
    fn: 'post_journal',
    rule: 'every posting names an existing account (LG001)',
    changes: [{ find: 'if v_found <> cardinality(p_accounts) then', replace: 'if v_found < 0 then' }],
    killedBy: { file: LEDGER_RULES, test: 'a posting to an account that does not exist is refused' },
  },
  {
    id: 'PJ2',
    fn: 'post_journal',
    rule: 'a journal balances in each currency (LG002): an overall sum of zero is not enough',
    changes: [
      {
        find: 'select a.currency, sum(leg.amount) into v_currency, v_sum',
        replace: "select 'THB', sum(leg.amount) into v_currency, v_sum",
      },
      { find: '    group by a.currency\n', replace: '' },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a journal that sums to zero overall but not per currency' },
  },
  {
    id: 'PJ3',
    fn: 'post_journal',
    rule: 'a journal summing below zero is as unbalanced as one above',
    changes: [{ find: 'having sum(leg.amount) <> 0', replace: 'having sum(leg.amount) > 0' }],
    killedBy: { file: LEDGER_RULES, test: 'a journal summing below zero is as unbalanced as one above' },
  },
  {
    id: 'PJ4',
    fn: 'post_journal',
    rule: 'a debit never takes a stored balance below zero (LG003, insufficient balance)',
    changes: [
      {
        find: 'and balance + v_moves[i] >= 0',
        replace: 'and balance + v_moves[i] >= -100',
      },
    ],
    killedBy: {
      file: LEDGER_RULES,
      test: 'a debit of exactly the whole balance is allowed and leaves 0; one satang more is refused',
    },
  },
  {
    id: 'PJ5',
    fn: 'post_journal',
    rule: 'player balances are locked in ascending account-id order (no deadlock between journals)',
    changes: [
      {
        find: 'array_agg(leg.account_id order by leg.account_id), array_agg(leg.amount order by leg.account_id)',
        replace:
          'array_agg(leg.account_id order by leg.account_id desc), array_agg(leg.amount order by leg.account_id desc)',
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'player balances are moved in ascending account-id order' },
  },
  {
    id: 'PJ12',
    fn: 'post_journal',
    rule: 'two stored balances or more are put in ascending account-id order before any is locked',
    changes: [{ find: 'if cardinality(v_stored) > 1 then', replace: 'if false then' }],
    killedBy: { file: LEDGER_RULES, test: 'player balances are moved in ascending account-id order' },
  },
  {
    id: 'PJ6',
    fn: 'post_journal',
    rule: 'only player accounts keep a stored balance; house accounts are never row-locked',
    changes: [
      {
        find: 'array_agg(leg.account_id) filter (where a.player_id is not null),\n         array_agg(leg.amount) filter (where a.player_id is not null)',
        replace: 'array_agg(leg.account_id), array_agg(leg.amount)',
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'house accounts keep no stored balance' },
  },
  {
    id: 'PJ7',
    fn: 'post_journal',
    rule: 'the balance answered after a move is the stored one',
    changes: [{ find: 'returning balance into v_after;', replace: 'returning balance - v_moves[i] into v_after;' }],
    killedBy: { file: LEDGER_RULES, test: 'before and after are reported per player account' },
  },
  {
    id: 'PJ8',
    fn: 'post_journal',
    rule: 'each posting is written with its account’s currency',
    changes: [
      {
        find: '    select journal_id, leg.account_id, leg.amount, a.currency',
        replace: "    select journal_id, leg.account_id, leg.amount, 'THB'",
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a points (PTS) journal moves the stored points balance' },
  },
  {
    id: 'PJ9',
    fn: 'post_journal',
    rule: 'the postings are written in the order given',
    changes: [{ find: '      order by leg.position;', replace: '      order by leg.position desc;' }],
    // Postings are read back in the order they were written (by id), as the seamless test reads a journal's legs.
    killedBy: { file: SEAMLESS, test: 'a balanced journal against the WC clearing account' },
  },
  {
    id: 'PJ10',
    fn: 'post_journal',
    rule: 'a journal in two currencies is looked at per currency, even when its legs sum to zero overall',
    changes: [
      { find: 'if v_currency is distinct from v_other_currency or v_sum <> 0 then', replace: 'if v_sum <> 0 then' },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a journal that sums to zero overall but not per currency' },
  },
  {
    id: 'PJ11',
    fn: 'post_journal',
    rule: 'a journal in one currency that does not sum to zero is refused',
    changes: [
      {
        find: 'if v_currency is distinct from v_other_currency or v_sum <> 0 then',
        replace: 'if v_currency is distinct from v_other_currency then',
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a journal summing below zero is as unbalanced as one above' },
  },
  // the balance trigger --------------------------------------------------------------
  {
    id: 'BT1',
    fn: 'postings_assert_balanced',
    rule: 'a journal balances in each currency, checked at commit',
    changes: [
      {
        find: 'select journal_entry_id, currency, sum(amount) as total, count(*) as legs',
        replace: 'select journal_entry_id, min(currency) as currency, sum(amount) as total, count(*) as legs',
      },
      { find: 'group by journal_entry_id, currency', replace: 'group by journal_entry_id' },
    ],
    killedBy: {
      file: SQL_RULES,
      test: 'a journal that balances overall but not in each currency is refused at commit',
    },
  },
  {
    id: 'BT2',
    fn: 'postings_assert_balanced',
    rule: 'a negative sum is unbalanced',
    changes: [{ find: 'having sum(amount) <> 0 or count(*) < 2', replace: 'having sum(amount) > 0 or count(*) < 2' }],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT3',
    fn: 'postings_assert_balanced',
    rule: 'a journal has at least two postings',
    changes: [{ find: 'having sum(amount) <> 0 or count(*) < 2', replace: 'having sum(amount) <> 0' }],
    killedBy: { file: SQL_RULES, test: 'one leg is never a journal' },
    equivalent:
      'a posting is never zero (the column’s check, amount <> 0), so one leg in a currency always sums to non-zero and the sum alone refuses it',
  },
  {
    id: 'BT4',
    fn: 'postings_assert_balanced',
    rule: 'every kind of journal is checked, not only some',
    changes: [
      {
        find: ' where journal_entry_id = new.journal_entry_id',
        replace:
          " where journal_entry_id = new.journal_entry_id\n     and (select kind from journal_entries j where j.id = new.journal_entry_id) = 'TEST'",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'every kind of journal is held to it' },
  },
  {
    id: 'BT5',
    fn: 'postings_assert_balanced',
    rule: 'an unbalanced journal is refused, not merely reported',
    changes: [{ find: '    raise exception ', replace: '    raise notice ' }],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT6',
    fn: 'postings_assert_balanced',
    rule: 'a journal in two currencies is checked per currency, even when it sums to zero overall',
    changes: [{ find: ' and v_journal.first_currency = v_journal.last_currency then', replace: ' then' }],
    killedBy: {
      file: SQL_RULES,
      test: 'a journal that balances overall but not in each currency is refused at commit',
    },
  },
  {
    id: 'BT7',
    fn: 'postings_assert_balanced',
    rule: 'a journal in one currency that does not sum to zero is refused',
    changes: [{ find: 'v_journal.legs >= 2 and v_journal.total = 0 and', replace: 'v_journal.legs >= 2 and' }],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT8',
    fn: 'postings_assert_balanced',
    rule: 'one leg is never balanced',
    changes: [{ find: 'v_journal.legs >= 2 and', replace: 'v_journal.legs >= 1 and' }],
    killedBy: { file: SQL_RULES, test: 'one leg is never a journal' },
    equivalent:
      'a posting is never zero (the column’s check, amount <> 0), so one leg always sums to non-zero and the sum alone refuses it',
  },
  // setting_satang -------------------------------------------------------------------
  {
    id: 'SS1',
    fn: 'money_setting_satang',
    rule: 'a limit of zero is not a limit: it means the default',
    changes: [{ find: ' and trim(p_value)::numeric > 0\n', replace: '\n' }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS2',
    fn: 'money_setting_satang',
    rule: 'a limit has at most two decimals',
    changes: [{ find: '(\\.\\d{1,2})?', replace: '(\\.\\d{1,3})?' }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS3',
    fn: 'money_setting_satang',
    rule: 'spaces around a limit are allowed',
    changes: [{ find: "when trim(p_value) ~ '", replace: "when p_value ~ '" }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS4',
    fn: 'money_setting_satang',
    rule: 'baht to satang rounds (a no-op on two decimals)',
    changes: [
      {
        find: 'then round(trim(p_value)::numeric * 100)::bigint',
        replace: 'then trunc(trim(p_value)::numeric * 100)::bigint',
      },
    ],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
    equivalent:
      'the pattern admits at most two decimals, so the value times 100 is always whole: round and trunc agree',
  },
  // request_withdrawal ---------------------------------------------------------------
  {
    id: 'RW1',
    fn: 'player_frozen',
    rule: 'a withdrawal waits for a freeze in progress (the player row is read for share)',
    changes: [{ find: 'where p.id = p_player_id for share', replace: 'where p.id = p_player_id' }],
    killedBy: { file: SQL_RULES, test: 'a withdrawal waits for a freeze in progress', postgresOnly: true },
  },
  {
    id: 'RW2',
    fn: 'request_withdrawal',
    rule: 'a frozen player cannot withdraw',
    changes: [{ find: 'if v_frozen then', replace: 'if false then' }],
    killedBy: { file: WITHDRAWALS, test: 'a frozen player cannot withdraw' },
  },
  {
    id: 'RW3',
    fn: 'request_withdrawal',
    rule: 'the minimum is inclusive',
    changes: [{ find: 'if p_amount < limit_satang then', replace: 'if p_amount <= limit_satang then' }],
    killedBy: { file: SQL_RULES, test: 'the minimum is inclusive' },
  },
  {
    id: 'RW4',
    fn: 'request_withdrawal',
    rule: 'the minimum is the setting',
    changes: [
      {
        find: 'limit_satang := setting_satang(p_min_code, p_min_default);',
        replace: 'limit_satang := p_min_default;',
      },
    ],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'RW5',
    fn: 'request_withdrawal',
    rule: 'the limit is exclusive: an amount at the limit is refused',
    changes: [{ find: 'if p_amount >= limit_satang then', replace: 'if p_amount > limit_satang then' }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'an amount at the limit is refused' },
  },
  {
    id: 'RW6',
    fn: 'setting_satang',
    rule: 'an unreadable maximum falls back to the default limit, never another',
    changes: [{ find: '), p_default)', replace: '), p_default * 100)' }],
    killedBy: { file: SQL_RULES, test: 'an unreadable WITHDRAW_MAX_AMOUNT means the default limit' },
  },
  {
    id: 'RW7',
    fn: 'request_withdrawal',
    rule: 'the limit is the setting',
    changes: [
      {
        find: 'limit_satang := setting_satang(p_limit_code, p_limit_default);',
        replace: 'limit_satang := p_limit_default;',
      },
    ],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the limit is the setting too' },
  },
  {
    id: 'RW8',
    fn: 'request_withdrawal',
    rule: 'reaching the day’s total exactly is allowed; passing it is not',
    changes: [
      { find: 'if v_today + p_amount > daily_satang then', replace: 'if v_today + p_amount >= daily_satang then' },
    ],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  {
    id: 'RW9',
    fn: 'request_withdrawal',
    rule: 'a rejected withdrawal does not count towards the day’s total',
    changes: [
      {
        find: "h.status in ('WAITING', 'APPROVED')",
        replace: "h.status in ('WAITING', 'APPROVED', 'REJECTED')",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'a rejected withdrawal gives its room back' },
  },
  {
    id: 'RW10',
    fn: 'request_withdrawal',
    rule: 'only today’s withdrawals count (since midnight in Bangkok)',
    changes: [{ find: '      and h.created_at >= bangkok_day_start();', replace: ';' }],
    killedBy: { file: SQL_RULES, test: 'a rejected withdrawal gives its room back' },
  },
  {
    id: 'RW11',
    fn: 'request_withdrawal',
    rule: 'the day’s total is the setting',
    changes: [
      {
        find: 'daily_satang := setting_satang(p_daily_code, p_daily_default);',
        replace: 'daily_satang := p_daily_default;',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  {
    id: 'RW12',
    fn: 'request_withdrawal',
    rule: 'a refusal by the day’s total says what is left',
    changes: [
      { find: 'limit_satang := greatest(daily_satang - v_today, 0);', replace: 'limit_satang := daily_satang;' },
    ],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  {
    id: 'RW13',
    fn: 'request_withdrawal',
    rule: 'one player’s withdrawals are serialised (the main account is locked before the day’s total is read)',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN'\n    for update;",
        replace: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two withdrawals at once that together pass the day', postgresOnly: true },
    equivalent:
      'settle_claim, which request_withdrawal calls next, takes the same main account first, before the day’s total is read: the second withdrawal waits there (the test still shows it waiting and refused)',
  },
  {
    id: 'RW14',
    fn: 'request_withdrawal',
    rule: 'the entry records the balance before the hold',
    changes: [{ find: 'p_amount, v_after + p_amount, v_after,', replace: 'p_amount, v_after, v_after,' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'RW15',
    fn: 'request_withdrawal',
    rule: 'the hold moves exactly the amount',
    changes: [{ find: 'array[-p_amount, p_amount]', replace: 'array[-p_amount + 1, p_amount - 1]' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'RW16',
    fn: 'request_withdrawal',
    rule: 'only withdrawals count towards the day’s total, not deposits, refunds or manual debits',
    changes: [{ find: " and h.type = 'WITHDRAW' and ", replace: ' and ' }],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  {
    id: 'RW17',
    fn: 'request_withdrawal',
    rule: 'the day’s total is the player’s own',
    changes: [{ find: 'where h.player_id = p_player_id and ', replace: 'where ' }],
    killedBy: { file: SQL_RULES, test: 'the day’s total is each player’s own' },
  },
  {
    id: 'RW18',
    fn: 'request_withdrawal',
    rule: 'a request beyond the day’s total is refused by it, before the balance is tried',
    changes: [
      {
        find: 'limit_satang := greatest(daily_satang - v_today, 0);\n    return;',
        replace: 'limit_satang := greatest(daily_satang - v_today, 0);',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'the day’s total is checked before the balance' },
  },
  // bangkok_day_start ----------------------------------------------------------------
  {
    id: 'BD1',
    fn: 'bangkok_day_start',
    rule: 'the withdrawal day starts at midnight in Bangkok (UTC+7), not in UTC',
    changes: [
      {
        find: "bangkok_period_start('DAY', now())",
        replace: "date_trunc('day', now())",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'the day starts at midnight in Bangkok' },
  },
  // player_withdraw ------------------------------------------------------------------
  {
    id: 'PW1',
    fn: 'session_active',
    rule: 'a revoked session withdraws nothing',
    changes: [{ find: 's.revoked_at is null and ', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a logged-out token with a valid body is 401' },
  },
  {
    id: 'PW2',
    fn: 'session_active',
    rule: 'an expired session withdraws nothing',
    changes: [{ find: ' and s.expires_at > now()', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a revoked, an expired, and another player’s session' },
  },
  {
    id: 'PW3',
    fn: 'session_active',
    rule: 'a session withdraws only for its own player',
    changes: [{ find: 's.player_id = p_player_id and ', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a revoked, an expired, and another player’s session' },
  },
  {
    id: 'PW4',
    fn: 'idempotency_stored',
    rule: 'a replay reads the key of its own player (scope) only',
    changes: [
      {
        find: 'from idempotency_keys k where k.scope = p_scope and k.key = p_key;',
        replace: 'from idempotency_keys k where k.key = p_key order by k.created_at limit 1;',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'PW5',
    fn: 'idempotency_store',
    rule: 'the answer is stored under the key of its own player (scope) only',
    changes: [
      {
        find: 'where k.scope = p_scope and k.key = p_key and k.status_code = 0;',
        replace: 'where k.key = p_key;',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'PW6',
    fn: 'idempotency_stored',
    rule: 'a key reused for another request is refused (ID001)',
    changes: [{ find: 'if v_stored.fingerprint <> p_fingerprint then', replace: 'if false then' }],
    killedBy: { file: SQL_RULES, test: 'the same key of one player with another amount is 409' },
  },
  {
    id: 'PW7',
    fn: 'idempotency_stored',
    rule: 'a key whose work is still running is never answered as a replay',
    changes: [{ find: 'if v_stored.status_code <> 200 then', replace: 'if false then' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
    equivalent:
      'the key is claimed and answered in one transaction, so another transaction never sees a key without its answer: the guard never fires',
  },
  {
    id: 'PW8',
    fn: 'player_withdraw',
    rule: 'a frozen player’s refusal is raised (nothing held, no key kept)',
    changes: [
      {
        find: "when 'ACCOUNT_FROZEN' then raise exception using errcode = 'WD002', message = 'account frozen';",
        replace: '',
      },
    ],
    killedBy: { file: WITHDRAWALS, test: 'a frozen player cannot withdraw' },
  },
  {
    id: 'PW9',
    fn: 'player_withdraw',
    rule: 'the answer is stored with the key, so a retry replays it',
    changes: [
      {
        find: '  if p_key is not null then\n    perform idempotency_store',
        replace: '  if false then\n    perform idempotency_store',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'PW10',
    fn: 'player_withdraw',
    rule: 'a refusal by the day’s total is raised with what is left and the limit (WD006)',
    changes: [
      {
        find: "message = v_held.limit_satang::text || ':' || v_held.daily_satang::text;",
        replace: "message = v_held.daily_satang::text || ':' || v_held.daily_satang::text;",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  {
    id: 'PW11',
    fn: 'player_withdraw',
    rule: 'a refusal by the day’s total is raised (WD006), not answered as a withdrawal',
    changes: [
      {
        find: "    when 'DAILY_LIMIT' then raise exception using errcode = 'WD006',\n      message = v_held.limit_satang::text || ':' || v_held.daily_satang::text;\n",
        replace: '',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'waiting and approved withdrawals of the Bangkok day count' },
  },
  // A promotion's unmet turnover holds withdrawals (WD007) ------------
  {
    id: 'RW-T1',
    fn: 'request_withdrawal',
    rule: 'an ACTIVE promotion with its turnover unmet refuses the withdrawal (TURNOVER_UNMET)',
    changes: [{ find: '  if found then\n    refusal := case', replace: '  if false then\n    refusal := case' }],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  {
    id: 'RW-T7',
    fn: 'request_withdrawal',
    rule: 'a met requirement still waiting for its round refuses the withdrawal as finishing, not as unmet',
    changes: [
      {
        find: "then 'TURNOVER_UNMET'\n                    else 'PROMOTION_FINISHING' end",
        replace: "then 'TURNOVER_UNMET'\n                    else 'TURNOVER_UNMET' end",
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a requirement met by a bet in flight completes when the round settles' },
  },
  {
    id: 'RW-T8',
    fn: 'request_withdrawal',
    rule: 'a withdrawal settles the requirement first: a met one with nothing left to decide completes and lets it through',
    changes: [{ find: '  perform settle_claim(p_player_id, null);\n', replace: '' }],
    killedBy: {
      file: BONUS_PATHS,
      test: 'a met requirement whose round its provider never closed completes at the withdrawal',
    },
  },
  {
    id: 'RW-T2',
    fn: 'request_withdrawal',
    rule: 'the requirement that holds a withdrawal is the player’s own',
    changes: [{ find: 'where c.player_id = p_player_id and c.status = ', replace: 'where c.status = ' }],
    killedBy: { file: LOYALTY_RULES, test: 'only the player’s own requirement holds their withdrawal' },
  },
  {
    id: 'RW-T3',
    fn: 'request_withdrawal',
    rule: 'only an ACTIVE requirement holds a withdrawal (not a finished one)',
    changes: [{ find: "c.status = 'ACTIVE';", replace: "c.status <> 'CANCELLED';" }],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'forfeit: the bonus (at most the main balance) returns to the house; withdrawals open again',
    },
  },
  {
    id: 'RW-T4',
    fn: 'request_withdrawal',
    rule: 'the refusal names the turnover done and the turnover required, in that order',
    changes: [
      {
        find: 'limit_satang := v_claim.turnover_required;\n    daily_satang := v_claim.turnover_done;',
        replace: 'limit_satang := v_claim.turnover_done;\n    daily_satang := v_claim.turnover_required;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  {
    id: 'RW-T5',
    fn: 'request_withdrawal',
    rule: 'a requirement whose turnover is met does not hold a withdrawal',
    changes: [
      {
        find: 'v_claim.turnover_done < v_claim.turnover_required then',
        replace: 'v_claim.turnover_done <= v_claim.turnover_required then',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a requirement met by a bet in flight completes when the round settles' },
  },
  {
    id: 'PW-T1',
    fn: 'player_withdraw',
    rule: 'a refusal by the turnover is raised (WD007), not answered as a withdrawal',
    changes: [
      {
        find: "    when 'TURNOVER_UNMET' then raise exception using errcode = 'WD007',\n      message = v_held.daily_satang::text || ':' || v_held.limit_satang::text;\n",
        replace: '',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  // One home per rule: the callers of the shared functions ------------
  {
    id: 'PW12',
    fn: 'player_withdraw',
    rule: 'player_withdraw asks session_active: no active session, no withdrawal (WD000)',
    changes: [
      {
        find: 'if p_session_id is not null and not session_active(p_session_id, p_player_id) then',
        replace: 'if false then',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'a logged-out token with a valid body is 401' },
  },
  {
    id: 'PF2',
    fn: 'player_frozen',
    rule: 'player_frozen answers the frozen flag',
    changes: [{ find: 'select p.frozen_at is not null from players p', replace: 'select false from players p' }],
    killedBy: { file: WITHDRAWALS, test: 'a frozen player cannot withdraw' },
  },
  {
    id: 'IC1',
    fn: 'idempotency_claim',
    rule: 'a key taken by a committed request is not claimed again: its copy replays, moving nothing',
    changes: [{ find: 'claimed := found;', replace: 'claimed := true;' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  // player protection ---------------------------------------------------
  {
    id: 'PR1',
    fn: 'player_protection_refusal',
    rule: 'a self-exclusion in force refuses deposits, play, bets and claims',
    changes: [{ find: "if v_exclusion = 'SELF_EXCLUSION' then return 'SELF_EXCLUDED'; end if;", replace: '' }],
    killedBy: { file: PROTECTION, test: 'self-excluded for 6 months: every blocked action is refused' },
  },
  {
    id: 'PR2',
    fn: 'player_protection_refusal',
    rule: 'a time-out in force refuses with its own reason',
    changes: [{ find: "if v_exclusion = 'TIMEOUT' then return 'TIMED_OUT'; end if;", replace: '' }],
    killedBy: { file: PROTECTION, test: 'a time-out refuses with its own reason' },
  },
  {
    id: 'PR3',
    fn: 'player_protection_refusal',
    rule: 'an exclusion ends at its end',
    changes: [{ find: 'e.starts_at <= now() and (e.ends_at is null or e.ends_at > now())', replace: 'true' }],
    killedBy: { file: PROTECTION, test: 'refused while it lasts, and allowed after' },
  },
  {
    id: 'PR10',
    fn: 'player_protection_refusal',
    rule: 'a self-exclusion in force wins over a time-out in force',
    changes: [
      {
        find: "coalesce(max(e.kind) filter (where e.kind = 'SELF_EXCLUSION'), max(e.kind))",
        replace: 'max(e.kind)',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a self-exclusion taken during a time-out wins over it' },
  },
  {
    id: 'PR11',
    fn: 'player_protection_refusal',
    rule: 'a player with limits has them checked (the short cut for players without any)',
    changes: [{ find: 'if not v_limited then return null; end if;', replace: 'if true then return null; end if;' }],
    killedBy: { file: PROTECTION, test: 'a deposit over the daily limit is refused on the deposit screen' },
  },
  {
    id: 'PR12',
    fn: 'player_protection_refusal',
    rule: 'a deposit looks for deposit limits, a bet or a launch for loss limits',
    changes: [{ find: "case p_action when 'DEPOSIT' then 'DEPOSIT' else 'LOSS' end", replace: "'LOSS'" }],
    killedBy: { file: PROTECTION, test: 'a deposit over the daily limit is refused on the deposit screen' },
  },
  {
    id: 'PR13',
    fn: 'player_protection_refusal',
    rule: 'a bet looks for loss limits',
    changes: [{ find: "case p_action when 'DEPOSIT' then 'DEPOSIT' else 'LOSS' end", replace: "'DEPOSIT'" }],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'PR4',
    fn: 'player_protection_refusal',
    rule: 'a deposit that reaches the limit exactly is allowed; one satang more is not',
    changes: [
      {
        find: "if v_used + p_amount > v_limit.amount then return 'DEPOSIT_LIMIT'; end if;",
        replace: "if v_used + p_amount >= v_limit.amount then return 'DEPOSIT_LIMIT'; end if;",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a deposit over the daily limit is refused on the deposit screen' },
  },
  {
    id: 'PR5',
    fn: 'player_deposits_since',
    rule: 'deposits still waiting (a slip sent) count towards the limit',
    changes: [
      {
        find: "h.type = 'DEPOSIT' and h.status in ('WAITING', 'APPROVED')",
        replace: "h.type = 'DEPOSIT' and h.status = 'APPROVED'",
      },
    ],
    killedBy: { file: PROTECTION, test: 'waiting deposits count, deposits of an earlier period do not' },
  },
  {
    id: 'PR6',
    fn: 'player_protection_refusal',
    rule: 'a deposit limit counts from the start of its period',
    changes: [
      {
        find: 'v_used := player_deposits_since(p_player_id, bangkok_period_start(v_limit.period, now()));',
        replace: "v_used := player_deposits_since(p_player_id, '-infinity');",
      },
    ],
    killedBy: { file: PROTECTION, test: 'waiting deposits count, deposits of an earlier period do not' },
  },
  {
    id: 'PR9',
    fn: 'player_deposits_since',
    rule: 'the deposits counted are those since the moment asked for',
    changes: [{ find: 'and h.created_at >= p_since', replace: '' }],
    killedBy: { file: PROTECTION, test: 'waiting deposits count, deposits of an earlier period do not' },
  },
  {
    id: 'PR7',
    fn: 'player_protection_refusal',
    rule: 'a bet that, lost, reaches the loss limit exactly is accepted',
    changes: [
      {
        find: "if p_action = 'BET' and v_used + p_amount > v_limit.amount then",
        replace: "if p_action = 'BET' and v_used + p_amount >= v_limit.amount then",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'PR8',
    fn: 'player_protection_refusal',
    rule: 'a loss that has reached the limit blocks launches and transfers',
    changes: [
      {
        find: "if v_used >= v_limit.amount then return 'LOSS_LIMIT'; end if;",
        replace: "if v_used > v_limit.amount then return 'LOSS_LIMIT'; end if;",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'LF1',
    fn: 'player_limit_in_force',
    rule: 'a raise applies once its 24 hours have passed',
    changes: [{ find: 'when p_limit.pending_set and p_limit.pending_from <= p_at then', replace: 'when false then' }],
    killedBy: { file: PROTECTION, test: 'a lowered limit applies at once; a raised one only after 24 hours' },
  },
  {
    id: 'LF2',
    fn: 'player_limit_in_force',
    rule: 'a raise does not apply before its 24 hours',
    changes: [{ find: 'p_limit.pending_from <= p_at', replace: 'p_limit.pending_from is not null' }],
    killedBy: { file: PROTECTION, test: 'a lowered limit applies at once; a raised one only after 24 hours' },
  },
  {
    id: 'LS1',
    fn: 'player_loss_since',
    rule: 'a loss is what left the player (bets minus wins), not what came in',
    changes: [{ find: 'coalesce(-sum(p.amount), 0)', replace: 'coalesce(sum(p.amount), 0)' }],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'LS2',
    fn: 'player_loss_since',
    rule: 'wins count against the loss',
    changes: [
      {
        find: "('SEAMLESS_BET', 'SEAMLESS_WIN', 'SEAMLESS_ROLLBACK', 'GAME_RESULT')",
        replace: "('SEAMLESS_BET', 'SEAMLESS_ROLLBACK', 'GAME_RESULT')",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'LS3',
    fn: 'player_loss_since',
    rule: "only the player's own accounts count (never the house side of a journal)",
    changes: [
      {
        find: 'join ledger_accounts a on a.id = p.account_id and a.player_id = p_player_id',
        replace: 'join ledger_accounts a on a.id = p.account_id',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'LS4',
    fn: 'player_loss_since',
    rule: 'losses before the period do not count',
    changes: [{ find: 'and j.created_at >= p_since', replace: '' }],
    killedBy: { file: PROTECTION, test: 'losses before the period started do not count towards it' },
  },
  // Scopes of the protection rules: each limit, kind, period and player on each path ---------------------
  {
    id: 'SP-6',
    fn: 'player_protection_refusal',
    rule: 'a removed (or unset) deposit limit of one period leaves the other periods checked',
    changes: [
      {
        find: 'order by l.period\n         for update\n    loop\n      continue when v_limit.amount is null;',
        replace: 'order by l.period\n         for update\n    loop\n      exit when v_limit.amount is null;',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a removed daily deposit limit leaves the weekly and monthly in force' },
  },
  {
    id: 'SP-7',
    fn: 'player_protection_refusal',
    rule: 'a removed (or unset) loss limit of one period leaves the other periods checked',
    changes: [
      {
        find: 'order by l.period\n    loop\n      continue when v_limit.amount is null;',
        replace: 'order by l.period\n    loop\n      exit when v_limit.amount is null;',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a removed daily loss limit leaves the weekly in force' },
  },
  {
    id: 'SP-8',
    fn: 'player_deposits_since',
    rule: 'only the player’s own deposits count toward their deposit limit',
    changes: [{ find: 'where h.player_id = p_player_id and ', replace: 'where ' }],
    killedBy: { file: PROTECTION, test: 'only the player’s own deposits count toward a deposit limit' },
  },
  {
    id: 'SP-9',
    fn: 'player_deposits_since',
    rule: 'only deposits count toward a deposit limit, not a withdrawal waiting',
    changes: [{ find: "and h.type = 'DEPOSIT' ", replace: '' }],
    killedBy: { file: PROTECTION, test: 'only the player’s own deposits count toward a deposit limit' },
  },
  {
    id: 'SP-10',
    fn: 'player_protection_refusal',
    rule: 'an exclusion refuses its own player only',
    changes: [
      { find: 'where e.player_id = p_player_id and e.starts_at <= now()', replace: 'where e.starts_at <= now()' },
    ],
    killedBy: { file: PROTECTION, test: 'a deposit limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-11',
    fn: 'player_protection_refusal',
    rule: 'a deposit is checked against the player’s own deposit limits',
    changes: [
      {
        find: "where l.player_id = p_player_id and l.kind = 'DEPOSIT'\n",
        replace: "where l.kind = 'DEPOSIT'\n",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a deposit limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-12',
    fn: 'player_protection_refusal',
    rule: 'a deposit is checked against deposit limits only, not loss limits',
    changes: [
      {
        find: "where l.player_id = p_player_id and l.kind = 'DEPOSIT'\n",
        replace: 'where l.player_id = p_player_id\n',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a deposit limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-13',
    fn: 'player_protection_refusal',
    rule: 'a bet or a launch is checked against the player’s own loss limits',
    changes: [
      {
        find: "where l.player_id = p_player_id and l.kind = 'LOSS'\n",
        replace: "where l.kind = 'LOSS'\n",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-14',
    fn: 'player_protection_refusal',
    rule: 'a bet or a launch is checked against loss limits only, not deposit limits',
    changes: [
      {
        find: "where l.player_id = p_player_id and l.kind = 'LOSS'\n",
        replace: 'where l.player_id = p_player_id\n',
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-15',
    fn: 'player_loss_since',
    rule: 'a loss at the transfer-wallet provider (its game result) counts toward the loss limit',
    changes: [
      {
        find: "('SEAMLESS_BET', 'SEAMLESS_WIN', 'SEAMLESS_ROLLBACK', 'GAME_RESULT')",
        replace: "('SEAMLESS_BET', 'SEAMLESS_WIN', 'SEAMLESS_ROLLBACK')",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss at the transfer-wallet provider counts toward the loss limit' },
  },
  {
    id: 'SP-16',
    fn: 'player_loss_since',
    rule: 'a rolled-back bet is no loss: its rollback counts against it',
    changes: [
      {
        find: "('SEAMLESS_BET', 'SEAMLESS_WIN', 'SEAMLESS_ROLLBACK', 'GAME_RESULT')",
        replace: "('SEAMLESS_BET', 'SEAMLESS_WIN', 'GAME_RESULT')",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a rolled-back bet is no loss' },
  },
  {
    id: 'BP1',
    fn: 'bangkok_period_start',
    rule: 'a week starts on Monday',
    changes: [
      {
        find: "when 'WEEK' then 'week'",
        replace: "when 'WEEK' then 'day'",
      },
    ],
    killedBy: { file: PROTECTION, test: 'the period starts at midnight, Monday and the 1st in Bangkok time' },
  },
  {
    id: 'BP2',
    fn: 'bangkok_period_start',
    rule: "a day starts at Bangkok's midnight, not UTC's",
    changes: [
      {
        find: "p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'",
        replace: 'p_at)',
      },
    ],
    killedBy: { file: PROTECTION, test: 'the period starts at midnight, Monday and the 1st in Bangkok time' },
  },
  // audit_log_refuse_change (the audit log's append-only trigger, the seal of migration 020) --------------
  {
    id: 'AL1',
    fn: 'audit_log_refuse_change',
    rule: 'sealing changes nothing but the three chain columns',
    changes: [
      {
        find: 'old.reason, old.before, old.after, old.content_hash)',
        replace: 'new.reason, new.before, new.after, new.content_hash)',
      },
    ],
    killedBy: { file: AUDIT, test: 'sealing changes nothing but the seal' },
  },
  {
    id: 'AL2',
    fn: 'audit_log_refuse_change',
    rule: 'a sealed row is never sealed again',
    changes: [
      {
        find: "if tg_op = 'UPDATE' and old.chain_seq is null and new.chain_seq",
        replace: "if tg_op = 'UPDATE' and new.chain_seq",
      },
    ],
    killedBy: { file: AUDIT, test: 'an action commits its row unsealed' },
  },
  {
    id: 'AL3',
    fn: 'audit_log_refuse_change',
    rule: 'an unsealed row is not changed without being sealed',
    changes: [
      { find: 'and old.chain_seq is null and new.chain_seq is not null', replace: 'and old.chain_seq is null' },
    ],
    killedBy: { file: AUDIT, test: 'rows cannot be updated, deleted or truncated through SQL' },
    equivalent:
      'what it lets through changes no column: the content must stay as written, and chain columns set ' +
      'without chain_seq are refused by the check audit_log_sealed_whole (migration 020)',
  },

  // audit_canonical_json / audit_append (audit/sql) ------------------------------
  {
    id: 'AC1',
    fn: 'audit_canonical_json',
    rule: 'object keys are written in sorted order, as canonicalJson writes them',
    changes: [{ find: 'order by e.key collate "C")', replace: 'order by e.key collate "C" desc)' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AC2',
    fn: 'audit_canonical_json',
    rule: 'array elements keep their order',
    changes: [
      {
        find: "string_agg(audit_canonical_json(e.value), ',' order by e.n)",
        replace: "string_agg(audit_canonical_json(e.value), ',' order by e.n desc)",
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AC3',
    fn: 'audit_canonical_json',
    rule: 'nested values are written canonically too, not as jsonb prints them',
    changes: [{ find: "':' || audit_canonical_json(e.value)", replace: "':' || e.value::text" }],
    killedBy: { file: OPERATOR_ADJUST, test: 'audit_canonical_json writes, byte for byte' },
  },
  {
    id: 'AA1',
    fn: 'audit_append',
    rule: 'the hashed time is the ISO 8601 text to the millisecond, as toISOString writes it',
    changes: [{ find: `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`, replace: `'YYYY-MM-DD"T"HH24:MI:SS"Z"'` }],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  {
    id: 'AA2',
    fn: 'audit_append',
    rule: 'the content hash covers the reason',
    changes: [
      {
        find: 'p_target_type, p_target_id, p_reason, p_before, p_after));',
        replace: 'p_target_type, p_target_id, null, p_before, p_after));',
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  {
    id: 'AA3',
    fn: 'audit_append',
    rule: 'the row keeps the time to the millisecond (a JavaScript Date reads it back)',
    changes: [{ find: "date_trunc('milliseconds', clock_timestamp())", replace: 'clock_timestamp()' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
    equivalent:
      'the driver reads microseconds back truncated to the millisecond (postgres-date) and to_char(…MS) ' +
      'truncates alike, so the hashed text is the same; the truncation only keeps the stored time equal to it',
  },
  // manual_credit_needs_approval (wallet/sql) -------------------------------------
  {
    id: 'MC1',
    fn: 'manual_credit_needs_approval',
    rule: 'a credit of exactly the limit is posted at once; above it, it waits',
    changes: [{ find: 'select p_amount > coalesce', replace: 'select p_amount >= coalesce' }],
    killedBy: { file: CREDIT_REQUESTS, test: 'up to the setting (20,000 baht) a credit is posted at once' },
  },
  {
    id: 'MC2',
    fn: 'manual_credit_needs_approval',
    rule: 'an operator’s own limit replaces the setting',
    changes: [
      { find: '(select o.manual_credit_limit from operators o where o.id = p_operator_id),', replace: 'null::bigint,' },
    ],
    killedBy: { file: CREDIT_REQUESTS, test: 'an operator’s own limit, set by an admin' },
  },
  {
    id: 'MC3',
    fn: 'manual_credit_needs_approval',
    rule: 'without an own limit, the setting MANUAL_CREDIT_APPROVAL_ABOVE decides, not only its default',
    changes: [{ find: 'setting_satang(p_code, p_default))', replace: 'p_default)' }],
    killedBy: { file: CREDIT_REQUESTS, test: 'the setting is an admin’s to change' },
  },
  // operator_adjust (wallet/sql) --------------------------------------------------
  {
    id: 'OA1',
    fn: 'operator_adjust',
    rule: 'an unknown player is a 404 (MA001), before anything is claimed',
    changes: [
      { find: 'if not exists (select 1 from players p where p.id = p_player_id) then', replace: 'if false then' },
    ],
    killedBy: { file: ADMIN_PLAYERS, test: 'an unknown player id → 404 PLAYER_NOT_FOUND' },
  },
  {
    id: 'OA2',
    fn: 'operator_adjust',
    rule: 'a credit above the operator’s limit is not posted here: it waits for a second admin',
    changes: [{ find: 'needs_approval := v_credit and p_limited', replace: 'needs_approval := false and p_limited' }],
    killedBy: { file: CREDIT_REQUESTS, test: 'up to the setting (20,000 baht) a credit is posted at once' },
  },
  {
    id: 'OA4',
    fn: 'operator_adjust',
    rule: 'a debit takes money from the main wallet',
    changes: [{ find: 'else -p_amount end;', replace: 'else p_amount end;' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'OA5',
    fn: 'operator_adjust',
    rule: 'the Idempotency-Key is claimed: copies sent at once move the money once',
    changes: [
      {
        find: 'select * into v_claim from idempotency_claim(p_scope, p_key, p_fingerprint);',
        replace: 'select true as claimed, null::jsonb as stored into v_claim;',
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'copies sent at once move the money once' },
  },
  {
    id: 'OA6',
    fn: 'operator_adjust',
    rule: 'a replay answers what the first request stored',
    changes: [{ find: 'answer := v_claim.stored;', replace: 'answer := null;' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'copies sent at once move the money once' },
  },
  {
    id: 'OA7',
    fn: 'operator_adjust',
    rule: 'the answer is stored with the key',
    changes: [{ find: 'perform idempotency_store(p_scope, p_key, answer);', replace: 'null;' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'copies sent at once move the money once' },
  },
  {
    id: 'OA8',
    fn: 'operator_adjust',
    rule: 'a credit is a MANUAL_DEPOSIT entry and a debit a MANUAL_WITHDRAW',
    changes: [
      {
        find: "values (p_player_id, case when v_credit then 'MANUAL_DEPOSIT' else 'MANUAL_WITHDRAW' end,",
        replace: "values (p_player_id, case when v_credit then 'MANUAL_WITHDRAW' else 'MANUAL_DEPOSIT' end,",
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'OA9',
    fn: 'operator_adjust',
    rule: 'the entry’s balance before is the balance before the movement',
    changes: [{ find: 'v_posted.balances_after[1] - v_delta,', replace: 'v_posted.balances_after[1] + v_delta,' }],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'OA10',
    fn: 'operator_adjust',
    rule: 'the entry records who decided',
    changes: [{ find: "'OPERATOR', p_actor, clock_timestamp()", replace: "'OPERATOR', null, clock_timestamp()" }],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'OA12',
    fn: 'operator_adjust',
    rule: 'the audit row names the action: player.credit or player.debit',
    changes: [
      {
        find: "case when v_credit then 'player.credit' else 'player.debit' end",
        replace: "case when v_credit then 'player.debit' else 'player.credit' end",
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  {
    id: 'OA13',
    fn: 'operator_adjust',
    rule: 'the audit row records the balance before and after',
    changes: [
      {
        find: "jsonb_build_object('balance', trim_scale(v_entry.before_amount / 100.0)),",
        replace: "jsonb_build_object('balance', trim_scale(v_entry.after_amount / 100.0)),",
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'writes the audit row the TypeScript path writes' },
  },
  // Scopes of operator_adjust: the player’s own main wallet ---------------------------------
  {
    id: 'SP-33',
    fn: 'operator_adjust',
    rule: 'a manual credit or debit moves its own player’s main wallet',
    changes: [
      { find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';", replace: "where a.kind = 'PLAYER_MAIN';" },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'a manual credit and a debit move their own player’s main wallet only' },
  },
  {
    id: 'SP-34',
    fn: 'operator_adjust',
    rule: 'a manual credit or debit moves the main wallet, not another account of the player',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
        replace: 'where a.player_id = p_player_id;',
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'debits at once beyond the balance' },
    equivalent:
      'the player’s accounts are read by the index on (player_id, kind, provider), in which PLAYER_MAIN sorts before the points and provider accounts: without the kind the first row read is still the main account',
  },

  // admin_history_entry_json (history/sql) ------------------------------------------
  {
    id: 'AH1',
    fn: 'admin_history_entry_json',
    rule: 'operators see the entry’s reason',
    changes: [{ find: "'reason', p_entry.reason,", replace: "'reason', null," }],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'AH2',
    fn: 'admin_history_entry_json',
    rule: 'the entry’s time is ISO 8601 to the millisecond, as toISOString writes it',
    changes: [
      {
        find: `'createdAt', to_char(p_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),`,
        replace: `'createdAt', to_char(p_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),`,
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'AH3',
    fn: 'admin_history_entry_json',
    rule: 'amounts are baht as a JavaScript number prints them (the audit row’s hash covers their text)',
    changes: [{ find: "'amount', trim_scale(p_entry.amount / 100.0),", replace: "'amount', p_entry.amount / 100.0," }],
    killedBy: { file: DECISIONS, test: 'approve: answers the entry as TypeScript presents it' },
  },
  {
    id: 'AH4',
    fn: 'admin_history_entry_json',
    rule: 'operators see who decided',
    changes: [{ find: "'decidedBy', p_entry.decided_by,", replace: "'decidedBy', null," }],
    killedBy: { file: DECISIONS, test: 'reject: answers the entry as TypeScript presents it' },
  },
  // notify_player (notifications/sql) ----------------------------------------------
  {
    id: 'NP1',
    fn: 'notify_player',
    rule: 'the NOTIFY wakes the player’s open streams on every instance',
    changes: [
      {
        find: "perform pg_notify('player_notifications', json_build_object('playerId', p_player_id, 'id', v_id)::text);",
        replace: 'null;',
      },
    ],
    killedBy: {
      file: NOTIFICATIONS,
      test: 'reaches the player’s open stream on another instance, live',
      postgresOnly: true,
    },
  },
  {
    id: 'NP2',
    fn: 'notify_player',
    rule: 'the notification keeps its words (amount, reason)',
    changes: [{ find: 'values (p_player_id, p_kind, p_params)', replace: "values (p_player_id, p_kind, '{}')" }],
    killedBy: {
      file: NOTIFICATIONS,
      test: 'a withdrawal approved, and one rejected with the reason, each notify once',
    },
  },
  {
    id: 'NP3',
    fn: 'notify_player',
    rule: 'a player linked on LINE gets each event there',
    changes: [{ find: 'from line_links l where l.player_id = p_player_id', replace: 'from line_links l where false' }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'each event reaches the linked player on LINE exactly once' },
  },
  {
    id: 'NP4',
    fn: 'notify_player',
    rule: 'only the player’s own devices get the push',
    changes: [
      {
        find: 'from push_subscriptions s where s.player_id = p_player_id',
        replace: 'from push_subscriptions s where s.player_id <> p_player_id',
      },
    ],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'an opted-in device gets each event once' },
  },
  // Scopes of notify_player: LINE carries the player’s own events ----------------------------
  {
    id: 'SP-35',
    fn: 'notify_player',
    rule: 'an event reaches the LINE of its own player only',
    changes: [{ find: 'from line_links l where l.player_id = p_player_id', replace: 'from line_links l' }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'an unlinked player gets nothing on LINE' },
  },
  // create_payout (payouts/sql) -----------------------------------------------------
  {
    id: 'CP1',
    fn: 'create_payout',
    rule: 'each attempt has its own reference, WD<entry>-<n>, from 1',
    changes: [{ find: '(v_attempts + 1)', replace: 'v_attempts' }],
    killedBy: { file: DECISIONS, test: 'through the bank connector' },
  },
  {
    id: 'CP2',
    fn: 'create_payout',
    rule: 'the money goes to the player’s own registered account',
    changes: [
      {
        find: 'v_player.bank_code, v_player.bank_number, v_player.full_name',
        replace: "v_player.bank_code, '0000000000', v_player.full_name",
      },
    ],
    killedBy: { file: DECISIONS, test: 'through the bank connector' },
  },
  {
    id: 'CP3',
    fn: 'create_payout',
    rule: 'the attempts counted are this withdrawal’s own',
    changes: [{ find: 'where x.history_id = p_history_id', replace: 'where true' }],
    killedBy: { file: DECISIONS, test: 'through the bank connector' },
  },
  {
    id: 'CP4',
    fn: 'create_payout',
    rule: 'the payout is leased to the instance that sends it',
    changes: [{ find: 'now() + make_interval(secs => p_lease_ms / 1000.0)', replace: 'now()' }],
    killedBy: { file: DECISIONS, test: 'create_payout leases the new payout' },
  },
  // record_withdrawal_verdict (payouts/sql) ----------------------------------------
  {
    id: 'RV1',
    fn: 'record_withdrawal_verdict',
    rule: 'the entry is locked: a verdict waits for an operator’s decision in progress and sees it',
    changes: [{ find: 'where h.id = p_history_id for update;', replace: 'where h.id = p_history_id;' }],
    killedBy: { file: PAYOUT_SAGA, test: 'waits for an operator’s decision in progress', postgresOnly: true },
  },
  {
    id: 'RV2',
    fn: 'record_withdrawal_verdict',
    rule: 'only a withdrawal gets a verdict',
    changes: [{ find: "if not found or v_entry.type <> 'WITHDRAW' then", replace: 'if not found then' }],
    killedBy: { file: PAYOUT_SAGA, test: 'records none for another type, an unknown id or a decided entry' },
  },
  {
    id: 'RV3',
    fn: 'record_withdrawal_verdict',
    rule: 'the first verdict stands: scoring again answers it, known, and writes nothing',
    changes: [{ find: 'if found then', replace: 'if false then' }],
    killedBy: { file: PAYOUT_SAGA, test: 'records none for another type, an unknown id or a decided entry' },
  },
  {
    id: 'RV4',
    fn: 'record_withdrawal_verdict',
    rule: 'a verdict recorded earlier is answered as known',
    changes: [{ find: 'known := true;', replace: 'known := false;' }],
    killedBy: { file: PAYOUT_SAGA, test: 'records none for another type, an unknown id or a decided entry' },
  },
  {
    id: 'RV5',
    fn: 'record_withdrawal_verdict',
    rule: 'only a waiting withdrawal gets a verdict (an operator who decided first is not overruled)',
    changes: [{ find: "if v_entry.status <> 'WAITING' then", replace: 'if false then' }],
    killedBy: { file: PAYOUT_SAGA, test: 'records none for another type, an unknown id or a decided entry' },
  },
  {
    id: 'RV6',
    fn: 'record_withdrawal_verdict',
    rule: 'the review row keeps the reasons and the score the rules gave',
    changes: [
      {
        find: 'values (p_history_id, v_entry.player_id, p_reasons, p_score, p_route);',
        replace: "values (p_history_id, v_entry.player_id, '[]'::jsonb, 0, p_route);",
      },
    ],
    killedBy: { file: PAYOUTS, test: 'a reason sends it to review' },
  },
  {
    id: 'RV7',
    fn: 'record_withdrawal_verdict',
    rule: 'REVIEW leaves the entry waiting for an operator, with no payout',
    changes: [{ find: "if p_route = 'AUTO' then", replace: 'if true then' }],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  {
    id: 'RV8',
    fn: 'record_withdrawal_verdict',
    rule: 'AUTO approves the entry',
    changes: [{ find: "update history h set status = 'APPROVED'", replace: "update history h set status = 'WAITING'" }],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  {
    id: 'RV9',
    fn: 'record_withdrawal_verdict',
    rule: 'AUTO is approved by the rules, named so',
    changes: [{ find: 'decided_by = p_approved_by', replace: "decided_by = 'system'" }],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  {
    id: 'RV10',
    fn: 'withdrawal_approved',
    rule: 'the player is told a withdrawal approved was approved, with its amount in baht',
    changes: [{ find: 'trim_scale(p_entry.amount / 100.0)', replace: 'p_entry.amount' }],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  {
    id: 'RV11',
    fn: 'withdrawal_approved',
    rule: 'AUTO records the payout of the entry’s own amount, leased to the caller',
    changes: [
      { find: 'p_entry.amount, p_approved_by,\n      p_lease_ms', replace: 'p_entry.amount, p_approved_by,\n      0' },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  {
    id: 'RV12',
    fn: 'record_withdrawal_verdict',
    rule: 'AUTO answers the payout it recorded, for the caller to send',
    changes: [
      {
        find: 'payout_id := withdrawal_approved(v_entry, p_approved_by, true, p_lease_ms);',
        replace: 'perform withdrawal_approved(v_entry, p_approved_by, true, p_lease_ms);',
      },
    ],
    killedBy: { file: PAYOUTS, test: 'no rule objects: approved by the rules' },
  },
  {
    id: 'RV13',
    fn: 'record_withdrawal_verdict',
    rule: 'AUTO is paid through the bank connector: its payout is recorded',
    changes: [{ find: 'p_approved_by, true, p_lease_ms', replace: 'p_approved_by, false, p_lease_ms' }],
    killedBy: { file: PAYOUT_SAGA, test: 'AUTO approves the entry by the rules, tells the player' },
  },
  // Scopes of record_withdrawal_verdict: a verdict is its own withdrawal’s ----------------------
  {
    id: 'SP-40',
    fn: 'record_withdrawal_verdict',
    rule: 'the verdict answered as known is the withdrawal’s own, not another’s',
    changes: [
      { find: 'from withdrawal_reviews r where r.history_id = p_history_id;', replace: 'from withdrawal_reviews r;' },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'a verdict is its own withdrawal’s' },
  },
  {
    id: 'SP-41',
    fn: 'record_withdrawal_verdict',
    rule: 'AUTO approves its own withdrawal only',
    changes: [
      {
        find: '      where h.id = p_history_id\n      returning h.* into v_entry;',
        replace: '      returning h.* into v_entry;',
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'a verdict is its own withdrawal’s' },
  },
  // decide_withdrawal (withdrawals/sql) ---------------------------------------------
  {
    id: 'DW1',
    fn: 'decide_withdrawal',
    rule: 'the Idempotency-Key is claimed: copies sent at once decide once',
    changes: [
      {
        find: 'select * into v_claim from idempotency_claim(p_scope, p_key, p_fingerprint);',
        replace: 'select true as claimed, null::jsonb as stored into v_claim;',
      },
    ],
    killedBy: { file: WITHDRAWALS, test: 'an approval with the same Idempotency-Key sent 5 times at once' },
  },
  {
    id: 'DW2',
    fn: 'decide_withdrawal',
    rule: 'a replay answers what the first decision stored',
    changes: [{ find: 'answer := v_claim.stored;', replace: 'answer := null;' }],
    killedBy: { file: WITHDRAWALS, test: 'a decision repeated with the same Idempotency-Key' },
  },
  {
    id: 'DW3',
    fn: 'decide_withdrawal',
    rule: 'only a withdrawal is decided here: a deposit’s id is not found',
    changes: [{ find: "if not found or v_entry.type <> 'WITHDRAW' then", replace: 'if not found then' }],
    killedBy: { file: WITHDRAWALS, test: 'a DEPOSIT id on the withdrawal endpoints' },
  },
  {
    id: 'DW4',
    fn: 'decide_withdrawal',
    rule: 'an entry is decided once (ALREADY_DECIDED)',
    changes: [{ find: "if v_entry.status <> 'WAITING' then", replace: 'if false then' }],
    killedBy: { file: WITHDRAWALS, test: 'each decision happens once: approve after approve' },
  },
  {
    id: 'DW5',
    fn: 'decide_withdrawal',
    rule: 'the refusal names who decided',
    changes: [{ find: "'by', coalesce(v_entry.decided_by, 'system'),", replace: "'by', 'system'," }],
    killedBy: { file: WITHDRAWALS, test: 'each decision happens once: reject after approve' },
  },
  {
    id: 'DW6',
    fn: 'decide_withdrawal',
    rule: 'the entry is locked: of two decisions at the same moment, the second waits and is refused',
    changes: [{ find: 'where h.id = p_id for update;', replace: 'where h.id = p_id;' }],
    // A decision held open before its commit: the mutant's second decision reads the entry as still waiting
    // (the race of two decisions sent at once shows it only when they happen to overlap).
    killedBy: {
      file: WITHDRAWALS,
      test: 'a decision waits for another decision of the same entry in progress',
      postgresOnly: true,
    },
  },
  {
    id: 'DW7',
    fn: 'decide_withdrawal',
    rule: 'a cashier’s approval pays the held money out at once',
    changes: [{ find: 'if v_approve and not p_by_bank then', replace: 'if false then' }],
    killedBy: { file: WITHDRAWALS, test: 'APPROVED: records who and when' },
  },
  {
    id: 'DW8',
    fn: 'decide_withdrawal',
    rule: 'a rejection returns the held money to the main wallet',
    changes: [{ find: 'elsif not v_approve then', replace: 'elsif false then' }],
    killedBy: { file: WITHDRAWALS, test: 'REJECTED with a reason' },
  },
  {
    id: 'DW9',
    fn: 'decide_withdrawal',
    rule: 'approve makes the entry APPROVED, reject REJECTED',
    changes: [
      {
        find: "status = case when v_approve then 'APPROVED' else 'REJECTED' end",
        replace: "status = case when v_approve then 'REJECTED' else 'APPROVED' end",
      },
    ],
    killedBy: { file: WITHDRAWALS, test: 'APPROVED: records who and when' },
  },
  {
    id: 'DW10',
    fn: 'decide_withdrawal',
    rule: 'the entry records who decided',
    changes: [{ find: 'decided_by = p_actor,', replace: 'decided_by = null,' }],
    killedBy: { file: WITHDRAWALS, test: 'APPROVED: records who and when' },
  },
  {
    id: 'DW11',
    fn: 'decide_withdrawal',
    rule: 'the entry records the reason',
    changes: [{ find: 'reason = p_reason,', replace: 'reason = null,' }],
    killedBy: { file: WITHDRAWALS, test: 'REJECTED with a reason' },
  },
  {
    id: 'DW12',
    fn: 'withdrawal_approved',
    rule: 'an approval tells the player it was approved',
    changes: [
      {
        find: "perform notify_player(p_entry.player_id, 'WITHDRAW_APPROVED',",
        replace: "perform notify_player(p_entry.player_id, 'WITHDRAW_REJECTED',",
      },
    ],
    killedBy: { file: DECISIONS, test: 'approve: answers the entry as TypeScript presents it' },
  },
  {
    id: 'DW13',
    fn: 'decide_withdrawal',
    rule: 'a rejection tells the player why',
    changes: [{ find: "'reason', p_reason));", replace: "'reason', null));" }],
    killedBy: { file: DECISIONS, test: 'reject: answers the entry as TypeScript presents it' },
  },
  {
    id: 'DW14',
    fn: 'withdrawal_approved',
    rule: 'an approval through the bank connector records the payout to send',
    changes: [{ find: 'if p_by_bank then', replace: 'if false then' }],
    killedBy: { file: DECISIONS, test: 'through the bank connector' },
  },
  {
    id: 'DW15',
    fn: 'decide_withdrawal',
    rule: 'the refund’s entry records the balance before it',
    changes: [
      {
        find: 'v_posted.balances_after[1] - v_entry.amount, v_posted.balances_after[1], v_settlement',
        replace: 'v_posted.balances_after[1] + v_entry.amount, v_posted.balances_after[1], v_settlement',
      },
    ],
    killedBy: { file: WITHDRAWALS, test: 'REJECTED with a reason' },
  },
  {
    id: 'DW16',
    fn: 'decide_withdrawal',
    rule: 'the refund’s entry names the withdrawal it refunds',
    changes: [
      { find: 'p_reason, p_id, false, clock_timestamp()', replace: 'p_reason, null, false, clock_timestamp()' },
    ],
    killedBy: { file: WITHDRAWALS, test: 'REJECTED with a reason' },
  },
  {
    id: 'DW17',
    fn: 'decide_withdrawal',
    rule: 'the audit row keeps the entry as it was before the decision',
    changes: [{ find: 'v_before, answer);', replace: 'answer, answer);' }],
    killedBy: { file: DECISIONS, test: 'approve: answers the entry as TypeScript presents it' },
  },
  {
    id: 'DW18',
    fn: 'decide_withdrawal',
    rule: 'the answer is stored with the key',
    changes: [{ find: 'perform idempotency_store(p_scope, p_key, answer);', replace: 'null;' }],
    killedBy: { file: WITHDRAWALS, test: 'a decision repeated with the same Idempotency-Key' },
  },
  // Scopes of decide_withdrawal: a rejection refunds its own player’s main wallet ---------------
  {
    id: 'SP-28',
    fn: 'decide_withdrawal',
    rule: 'a rejection refunds its own player’s main wallet, not another player’s',
    changes: [
      {
        find: "where a.player_id = v_entry.player_id and a.kind = 'PLAYER_MAIN';",
        replace: "where a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: { file: DECISIONS, test: 'a rejection refunds its own player’s main wallet only' },
  },
  {
    id: 'SP-29',
    fn: 'decide_withdrawal',
    rule: 'a rejection refunds the main wallet, not another account of the player',
    changes: [
      {
        find: "where a.player_id = v_entry.player_id and a.kind = 'PLAYER_MAIN';",
        replace: 'where a.player_id = v_entry.player_id;',
      },
    ],
    killedBy: { file: DECISIONS, test: 'a rejection writes the refund as a REJECT_WITHDRAW entry' },
    equivalent:
      'the player’s accounts are read by the index on (player_id, kind, provider), in which PLAYER_MAIN sorts before the points and provider accounts: without the kind the first row read is still the main account',
  },

  // settle_payout_paid, record_payout_paid, match_bank_debits (payouts/sql) ---------------
  {
    id: 'SP1',
    fn: 'settle_payout_paid',
    rule: 'only a payout still in flight is settled: a second settlement of a paid one moves nothing',
    changes: [{ find: "if v_status in ('PENDING', 'UNKNOWN') then", replace: 'if true then' }],
    killedBy: { file: PAYOUT_SAGA, test: 'paid, in one statement' },
  },
  {
    id: 'RP1',
    fn: 'post_withdraw_payout',
    rule: 'the held money leaves withdraw-pending for the bank payouts account',
    changes: [{ find: 'array[-p_amount, p_amount]', replace: 'array[p_amount, -p_amount]' }],
    killedBy: { file: PAYOUT_SAGA, test: 'the first attempt pays without asking' },
  },
  {
    id: 'RP2',
    fn: 'record_payout_paid',
    rule: 'the withdrawal’s entry shows the bank’s reference',
    changes: [
      {
        find: 'update history h set bank_reference = p_bank_reference,',
        replace: 'update history h set bank_reference = null,',
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'the first attempt pays without asking' },
  },
  {
    id: 'RP3',
    fn: 'record_payout_paid',
    rule: 'the withdrawal’s entry is settled by the payout’s journal',
    changes: [
      {
        find: 'settlement_journal_entry_id = v_journal,',
        replace: 'settlement_journal_entry_id = null,',
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'the first attempt pays without asking' },
  },
  {
    id: 'RP4',
    fn: 'record_payout_paid',
    rule: 'the player is told the withdrawal was paid, with the bank’s reference',
    changes: [{ find: "'bankReference', p_bank_reference));", replace: "'bankReference', null));" }],
    killedBy: { file: PAYOUT_SAGA, test: 'paid, in one statement' },
  },
  {
    id: 'RP5',
    fn: 'record_payout_paid',
    rule: 'a statement line that came before the answer is matched when the payout is paid',
    changes: [{ find: 'perform match_bank_debits(v_payout.id);', replace: 'null;' }],
    killedBy: { file: PAYOUT_SAGA, test: 'paid, in one statement' },
  },
  {
    id: 'RP6',
    fn: 'record_payout_paid',
    rule: 'the payout records who paid it by hand',
    changes: [{ find: 'paid_by_hand = p_paid_by_hand,', replace: 'paid_by_hand = null,' }],
    killedBy: { file: PAYOUT_SAGA, test: 'paid by hand: only a FAILED payout of a waiting withdrawal' },
  },
  // Scopes of record_payout_paid: a paid payout settles its own payout and withdrawal only -------
  {
    id: 'SP-38',
    fn: 'record_payout_paid',
    rule: 'a paid payout shows its bank reference on its own withdrawal’s entry only',
    changes: [{ find: '\n    where h.id = v_payout.history_id;', replace: ';' }],
    killedBy: { file: PAYOUT_SAGA, test: 'a paid payout settles its own payout and its own withdrawal’s entry only' },
  },
  {
    id: 'SP-39',
    fn: 'record_payout_paid',
    rule: 'a paid payout marks itself PAID, not every payout',
    changes: [{ find: '\n    where p.id = v_payout.id;', replace: ';' }],
    killedBy: { file: PAYOUT_SAGA, test: 'a paid payout settles its own payout and its own withdrawal’s entry only' },
  },
  {
    id: 'MB1',
    fn: 'match_bank_debits',
    rule: 'a payout takes one statement line, not every line that fits it',
    changes: [{ find: 'and not exists (select 1 from bank_debits o where o.payout_id = p.id)', replace: 'and true' }],
    killedBy: { file: PAYOUT_SAGA, test: 'a debit without our reference matches the payout paid by hand' },
  },
  {
    id: 'MB2',
    fn: 'match_bank_debits',
    rule: 'a line without our reference matches by the bank’s reference',
    changes: [
      {
        find: 'on (x.reference = p.reference or (x.reference is null and x.bank_reference = p.bank_reference))',
        replace: 'on x.reference = p.reference',
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'a debit without our reference matches the payout paid by hand' },
  },
  {
    id: 'MB3',
    fn: 'match_bank_debits',
    rule: 'only paid payouts are matched',
    changes: [{ find: "where x.payout_id is null and p.status = 'PAID'", replace: 'where x.payout_id is null' }],
    killedBy: { file: PAYOUT_SAGA, test: 'paid, in one statement' },
  },
  {
    id: 'MB4',
    fn: 'match_bank_debits',
    rule: 'a payout takes the oldest line that fits it',
    changes: [{ find: 'order by p.id, x.id) m', replace: 'order by p.id, x.id desc) m' }],
    killedBy: { file: PAYOUT_SAGA, test: 'a debit without our reference matches the payout paid by hand' },
  },
  // The loyalty settings' readings (loyalty_settings.sql) ------------------------
  {
    id: 'WN1',
    fn: 'whole_number_setting',
    rule: 'a whole-number setting has at most 6 digits',
    changes: [{ find: '[0-9]{1,6}', replace: '[0-9]{1,7}' }],
    killedBy: { file: LOYALTY_UNITS, test: 'read every text as wholeNumberSetting' },
  },
  {
    id: 'WN2',
    fn: 'whole_number_setting',
    rule: 'a whole-number setting is at most 100,000, 100,000 included',
    changes: [{ find: '<= 100000', replace: '< 100000' }],
    killedBy: { file: LOYALTY_UNITS, test: 'read every text as wholeNumberSetting' },
  },
  {
    id: 'BS1',
    fn: 'baht_setting_satang',
    rule: 'a baht setting has at most 2 decimals',
    changes: [{ find: '(\\.[0-9]{1,2})?', replace: '(\\.[0-9]{1,3})?' }],
    killedBy: { file: LOYALTY_UNITS, test: 'read every text as wholeNumberSetting' },
  },
  {
    id: 'BS2',
    fn: 'baht_setting_satang',
    rule: 'a baht setting is at most 1,000,000 baht, 1,000,000 included',
    changes: [{ find: '<= 100000000', replace: '< 100000000' }],
    killedBy: { file: LOYALTY_UNITS, test: 'read every text as wholeNumberSetting' },
  },
  {
    id: 'LY1',
    fn: 'loyalty_settings',
    rule: 'the expiry is the POINTS_EXPIRY_DAYS setting',
    changes: [
      {
        find: "(where s.code = 'POINTS_EXPIRY_DAYS')",
        replace: "(where s.code = 'POINTS_TURNOVER_BAHT_PER_POINT')",
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'each setting as set, 0 included' },
  },
  {
    id: 'LY2',
    fn: 'loyalty_settings',
    rule: 'the balance floor is read in baht (5 is 500 satang)',
    changes: [
      { find: 'coalesce(baht_setting_satang(max(s.value)', replace: 'coalesce(whole_number_setting(max(s.value)' },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'the balance floor: a requirement ends when the whole balance falls below 5 baht',
    },
  },
  {
    id: 'LY3',
    fn: 'loyalty_settings',
    rule: 'an unreadable expiry means the expiry’s default',
    changes: [{ find: "(p_defaults ->> 'expiryDays')", replace: "(p_defaults ->> 'turnoverBahtPerPoint')" }],
    killedBy: { file: LOYALTY_UNITS, test: 'an unreadable value means the default' },
  },
  // award_points ------------------------------------------------------------------
  {
    id: 'AW1',
    fn: 'award_points',
    rule: 'nothing to award awards nothing (no journal, no lot)',
    changes: [{ find: 'if p_points <= 0 then return 0; end if;', replace: 'null;' }],
    // A deposit below one point's rate asks for 0 points (a rate of 0 no longer reaches award_points).
    killedBy: { file: LOYALTY_UNITS, test: 'one point per full rate of baht, floor' },
  },
  {
    id: 'AW2',
    fn: 'award_points',
    rule: 'points are earned once per source and reference',
    changes: [
      {
        find: 'if exists (select 1 from points_lots l where l.source = p_source and l.reference = p_reference) then',
        replace: 'if false then',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'award_points earns once per source and reference' },
  },
  {
    id: 'AW3',
    fn: 'award_points',
    rule: 'a lifetime of 0 days never expires',
    changes: [{ find: 'case when p_expiry_days > 0 then', replace: 'case when p_expiry_days >= 0 then' }],
    killedBy: { file: LOYALTY_RULES, test: 'a lifetime of 0 days never expires' },
  },
  {
    id: 'AW4',
    fn: 'award_points',
    rule: 'points given back are a POINTS_REFUND journal, not an earning',
    changes: [{ find: "then 'POINTS_REFUND' else", replace: "then 'POINTS_EARN' else" }],
    killedBy: { file: LOYALTY_RULES, test: 'each earning is a journal of its own kind and reference' },
  },
  {
    id: 'AW5',
    fn: 'award_points',
    rule: 'the points come from the house to the player',
    changes: [{ find: 'array[-p_points, p_points]', replace: 'array[p_points, -p_points]' }],
    killedBy: { file: LOYALTY_RULES, test: 'a deposit earns 1 point per full 100 baht' },
  },
  {
    id: 'AW6',
    fn: 'award_points',
    rule: 'the journal names the source and the reference',
    changes: [{ find: "p_source || ':' || p_reference, array", replace: 'p_reference, array' }],
    killedBy: { file: LOYALTY_RULES, test: 'each earning is a journal of its own kind and reference' },
  },
  // Scopes of award_points: the player’s own points account --------------------------------
  {
    id: 'SP-36',
    fn: 'award_points',
    rule: 'points are credited to their own player’s points account',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_POINTS' for update;",
        replace: "where a.kind = 'PLAYER_POINTS' for update;",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'points earned are credited to the earning player’s own points account' },
  },
  {
    id: 'SP-37',
    fn: 'award_points',
    rule: 'points are earned once per source and reference: the same reference of another source is another earning',
    changes: [
      { find: 'where l.source = p_source and l.reference = p_reference', replace: 'where l.reference = p_reference' },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'award_points earns once per source and reference' },
    equivalent:
      'the references of the sources never share a text (a deposit entry’s id, provider:bet, redemption:<id>, settled:<player>:<total>), so no earning is ever refused by another source’s lot',
  },
  // move_bonus_money ----------------------------------------------------------------
  {
    id: 'BM1',
    fn: 'move_bonus_money',
    rule: 'BONUS_RETURN takes from the player; BONUS and REWARD_CREDIT give',
    changes: [{ find: "case when p_kind = 'BONUS_RETURN' then -p_amount else p_amount end", replace: 'p_amount' }],
    killedBy: { file: LOYALTY_RULES, test: 'forfeit: the bonus (at most the main balance) returns to the house' },
  },
  {
    id: 'BM2',
    fn: 'move_bonus_money',
    rule: 'the history entry has the balance before the movement',
    changes: [{ find: 'main_after - v_to_player, main_after', replace: 'main_after, main_after' }],
    killedBy: { file: LOYALTY_RULES, test: 'REWARD_CREDIT in the history' },
  },
  {
    id: 'BM3',
    fn: 'move_bonus_money',
    rule: 'the extra postings (a reward’s points) join the same journal',
    changes: [
      {
        find: "array[v_house, v_main] || coalesce(p_extra_accounts, '{}')",
        replace: 'array[v_house, v_main]',
      },
      {
        find: "array[-v_to_player, v_to_player] || coalesce(p_extra_amounts, '{}')",
        replace: 'array[-v_to_player, v_to_player]',
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'a credit reward: the points are debited and the baht credited in one journal',
    },
  },
  {
    id: 'BM4',
    fn: 'move_bonus_money',
    rule: 'an amount that is not positive is refused',
    changes: [{ find: 'if p_amount is null or p_amount <= 0 then', replace: 'if p_amount is null then' }],
    killedBy: { file: LOYALTY_RULES, test: 'move_bonus_money refuses an amount that is not positive' },
  },
  // How a claim ends (promotion_end.sql) ------------------------------------------
  {
    id: 'EC1',
    fn: 'end_claim',
    rule: 'a completed requirement tells the player PROMOTION_COMPLETED',
    changes: [{ find: "if p_status = 'COMPLETED' then", replace: 'if false then' }],
    killedBy: { file: LOYALTY_RULES, test: 'a met requirement ends TURNOVER_MET' },
  },
  {
    id: 'EC2',
    fn: 'end_claim',
    rule: 'the claim keeps why it ended',
    changes: [{ find: 'end_reason = p_reason', replace: 'end_reason = null' }],
    killedBy: { file: LOYALTY_RULES, test: 'the claim records what returned' },
  },
  {
    id: 'EC3',
    fn: 'end_claim',
    rule: 'an ended claim tells the player how and why',
    changes: [
      {
        find: "jsonb_build_object('status', p_status, 'reason', p_reason)",
        replace: "jsonb_build_object('status', p_status)",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a requirement ends when the whole balance falls below 5 baht' },
  },
  {
    id: 'RH1',
    fn: 'return_to_house',
    rule: 'nothing to return returns nothing (no journal)',
    changes: [{ find: 'if p_satang <= 0 then return 0; end if;', replace: 'null;' }],
    killedBy: { file: LOYALTY_RULES, test: 'a forfeit with nothing left returns nothing' },
  },
  {
    id: 'RH2',
    fn: 'return_to_house',
    rule: 'the claim records what returned',
    changes: [{ find: 'returned_satang = returned_satang + p_satang', replace: 'returned_satang = returned_satang' }],
    killedBy: { file: LOYALTY_RULES, test: 'the claim records what returned' },
  },
  {
    id: 'CC1',
    fn: 'complete_claim',
    rule: 'at completion only the main balance above the cap returns',
    changes: [{ find: 'v_main - v_claim.max_withdraw_satang', replace: 'v_main' }],
    killedBy: { file: LOYALTY_RULES, test: 'at completion the main balance above it returns to the house' },
  },
  {
    id: 'CC2',
    fn: 'complete_claim',
    rule: 'a promotion without a cap returns nothing at completion',
    changes: [{ find: 'if v_claim.max_withdraw_satang is null then return; end if;', replace: 'null;' }],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  {
    id: 'CC3',
    fn: 'complete_claim',
    rule: 'a met requirement ends COMPLETED with TURNOVER_MET',
    changes: [{ find: "'COMPLETED', 'TURNOVER_MET'", replace: "'COMPLETED', 'TURNOVER'" }],
    killedBy: { file: LOYALTY_RULES, test: 'a met requirement ends TURNOVER_MET' },
  },
  {
    id: 'EF1',
    fn: 'end_below_floor',
    rule: 'a balance of exactly the floor keeps the requirement',
    changes: [
      {
        find: 'if v_total + player_money_away(p_player_id) >= p_floor_satang then',
        replace: 'if v_total + player_money_away(p_player_id) > p_floor_satang then',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a balance of exactly the floor keeps the requirement' },
  },
  {
    id: 'EF2',
    fn: 'end_below_floor',
    rule: 'the whole balance counts: provider credit too',
    changes: [
      {
        find: 'if v_total + player_money_away(p_player_id) >= p_floor_satang then',
        replace: 'if v_total >= p_floor_satang then',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'credit at a provider counts toward the whole balance' },
  },
  {
    id: 'EF3',
    fn: 'end_below_floor',
    rule: 'a requirement below the floor ends ENDED_LOW_BALANCE',
    changes: [{ find: 'perform end_claim(', replace: 'perform 1 where false and end_claim(' }],
    killedBy: { file: LOYALTY_RULES, test: 'a requirement ends when the whole balance falls below 5 baht' },
  },
  // Scopes of end_below_floor: the player’s own requirement, their money (not points) ------------
  {
    id: 'SP-48',
    fn: 'end_below_floor',
    rule: 'a balance below the floor ends its own player’s requirement only',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status in ('PENDING', 'ACTIVE') for update;",
        replace: "where c.status in ('PENDING', 'ACTIVE') for update;",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a balance below the floor ends its own player’s requirement only' },
  },
  {
    id: 'SP-49',
    fn: 'end_below_floor',
    rule: 'the balance the floor is judged on is money: the main wallet (and money away), never points',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
        replace: 'where a.player_id = p_player_id;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a balance below the floor ends its own player’s requirement only' },
  },
  {
    id: 'RO1',
    fn: 'player_rounds_open',
    rule: 'a round whose result has not arrived holds the requirement',
    changes: [
      {
        find: 'return exists (select 1 from open_rounds r',
        replace: 'return false and exists (select 1 from open_rounds r',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a result for another round leaves this one open' },
  },
  {
    id: 'RO2',
    fn: 'player_rounds_open',
    rule: 'a round its provider never closes stops holding the requirement after 30 minutes',
    changes: [{ find: " and r.opened_at > now() - interval '30 minutes'", replace: '' }],
    killedBy: { file: BONUS_PATHS, test: 'a round its provider never closes stops holding the requirement' },
  },
  {
    id: 'RO3',
    fn: 'player_rounds_open',
    rule: 'only the player’s own rounds hold their requirement',
    changes: [{ find: 'where r.player_id = p_player_id and', replace: 'where' }],
    killedBy: { file: BONUS_PATHS, test: 'one round of several players' },
  },
  {
    id: 'MA1',
    fn: 'player_money_away',
    rule: 'credit at a provider is money away',
    changes: [
      { find: "where a.player_id = p_player_id and a.kind = 'PLAYER_PROVIDER'), 0)", replace: 'where false), 0)' },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a forfeit while the money sits at the provider is refused' },
  },
  {
    id: 'MA2',
    fn: 'player_money_away',
    rule: 'a transfer on its way is money away',
    changes: [{ find: "where t.player_id = p_player_id and t.status = 'PENDING'), 0)", replace: 'where false), 0)' }],
    killedBy: { file: BONUS_PATHS, test: 'a forfeit while a transfer is on its way' },
  },
  {
    id: 'MA3',
    fn: 'player_money_away',
    rule: 'only the player’s own transfers are their money away',
    changes: [
      {
        find: "where t.player_id = p_player_id and t.status = 'PENDING'), 0)",
        replace: "where t.status = 'PENDING'), 0)",
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a forfeit while a transfer is on its way' },
  },
  // Scopes of player_money_away: the player’s own credit at a provider ------------------------
  {
    id: 'SP-46',
    fn: 'player_money_away',
    rule: 'only the player’s own credit at a provider is their money away',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_PROVIDER'), 0)",
        replace: "where a.kind = 'PLAYER_PROVIDER'), 0)",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a forfeit is held by the player’s own money away only' },
  },
  {
    id: 'SP-47',
    fn: 'player_money_away',
    rule: 'the main wallet is not money away: only provider credit and transfers are',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_PROVIDER'), 0)",
        replace: 'where a.player_id = p_player_id), 0)',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a forfeit is held by the player’s own money away only' },
  },
  {
    id: 'CL1',
    fn: 'settle_claim',
    rule: 'a requirement is met at exactly its turnover',
    changes: [
      {
        find: 'if v_claim.turnover_done >= v_claim.turnover_required then',
        replace: 'if v_claim.turnover_done > v_claim.turnover_required then',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a met requirement ends TURNOVER_MET' },
  },
  {
    id: 'CL2',
    fn: 'settle_claim',
    rule: 'nothing ends while a round of the player is open',
    changes: [
      {
        find: 'if not found or player_rounds_open(p_player_id) then return null; end if;',
        replace: 'if not found then return null; end if;',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a result for another round leaves this one open' },
  },
  {
    id: 'CL3',
    fn: 'settle_claim',
    rule: 'a met requirement with a withdrawal cap waits until no money is away at a provider',
    changes: [
      {
        find: '    if v_claim.max_withdraw_satang is not null and player_money_away(p_player_id) > 0 then return null; end if;\n',
        replace: '',
      },
    ],
    killedBy: {
      file: BONUS_PATHS,
      test: 'a met requirement capped at a withdrawal completes only once the money at the provider is home',
    },
  },
  {
    id: 'CL4',
    fn: 'settle_claim',
    rule: 'an unmet requirement ends below the floor',
    changes: [
      {
        find: "if end_below_floor(p_player_id, v_floor) then return 'ENDED_LOW_BALANCE'; end if;",
        replace: 'null;',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a lost all-in round ends the requirement below the floor' },
  },
  {
    id: 'CL5',
    fn: 'settle_claim',
    rule: 'the requirement settled is the player’s own',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'ACTIVE' for update;\n  if not found or",
        replace: "where c.status = 'ACTIVE' order by c.id desc limit 1 for update;\n  if not found or",
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a requirement met by a bet in flight completes when the round settles' },
  },
  {
    id: 'XC1',
    fn: 'cancel_pending_claim',
    rule: 'an exclusion starting cancels the promotion waiting for its deposit',
    changes: [{ find: "  perform end_claim(v_claim, 'CANCELLED', p_reason);", replace: '  null;' }],
    killedBy: { file: BONUS_PATHS, test: 'claim, self-exclude, a held deposit released by an operator' },
  },
  {
    id: 'XC2',
    fn: 'cancel_pending_claim',
    rule: 'only a claim still waiting is cancelled: an ACTIVE one keeps its requirement',
    changes: [{ find: "c.status = 'PENDING' for update", replace: "c.status in ('PENDING', 'ACTIVE') for update" }],
    killedBy: { file: BONUS_PATHS, test: 'an exclusion leaves an ACTIVE requirement as it is' },
  },
  // Scope of cancel_pending_claim: an exclusion cancels its own player’s waiting claim ------------
  {
    id: 'SP-50',
    fn: 'cancel_pending_claim',
    rule: 'a time-out or self-exclusion cancels its own player’s waiting claim only',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'PENDING' for update;",
        replace: "where c.status = 'PENDING' for update;",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a time-out cancels its own player’s waiting claim only' },
  },
  // Turnover (count_bet.sql) --------------------------------------------------------
  {
    id: 'PC1',
    fn: 'promotion_contribution',
    rule: 'each game counts its own percentage',
    changes: [{ find: "when 'ufa' then p_contribution_ufa", replace: "when 'ufa' then p_contribution_wc" }],
    killedBy: { file: LOYALTY_UNITS, test: 'each game counts its own percentage' },
  },
  {
    id: 'PC2',
    fn: 'promotion_contribution',
    rule: 'another provider counts nothing',
    changes: [{ find: 'else 0 end', replace: 'else 100 end' }],
    killedBy: { file: LOYALTY_UNITS, test: 'each game counts its own percentage' },
  },
  {
    id: 'CB1',
    fn: 'count_bet',
    rule: 'a bet counts once',
    changes: [
      {
        find: '    on conflict (provider, reference) do nothing;\n  if not found then return; end if;',
        replace: '    on conflict (provider, reference) do nothing;',
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'countBet counts a bet once however often it is called' },
  },
  {
    id: 'CB2',
    fn: 'count_bet',
    rule: 'a bet counts stake × contribution %, floor',
    changes: [
      {
        find: 'v_counted := p_stake * promotion_contribution(v_claim.contribution_wc, v_claim.contribution_ufa, p_provider) / 100;',
        replace: 'v_counted := p_stake;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  {
    id: 'CB4',
    fn: 'count_bet',
    rule: 'a counted bet records its claim and what it added, so a rollback takes back exactly that',
    changes: [
      {
        find: 'set player_promotion_id = v_claim.id, counted_satang = v_counted',
        replace: 'set counted_satang = v_counted',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a rolled-back bet stops counting' },
  },
  {
    id: 'CB5',
    fn: 'count_bet',
    rule: 'points for play: only what the whole turnover now makes due',
    changes: [{ find: ' - v_loyalty.turnover_points;', replace: ';' }],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'CB6',
    fn: 'count_bet',
    rule: 'points for play: the points earned are remembered',
    changes: [
      {
        find: 'update player_loyalty set turnover_points = v_loyalty.turnover_points + v_due where player_id = p_player_id;',
        replace: 'null;',
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'CB8',
    fn: 'count_bet',
    rule: 'points for play name the bet',
    changes: [{ find: "'TURNOVER', p_provider || ':' || p_reference", replace: "'TURNOVER', p_reference" }],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'CB9',
    fn: 'count_bet',
    rule: 'points for play expire as the setting says',
    changes: [{ find: 'v_settings.expiry_days);', replace: '0);' }],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'VB1',
    fn: 'void_bet',
    rule: 'a bet stops counting once',
    changes: [{ find: 'and reference = p_reference and voided_at is null', replace: 'and reference = p_reference' }],
    killedBy: { file: LOYALTY_RULES, test: 'void_bet takes a bet back once' },
  },
  {
    id: 'VB2',
    fn: 'void_bet',
    rule: 'a requirement already completed stays as it was',
    changes: [
      {
        find: "where id = v_bet.player_promotion_id and status = 'ACTIVE';",
        replace: 'where id = v_bet.player_promotion_id;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'void_bet takes a bet back once' },
  },
  {
    id: 'VB3',
    fn: 'void_bet',
    rule: 'a rolled-back bet leaves the turnover that earns points',
    changes: [
      {
        find: 'update player_loyalty set turnover_satang = greatest(turnover_satang - v_bet.stake_satang, 0)',
        replace: 'update player_loyalty set turnover_satang = turnover_satang',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'void_bet takes a bet back once' },
  },
  {
    id: 'VB4',
    fn: 'void_bet',
    rule: 'a rolled-back bet takes back what it added to the requirement',
    changes: [{ find: 'greatest(turnover_done - v_bet.counted_satang, 0)', replace: 'turnover_done' }],
    killedBy: { file: LOYALTY_RULES, test: 'a rolled-back bet stops counting' },
  },
  // Scopes of count_bet and void_bet: each touches its own player's claim and turnover only ----------
  {
    id: 'SP-1',
    fn: 'void_bet',
    rule: 'a rollback lowers only its own player’s points turnover',
    changes: [
      {
        find: 'greatest(turnover_satang - v_bet.stake_satang, 0)\n   where player_id = v_bet.player_id;',
        replace: 'greatest(turnover_satang - v_bet.stake_satang, 0);',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a rollback lowers only its own player’s turnover and requirement' },
  },
  {
    id: 'SP-2',
    fn: 'void_bet',
    rule: 'a rollback takes its stake back from the requirement it counted under only',
    changes: [
      {
        find: "where id = v_bet.player_promotion_id and status = 'ACTIVE';",
        replace: "where status = 'ACTIVE';",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a rollback lowers only its own player’s turnover and requirement' },
  },
  {
    id: 'SP-3',
    fn: 'count_bet',
    rule: 'a bet counts toward its own player’s requirement only',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'ACTIVE' for update;",
        replace: "where c.status = 'ACTIVE' for update;",
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'a bet counts toward its own player’s requirement and points turnover only',
    },
  },
  {
    id: 'SP-4',
    fn: 'count_bet',
    rule: 'a bet counts toward an ACTIVE requirement only, not a claim waiting for its deposit',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'ACTIVE' for update;",
        replace: 'where c.player_id = p_player_id for update;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a bet counts toward an ACTIVE requirement only' },
  },
  {
    id: 'SP-5',
    fn: 'count_bet',
    rule: 'points for play are remembered on the betting player only',
    changes: [
      {
        find: 'set turnover_points = v_loyalty.turnover_points + v_due where player_id = p_player_id;',
        replace: 'set turnover_points = v_loyalty.turnover_points + v_due;',
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'a bet counts toward its own player’s requirement and points turnover only',
    },
  },
  // The seamless callbacks (games/sql/seamless.sql) ---------------------------------
  {
    id: 'SC1',
    fn: 'seamless_claim',
    rule: 'a bet whose id a rollback marked first is refused BET_ROLLED_BACK',
    changes: [{ find: "if v_stored.kind = 'VOIDED_BET' and p_kind = 'BET' then", replace: 'if false then' }],
    killedBy: { file: SEAMLESS, test: 'the late bet is refused with BET_ROLLED_BACK' },
  },
  {
    id: 'SC2',
    fn: 'seamless_claim',
    rule: 'the same id for another movement is refused TXN_MISMATCH',
    changes: [{ find: 'if v_stored.fingerprint <> p_fingerprint then', replace: 'if false then' }],
    killedBy: { file: SEAMLESS, test: 'refused with TXN_MISMATCH and moves nothing' },
  },
  {
    id: 'SC3',
    fn: 'seamless_claim',
    rule: 'a repeat answers what the first call stored',
    changes: [
      { find: '  return v_stored.answer;', replace: "  return jsonb_build_object('ok', true, 'balanceMinor', 0);" },
    ],
    killedBy: { file: SEAMLESS, test: 'its repeat gets the same answer' },
  },
  {
    id: 'SC4',
    fn: 'seamless_claim',
    rule: 'two copies of one call are decided one after the other (the id’s lock), the second replaying the first',
    changes: [{ find: '  perform pg_advisory_xact_lock(seamless_lock_id(p_provider, p_txn_id));\n', replace: '' }],
    killedBy: { file: SEAMLESS, test: 'copies of one bet that arrive while the wallet is locked', postgresOnly: true },
  },
  {
    id: 'HA1',
    fn: 'house_account',
    rule: 'a house account is the one of its provider',
    changes: [{ find: 'a.kind = p_kind and a.provider = p_provider', replace: 'a.kind = p_kind' }],
    killedBy: { file: SEAMLESS, test: 'a balanced journal against the WC clearing account' },
  },
  {
    id: 'HA2',
    fn: 'house_account',
    rule: 'a house account is the one of its kind',
    changes: [{ find: 'a.kind = p_kind and a.provider = p_provider', replace: 'a.provider = p_provider' }],
    // The WC provider has one house account (its clearing account); UFA has two, the clearing and the in-transit one.
    killedBy: { file: TRANSFERS, test: 'transfer-out moves the whole main balance to the provider' },
  },
  {
    id: 'SM1',
    fn: 'seamless_move',
    rule: 'a movement is the player’s against the provider’s clearing account',
    changes: [{ find: "house_account('PROVIDER_CLEARING', p_provider)", replace: "house_account('HOUSE_CASH')" }],
    killedBy: { file: SEAMLESS, test: 'a balanced journal against the WC clearing account' },
  },
  {
    id: 'SM2',
    fn: 'seamless_move',
    rule: 'the answer names the movement',
    changes: [{ find: ", 'txnId', p_reference)", replace: ')' }],
    killedBy: { file: SEAMLESS, test: 'every copy gets the same answer' },
  },
  {
    id: 'SB1',
    fn: 'seamless_bet',
    rule: 'a frozen player cannot bet',
    changes: [{ find: 'if player_frozen(v_player) then', replace: 'if false then' }],
    killedBy: { file: SEAMLESS, test: 'a frozen player cannot bet' },
  },
  {
    id: 'SB2',
    fn: 'seamless_bet',
    rule: 'the player’s own protection refuses a bet',
    changes: [
      { find: "if player_protection_refusal(v_player, 'BET', p_amount) is not null then", replace: 'if false then' },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'SB3',
    fn: 'seamless_bet',
    rule: 'a bet of exactly the balance is taken',
    changes: [{ find: 'if v_main.balance < p_amount then', replace: 'if v_main.balance <= p_amount then' }],
    killedBy: { file: GAMES_RULES, test: 'a bet of the whole balance is accepted' },
  },
  {
    id: 'SB4',
    fn: 'seamless_bet',
    rule: 'an accepted bet counts as turnover',
    changes: [{ find: 'perform count_bet(', replace: 'perform 1 where false and count_bet(' }],
    killedBy: { file: LOYALTY_RULES, test: 'turnover: WC bets count at the contribution %' },
  },
  {
    id: 'SB5',
    fn: 'seamless_bet',
    rule: 'the bet debits the player',
    changes: [
      {
        find: "'SEAMLESS_BET', v_player, v_main.id, p_txn_id, -p_amount",
        replace: "'SEAMLESS_BET', v_player, v_main.id, p_txn_id, p_amount",
      },
    ],
    killedBy: { file: SEAMLESS, test: 'a bet debits the main wallet' },
  },
  {
    id: 'SB6',
    fn: 'seamless_bet',
    rule: 'bets of one player are decided one after the other, under the balance’s lock',
    changes: [
      {
        find: "where a.player_id = v_player and a.kind = 'PLAYER_MAIN' for update;",
        replace: "where a.player_id = v_player and a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: {
      file: LOCKS_GAMES,
      test: 'two bets of one player at once that together pass the balance',
      postgresOnly: true,
    },
  },
  {
    id: 'SW1',
    fn: 'seamless_win',
    rule: 'a win pays an accepted bet of the player in the round',
    changes: [
      {
        find: "  if not seamless_round_has_bet(p_provider, p_round_id, v_player, '') then",
        replace: "  if false and not seamless_round_has_bet(p_provider, p_round_id, v_player, '') then",
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a win without its bet is refused BET_NOT_FOUND' },
  },
  {
    id: 'SW2',
    fn: 'seamless_round_has_bet',
    rule: 'a rolled-back bet wins nothing',
    changes: [
      {
        find: 'and rb.journal_entry_id is not null));',
        replace: 'and rb.journal_entry_id is not null and false));',
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a win without its bet is refused BET_NOT_FOUND' },
  },
  {
    id: 'SW3',
    fn: 'seamless_round_has_bet',
    rule: 'another player’s bet in the round pays no win',
    changes: [{ find: 'and bet.player_id = p_player_id and', replace: 'and' }],
    killedBy: { file: GAMES_RULES, test: 'a win without its bet is refused BET_NOT_FOUND' },
  },
  {
    id: 'SW4',
    fn: 'seamless_round_has_bet',
    rule: 'a refused bet (no journal) pays no win',
    changes: [{ find: 'and bet.journal_entry_id is not null', replace: 'and true' }],
    killedBy: { file: GAMES_RULES, test: 'a win without its bet is refused BET_NOT_FOUND' },
  },
  {
    id: 'SW5',
    fn: 'seamless_win',
    rule: 'a round’s result closes the round',
    changes: [
      { find: '    delete from open_rounds r where', replace: '    delete from open_rounds r where false and' },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a lost all-in round ends the requirement below the floor' },
  },
  {
    id: 'SW6',
    fn: 'seamless_win',
    rule: 'a round’s result closes that round only',
    changes: [
      {
        find: 'r.provider = p_provider and r.round_id = p_round_id and r.player_id = v_player;',
        replace: 'r.player_id = v_player;',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a result for another round leaves this one open' },
  },
  {
    id: 'SW7',
    fn: 'seamless_win',
    rule: 'a round’s result closes it for its player only',
    changes: [
      {
        find: 'r.provider = p_provider and r.round_id = p_round_id and r.player_id = v_player;',
        replace: 'r.provider = p_provider and r.round_id = p_round_id;',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'one round of several players' },
  },
  {
    id: 'SW8',
    fn: 'seamless_win',
    rule: 'the requirement is settled once the round’s result arrives',
    changes: [{ find: 'v_settled := settle_claim(v_player, p_loyalty_defaults);', replace: 'v_settled := null;' }],
    killedBy: { file: BONUS_PATHS, test: 'a lost all-in round ends the requirement below the floor' },
  },
  {
    id: 'SW9',
    fn: 'seamless_win',
    rule: 'a lost round’s result answers the balance it leaves',
    changes: [{ find: 'if v_answer is null or v_settled', replace: 'if v_settled' }],
    killedBy: { file: GAMES_RULES, test: 'a lost round’s result moves nothing and answers the balance' },
  },
  {
    id: 'SW10',
    fn: 'seamless_win',
    rule: 'a completion at the round’s result answers the balance after its cap',
    changes: [{ find: "or v_settled is not distinct from 'COMPLETED' then", replace: 'then' }],
    killedBy: { file: BONUS_PATHS, test: 'a requirement met by a bet in flight completes when the round settles' },
  },
  {
    id: 'SB7',
    fn: 'seamless_bet',
    rule: 'an accepted bet opens its round',
    changes: [
      {
        find: '    insert into open_rounds (provider, round_id, player_id) values (p_provider, p_round_id, v_player)\n      on conflict do nothing;\n',
        replace: '',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a result for another round leaves this one open' },
  },
  {
    id: 'SR1',
    fn: 'seamless_rollback',
    rule: 'a rollback before its bet leaves the mark that refuses the late bet',
    changes: [
      {
        find: "values (p_provider, p_bet_txn_id, 'VOIDED_BET'",
        replace: "values (p_provider, p_bet_txn_id || '-', 'VOIDED_BET'",
      },
    ],
    killedBy: { file: SEAMLESS, test: 'the late bet is refused with BET_ROLLED_BACK' },
  },
  {
    id: 'SR2',
    fn: 'seamless_rollback',
    rule: 'another player’s bet is not rolled back (TXN_MISMATCH)',
    changes: [{ find: 'if v_bet.player_id <> v_player then', replace: 'if false then' }],
    killedBy: { file: GAMES_RULES, test: 'a rollback of another player’s bet is TXN_MISMATCH' },
  },
  {
    id: 'SR3',
    fn: 'seamless_rollback',
    rule: 'a bet is reversed once, whatever the rollback’s id',
    changes: [
      {
        find: '      elsif not exists (select 1 from seamless_transactions rb',
        replace: '      elsif true or not exists (select 1 from seamless_transactions rb',
      },
    ],
    killedBy: { file: SEAMLESS, test: 'sent again under another id, it moves nothing more' },
  },
  {
    id: 'SR4',
    fn: 'seamless_rollback',
    rule: 'a rolled-back bet stops counting as turnover',
    changes: [{ find: 'perform void_bet(p_provider, p_bet_txn_id);', replace: 'null;' }],
    killedBy: { file: LOYALTY_RULES, test: 'a rolled-back bet stops counting' },
  },
  {
    id: 'SR5',
    fn: 'seamless_rollback',
    rule: 'a refused bet (no journal) is not reversed',
    changes: [
      {
        find: "if v_bet.kind = 'BET' and v_bet.journal_entry_id is not null and",
        replace: "if v_bet.kind = 'BET' and",
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a rollback of a refused bet moves nothing' },
  },
  {
    id: 'SR7',
    fn: 'seamless_rollback',
    rule: 'a rollback waits for its bet being written at the same moment (the bet id’s lock)',
    changes: [{ find: 'array[p_txn_id, p_bet_txn_id]', replace: 'array[p_txn_id]' }],
    killedBy: { file: LOCKS_GAMES, test: 'a rollback of a bet being written', postgresOnly: true },
  },
  {
    id: 'SR6',
    fn: 'seamless_rollback',
    rule: 'a rollback credits the bet back',
    changes: [{ find: 'p_txn_id, v_bet.amount)', replace: 'p_txn_id, -v_bet.amount)' }],
    killedBy: { file: SEAMLESS, test: 'a rollback reverses its bet once' },
  },
  {
    id: 'SR8',
    fn: 'seamless_rollback',
    rule: 'a rollback that reverses the last bet of its round closes the round and settles the requirement',
    changes: [
      {
        find: "        if settle_claim(v_player, p_loyalty_defaults) is not distinct from 'COMPLETED' then",
        replace: "        if null is not distinct from 'COMPLETED' then",
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a rollback that closes the last open round settles the requirement' },
  },
  {
    id: 'SR9',
    fn: 'seamless_rollback',
    rule: 'a round with another accepted bet of the player stays open when one bet is rolled back',
    changes: [
      {
        find: 'if not seamless_round_has_bet(p_provider, v_bet.round_id, v_player, p_bet_txn_id) then',
        replace: 'if true then',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'rolling back one of two leaves it open' },
  },
  {
    id: 'SR10',
    fn: 'seamless_rollback',
    rule: 'a rollback reversing the round’s last bet closes the round',
    changes: [
      {
        find: 'if not seamless_round_has_bet(p_provider, v_bet.round_id, v_player, p_bet_txn_id) then',
        replace: 'if false then',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a rollback that closes the last open round settles the requirement' },
  },
  // Scope of seamless_rollback: a rollback closes the round for its own player only ----------------
  {
    id: 'SP-51',
    fn: 'seamless_rollback',
    rule: 'a rollback closes the round for its own player only',
    changes: [
      {
        find: 'where r.provider = p_provider and r.round_id = v_bet.round_id and r.player_id = v_player;',
        replace: 'where r.provider = p_provider and r.round_id = v_bet.round_id;',
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a rollback closes the round for its own player only' },
  },
  {
    id: 'SH1',
    fn: 'seamless_round_has_bet',
    rule: 'the bet being rolled back does not keep its own round open',
    changes: [{ find: ' and bet.txn_id <> p_except', replace: '' }],
    killedBy: { file: BONUS_PATHS, test: 'a rollback that closes the last open round settles the requirement' },
  },
  // The game-transfer saga (games/sql/provider_transfer.sql) ----------------------
  {
    id: 'TA1',
    fn: 'transfer_accounts_locked',
    rule: 'a player without the provider’s credit account is an error, not a transfer from nowhere',
    changes: [{ find: 'if main_id is null or credit_id is null then', replace: 'if false then' }],
    killedBy: { file: LEDGER_RULES, test: 'transfer_accounts_locked returns the main and provider-credit accounts' },
  },
  {
    id: 'TA2',
    fn: 'transfer_accounts_locked',
    rule: 'the main account is found by its kind',
    changes: [{ find: "    if v_row.kind = 'PLAYER_MAIN' then", replace: "    if v_row.kind <> 'PLAYER_MAIN' then" }],
    killedBy: { file: LEDGER_RULES, test: 'transfer_accounts_locked returns the main and provider-credit accounts' },
  },
  {
    id: 'TA3',
    fn: 'transfer_accounts_locked',
    rule: 'the accounts are locked in ascending id order, the one lock order of every journal (no deadlocks)',
    changes: [{ find: '     order by a.id\n       for update', replace: '     order by a.id desc\n       for update' }],
    killedBy: {
      file: LEDGER_RULES,
      test: 'transfer_accounts_locked locks the lower account id first',
      postgresOnly: true,
    },
  },
  {
    id: 'TI1',
    fn: 'transfer_record_intent',
    rule: 'the intent moves the money from the player’s side into transit',
    changes: [{ find: 'array[-p_amount, p_amount]', replace: 'array[p_amount, -p_amount]' }],
    killedBy: { file: TRANSFERS, test: '§7 transfer-out moves the whole main balance to the provider' },
  },
  {
    id: 'TI2',
    fn: 'transfer_record_intent',
    rule: 'an intent is journalled PROVIDER_TRANSFER_OUT or PROVIDER_TRANSFER_IN by its direction',
    changes: [
      {
        find: "case p_direction when 'OUT' then 'PROVIDER_TRANSFER_OUT' else 'PROVIDER_TRANSFER_IN' end",
        replace: "'PROVIDER_TRANSFER_OUT'",
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'transfer-out journals PROVIDER_TRANSFER_OUT then PROVIDER_TRANSFER_SETTLED' },
  },
  {
    id: 'TI3',
    fn: 'transfer_record_intent',
    rule: 'an intent changes the player’s transfer version (a transfer-in or sync that read the provider before it gives up)',
    changes: [
      {
        find: '  update provider_players set transfer_version = transfer_version + 1\n   where player_id = p_player_id and provider = p_provider;\n',
        replace: '',
      },
    ],
    killedBy: {
      file: GAMES_RULES,
      test: 'syncProviderCredit returns false and records nothing when the player’s transfer version changed',
    },
    equivalent:
      'every reader of the version (transfer_start for a transfer-in, transfer_sync) refuses while a transfer is PENDING, and settle_transfer bumps the version when it ends the transfer: the intent’s own bump is never the one a reader sees; it stays as a second guard',
  },
  {
    id: 'ST1',
    fn: 'settle_transfer',
    rule: 'only a PENDING transfer is settled, once',
    changes: [
      {
        find: "where t.id = p_transfer_id and t.status = 'PENDING' for update",
        replace: 'where t.id = p_transfer_id for update',
      },
    ],
    killedBy: {
      file: GAMES_RULES,
      test: 'settleTransfer on a transfer already settled answers PENDING and moves nothing',
    },
  },
  {
    id: 'ST2',
    fn: 'settle_transfer',
    rule: 'a completed transfer-out goes to the provider credit, a refused one back to the main wallet (and the reverse for a transfer-in)',
    changes: [
      {
        find: "v_to_main := (v_transfer.direction = 'IN') = p_completed;",
        replace: "v_to_main := (v_transfer.direction = 'OUT') = p_completed;",
      },
    ],
    killedBy: { file: TRANSFERS, test: '§7 transfer-out moves the whole main balance to the provider' },
  },
  {
    id: 'ST3',
    fn: 'settle_transfer',
    rule: 'a refused transfer is journalled PROVIDER_TRANSFER_RETURNED',
    changes: [
      {
        find: "then 'PROVIDER_TRANSFER_SETTLED' else 'PROVIDER_TRANSFER_RETURNED' end",
        replace: "then 'PROVIDER_TRANSFER_SETTLED' else 'PROVIDER_TRANSFER_SETTLED' end",
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a transfer the provider refuses journals PROVIDER_TRANSFER_RETURNED' },
  },
  {
    id: 'ST4',
    fn: 'settle_transfer',
    rule: 'a refused transfer ends FAILED',
    changes: [
      {
        find: "set status = case when p_completed then 'COMPLETED' else 'FAILED' end,",
        replace: "set status = 'COMPLETED',",
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a transfer the provider refuses journals PROVIDER_TRANSFER_RETURNED' },
  },
  {
    id: 'ST5',
    fn: 'settle_transfer',
    rule: 'a refused transfer keeps the provider’s code as its error',
    changes: [
      { find: 'last_error = case when p_completed then null else p_error end,', replace: 'last_error = null,' },
    ],
    killedBy: { file: GAMES_RULES, test: 'ends FAILED with the provider’s code as its error' },
  },
  {
    id: 'ST6',
    fn: 'settle_transfer',
    rule: 'a settlement made by the reconciler clears the error the unknown outcome left',
    changes: [
      {
        find: 'last_error = case when p_completed then null else p_error end,',
        replace: 'last_error = coalesce(p_error, last_error),',
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'an applied one COMPLETED with its error cleared' },
  },
  {
    id: 'ST7',
    fn: 'settle_transfer',
    rule: 'money come home settles the requirement: a met one with a withdrawal cap completes',
    changes: [{ find: '  perform settle_claim(v_transfer.player_id, null);', replace: '  null;' }],
    killedBy: {
      file: BONUS_PATHS,
      test: 'a met requirement capped at a withdrawal completes only once the money at the provider is home',
    },
  },
  {
    id: 'GR1',
    fn: 'transfer_game_result',
    rule: 'the difference from the provider’s figure is a game result',
    changes: [{ find: '  if v_delta <> 0 then', replace: '  if false then' }],
    killedBy: { file: TRANSFERS, test: 'transfer-in records what the player won or lost at the provider' },
  },
  {
    id: 'GR2',
    fn: 'transfer_game_result',
    rule: 'a win raises the player’s credit, a loss lowers it',
    changes: [{ find: 'array[v_delta, -v_delta]', replace: 'array[-v_delta, v_delta]' }],
    killedBy: { file: TRANSFERS, test: 'transfer-in records what the player won or lost at the provider' },
  },
  {
    id: 'GR3',
    fn: 'transfer_game_result',
    rule: 'settled stakes count once: nothing new, nothing counted',
    changes: [{ find: 'if p_settled_stakes > v_recorded then', replace: 'if true then' }],
    killedBy: { file: TRANSFERS, test: 'the stakes the provider settled count as turnover once' },
  },
  {
    id: 'GR4',
    fn: 'transfer_game_result',
    rule: 'what was counted is remembered',
    changes: [
      {
        find: '  update provider_players set turnover_recorded = p_settled_stakes\n',
        replace: '  update provider_players set turnover_recorded = turnover_recorded\n',
      },
    ],
    killedBy: { file: TRANSFERS, test: 'the stakes the provider settled count as turnover once' },
  },
  {
    id: 'GR5',
    fn: 'transfer_game_result',
    rule: 'only the stakes settled since last time count',
    changes: [{ find: 'p_settled_stakes - v_recorded,', replace: 'p_settled_stakes,' }],
    killedBy: { file: TRANSFERS, test: 'the stakes the provider settled count as turnover once' },
  },
  {
    id: 'GR6',
    fn: 'transfer_game_result',
    rule: 'what the provider reports settles the requirement: a loss there may leave the whole balance below the floor',
    changes: [{ find: '  perform settle_claim(p_player_id, p_loyalty_defaults);', replace: '  null;' }],
    killedBy: {
      file: BONUS_PATHS,
      test: 'a bet at the provider that settles lost leaves the whole balance below the floor',
    },
  },
  {
    id: 'TS1',
    fn: 'transfer_start',
    rule: 'a frozen player cannot transfer out',
    changes: [{ find: "if p_direction = 'OUT' and player_frozen(p_player_id) then", replace: 'if false then' }],
    killedBy: { file: TRANSFERS, test: 'a frozen player cannot transfer out' },
  },
  {
    id: 'TS2',
    fn: 'transfer_start',
    rule: 'a repeated Idempotency-Key answers the transfer it started',
    changes: [
      { find: "    if found then return jsonb_build_object('earlier', to_jsonb(v_earlier)); end if;\n", replace: '' },
    ],
    killedBy: { file: TRANSFERS, test: 'the same Idempotency-Key answers the first transfer and moves nothing more' },
  },
  {
    id: 'TS3',
    fn: 'transfer_start',
    rule: 'a second transfer is refused while one is pending',
    changes: [
      {
        find: "              where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then\n    return jsonb_build_object('refused', 'TRANSFER_PENDING');",
        replace: "              where false) then\n    return jsonb_build_object('refused', 'TRANSFER_PENDING');",
      },
    ],
    killedBy: { file: GAMES, test: 'a second transfer while one is pending is refused with a clear 409' },
  },
  {
    id: 'TS4',
    fn: 'transfer_start',
    rule: 'a transfer-in after a transfer that happened while the provider was asked is refused',
    changes: [{ find: "if p_direction = 'IN' and v_version <> p_version then", replace: 'if false then' }],
    killedBy: { file: GAMES_RULES, test: 'transfer-in is refused with TRANSFER_PENDING and records no game result' },
  },
  {
    id: 'TS5',
    fn: 'transfer_start',
    rule: 'the player’s own protection refuses play',
    changes: [
      { find: "v_protection := player_protection_refusal(p_player_id, 'PLAY', 0);", replace: 'v_protection := null;' },
    ],
    killedBy: { file: PROTECTION, test: 'a bet is accepted only while, lost, it keeps the period within the limit' },
  },
  {
    id: 'TS6',
    fn: 'transfer_start',
    rule: 'an empty main wallet has nothing to transfer out',
    changes: [
      {
        find: "if v_accounts.main_balance = 0 then return jsonb_build_object('refused', 'NOTHING_TO_TRANSFER'); end if;",
        replace: 'null;',
      },
    ],
    killedBy: { file: TRANSFERS, test: 'nothing to move is refused with NOTHING_TO_TRANSFER, in both directions' },
  },
  {
    id: 'TS7',
    fn: 'transfer_start',
    rule: 'no credit at the provider has nothing to transfer in',
    changes: [
      {
        find: "if p_provider_satang = 0 then return jsonb_build_object('refused', 'NOTHING_TO_TRANSFER'); end if;",
        replace: 'null;',
      },
    ],
    killedBy: { file: TRANSFERS, test: 'nothing to move is refused with NOTHING_TO_TRANSFER, in both directions' },
  },
  {
    id: 'TS8',
    fn: 'transfer_start',
    rule: 'a transfer-in records the game result first',
    changes: [
      { find: '  perform transfer_game_result(', replace: '  perform 1 where false and transfer_game_result(' },
    ],
    killedBy: { file: TRANSFERS, test: 'transfer-in records what the player won or lost at the provider' },
  },
  {
    id: 'TS9',
    fn: 'transfer_start',
    rule: 'stakes in game at the provider are still the player’s: the game result counts them',
    changes: [
      {
        find: 'p_provider_satang + p_in_game_satang, p_settled_stakes',
        replace: 'p_provider_satang, p_settled_stakes',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'a transfer-in of the current credit leaves the in-game credit' },
  },
  // Scopes of transfer_start: an Idempotency-Key and a pending transfer are the player’s own ------
  {
    id: 'SP-43',
    fn: 'transfer_start',
    rule: 'an Idempotency-Key answers the transfer its own player started',
    changes: [
      {
        find: 'where t.player_id = p_player_id and t.client_key = p_client_key',
        replace: 'where t.client_key = p_client_key',
      },
    ],
    killedBy: { file: TRANSFERS, test: 'an Idempotency-Key answers the transfer its own player started' },
  },
  {
    id: 'SP-44',
    fn: 'transfer_start',
    rule: 'only the player’s own transfer in flight holds their transfer',
    changes: [
      {
        find: "where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then\n    return jsonb_build_object('refused', 'TRANSFER_PENDING');",
        replace:
          "where t.provider = p_provider and t.status = 'PENDING') then\n    return jsonb_build_object('refused', 'TRANSFER_PENDING');",
      },
    ],
    killedBy: { file: TRANSFERS, test: 'another player’s transfer in flight holds neither' },
  },
  {
    id: 'TY1',
    fn: 'transfer_sync',
    rule: 'no sync while a transfer is pending',
    changes: [
      {
        find: "              where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then",
        replace: '              where false) then',
      },
    ],
    killedBy: {
      file: TRANSFERS,
      test: 'syncing brings our record of the provider credit to the provider figure, unless a transfer is pending',
    },
  },
  {
    id: 'TY2',
    fn: 'transfer_sync',
    rule: 'no sync after a transfer that happened while the provider was asked',
    changes: [{ find: 'if v_version is distinct from p_version then return false; end if;', replace: 'null;' }],
    killedBy: {
      file: GAMES_RULES,
      test: 'syncProviderCredit returns false and records nothing when the player’s transfer version changed',
    },
  },
  {
    id: 'TY3',
    fn: 'transfer_sync',
    rule: 'a sync records when the credit was last brought in line (the reconciler syncs the longest-waiting first)',
    changes: [
      {
        find: '  update provider_players set credit_synced_at = now()',
        replace: '  update provider_players set credit_synced_at = credit_synced_at',
      },
    ],
    killedBy: { file: TRANSFERS, test: 'syncing brings our record of the provider credit to the provider figure' },
  },
  // Scope of transfer_sync: only the player’s own transfer in flight holds the sync ------------------
  {
    id: 'SP-45',
    fn: 'transfer_sync',
    rule: 'only the player’s own transfer in flight holds the sync of their credit',
    changes: [
      {
        find: "where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then",
        replace: "where t.provider = p_provider and t.status = 'PENDING') then",
      },
    ],
    killedBy: { file: TRANSFERS, test: 'another player’s transfer in flight holds neither' },
  },
  // award_deposit_points ------------------------------------------------------------
  {
    id: 'DP1',
    fn: 'award_deposit_points',
    rule: 'a rate of 0 earns no points',
    changes: [{ find: 'if v_settings.deposit_baht_per_point <= 0 then return 0; end if;', replace: 'null;' }],
    killedBy: { file: LOYALTY_UNITS, test: 'one point per full rate of baht, floor; none at a rate of 0' },
  },
  {
    id: 'DP7',
    fn: 'award_deposit_points',
    rule: 'a deposit earns no points while a time-out or self-exclusion is in force',
    changes: [
      {
        find: "  if player_protection_refusal(p_player_id, 'CLAIM', 0) is not null then return 0; end if;\n",
        replace: '',
      },
    ],
    killedBy: { file: BONUS_PATHS, test: 'claim, self-exclude, a held deposit released by an operator' },
  },
  {
    id: 'DP2',
    fn: 'award_deposit_points',
    rule: 'a point per full rate of baht: the floor, never rounded up',
    changes: [
      {
        find: 'p_amount / (v_settings.deposit_baht_per_point * 100::bigint)',
        replace: 'ceil(p_amount / (v_settings.deposit_baht_per_point * 100.0))::bigint',
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'one point per full rate of baht, floor; none at a rate of 0' },
  },
  {
    id: 'DP3',
    fn: 'award_deposit_points',
    rule: 'the rate is in baht, the amount in satang',
    changes: [{ find: 'deposit_baht_per_point * 100::bigint', replace: 'deposit_baht_per_point * 1::bigint' }],
    killedBy: { file: LOYALTY_UNITS, test: 'one point per full rate of baht, floor; none at a rate of 0' },
  },
  {
    id: 'DP4',
    fn: 'award_deposit_points',
    rule: 'a deposit’s points are of source DEPOSIT',
    changes: [{ find: "* 100::bigint), 'DEPOSIT',", replace: "* 100::bigint), 'TURNOVER'," }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'DP5',
    fn: 'award_deposit_points',
    rule: 'once per deposit entry: the entry’s id is the reference',
    changes: [{ find: 'p_history_id::text', replace: 'p_amount::text' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'DP6',
    fn: 'award_deposit_points',
    rule: 'the points expire after the setting’s days',
    changes: [{ find: 'p_history_id::text, v_settings.expiry_days);', replace: 'p_history_id::text, 0);' }],
    killedBy: { file: LOYALTY_RULES, test: 'points: the next to expire and when' },
  },
  // credit_deposit ------------------------------------------------------------------
  {
    id: 'CD1',
    fn: 'credit_deposit',
    rule: 'a deposit is a positive number of satang',
    changes: [{ find: 'if p_amount is null or p_amount <= 0 then', replace: 'if p_amount is null then' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
    equivalent:
      'every caller goes through creditInOneCall (deposit-credit.ts), whose assertPositiveSatang refuses the amount first; the SQL guard is for a caller that does not',
  },
  {
    id: 'CD-S1',
    fn: 'credit_deposit',
    rule: 'a requirement already lost ends before the deposit lands, which is then the player’s own',
    changes: [{ find: '  perform settle_claim(p_player_id, p_loyalty_defaults);\n', replace: '' }],
    killedBy: { file: BONUS_PATHS, test: 'a round its provider never closes stops holding the requirement' },
  },
  {
    id: 'CD2',
    fn: 'credit_deposit',
    rule: 'the money moves from the house account into the player’s main wallet',
    changes: [{ find: 'array[-p_amount, p_amount]', replace: 'array[p_amount, -p_amount]' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD3',
    fn: 'credit_deposit',
    rule: 'the journal is a DEPOSIT under the bank reference',
    changes: [
      {
        find: "post_journal('DEPOSIT', p_player_id, p_reference,",
        replace: "post_journal('DEPOSIT', p_player_id, null,",
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD4',
    fn: 'credit_deposit',
    rule: 'the journal’s kind is DEPOSIT',
    changes: [{ find: "post_journal('DEPOSIT',", replace: "post_journal('MANUAL_DEPOSIT'," }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD5',
    fn: 'credit_deposit',
    rule: 'only a WAITING deposit is credited (one rejected meanwhile never is)',
    changes: [{ find: "h.status = 'WAITING' and ", replace: '' }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a deposit that is no longer waiting (rejected meanwhile) is never credited',
    },
  },
  {
    id: 'CD6',
    fn: 'credit_deposit',
    rule: 'the waiting entry is a deposit, not a withdrawal',
    changes: [{ find: "h.type = 'DEPOSIT' and ", replace: '' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD7',
    fn: 'credit_deposit',
    rule: 'the waiting entry is the credited player’s',
    changes: [{ find: ' and h.player_id = p_player_id', replace: '' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD8',
    fn: 'credit_deposit',
    rule: 'the waiting entry is of the credited amount',
    changes: [{ find: '           and h.amount = p_amount\n', replace: '' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD9',
    fn: 'credit_deposit',
    rule: 'the approved waiting entry holds the balances the money moved',
    changes: [{ find: ' before_amount = v_after - p_amount, after_amount = v_after,', replace: '' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD10',
    fn: 'credit_deposit',
    rule: 'the approved waiting entry names the journal that settled it',
    changes: [{ find: 'settlement_journal_entry_id = journal_id,', replace: '' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD11',
    fn: 'credit_deposit',
    rule: 'the approved waiting entry says who decided and why',
    changes: [
      {
        find: 'decided_by = p_decided_by, decided_at = clock_timestamp(), reason = p_reason,',
        replace: 'decided_at = clock_timestamp(),',
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD12',
    fn: 'credit_deposit',
    rule: 'a new entry holds the balances the money moved',
    changes: [
      { find: "'APPROVED', p_amount, v_after - p_amount, v_after,", replace: "'APPROVED', p_amount, 0, p_amount," },
    ],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD13',
    fn: 'credit_deposit',
    rule: 'a new entry’s note is the bank reference',
    changes: [{ find: '              p_reference, p_source,', replace: '              null, p_source,' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD14',
    fn: 'credit_deposit',
    rule: 'a new entry’s source is the caller’s (an operator’s assignment is OPERATOR)',
    changes: [{ find: '              p_reference, p_source,', replace: "              p_reference, 'FEED'," }],
    killedBy: {
      file: BANK_FEED,
      test: 'an operator assigns an unmatched transfer to a player: a DEPOSIT, APPROVED, decided by the operator',
    },
  },
  {
    id: 'CD15',
    fn: 'credit_deposit',
    rule: 'a new entry says who decided and why',
    changes: [
      {
        find: 'p_source, p_decided_by, clock_timestamp(), p_reason,',
        replace: "p_source, 'x', clock_timestamp(), null,",
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD16',
    fn: 'credit_deposit',
    rule: 'a credited deposit earns its points',
    changes: [
      { find: '  perform award_deposit_points(p_player_id, p_amount, history_id, p_loyalty_defaults);', replace: '' },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a deposit earns 1 point per full 100 baht' },
  },
  {
    id: 'CD17',
    fn: 'credit_deposit',
    rule: 'the player is told of a credited deposit',
    changes: [
      {
        find: "  perform notify_player(p_player_id, 'DEPOSIT_CREDITED', jsonb_build_object('amount', trim_scale(p_amount / 100.0)));\n",
        replace: '',
      },
    ],
    killedBy: { file: NOTIFICATIONS, test: 'a credited deposit notifies its player once' },
  },
  {
    id: 'CD18',
    fn: 'credit_deposit',
    rule: 'the player is told the amount in baht',
    changes: [
      {
        find: "jsonb_build_object('amount', trim_scale(p_amount / 100.0))",
        replace: "jsonb_build_object('amount', p_amount)",
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
  },
  {
    id: 'CD19',
    fn: 'credit_deposit',
    rule: 'a PENDING claim is reported, so that the deposit activates it',
    changes: [{ find: "c.status = 'PENDING'", replace: "c.status = 'ACTIVE'" }],
    killedBy: { file: LOYALTY_RULES, test: 'first deposit 100% up to 500 baht, turnover 5× (deposit + bonus)' },
  },
  {
    id: 'CD20',
    fn: 'credit_deposit',
    rule: 'the journal moved the player’s main account',
    changes: [{ find: 'if v_posted.moved_accounts[1] is distinct from v_main then', replace: 'if false then' }],
    killedBy: { file: DEPOSIT_RULES, test: CREDIT_DEPOSIT_TEST },
    equivalent: 'post_journal always answers the one player account a deposit moves, the main one: a guard',
  },
  // Scopes of credit_deposit: the player’s own main wallet ----------------------------------
  {
    id: 'SP-30',
    fn: 'credit_deposit',
    rule: 'a deposit is credited to its own player’s main wallet',
    changes: [
      { find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';", replace: "where a.kind = 'PLAYER_MAIN';" },
    ],
    killedBy: { file: DEPOSIT_RULES, test: 'credit_deposit: a new entry and a waiting one are APPROVED' },
  },
  {
    id: 'SP-31',
    fn: 'credit_deposit',
    rule: 'a deposit is credited to the main wallet, not another account of the player',
    changes: [
      {
        find: "where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
        replace: 'where a.player_id = p_player_id;',
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: 'credit_deposit: a new entry and a waiting one are APPROVED' },
    equivalent:
      'the player’s accounts are read by the index on (player_id, kind, provider), in which PLAYER_MAIN sorts before the points and provider accounts: without the kind the first row read is still the main account',
  },
  {
    id: 'SP-32',
    fn: 'credit_deposit',
    rule: 'a deposit reports the player’s own claim waiting for it',
    changes: [
      { find: "where c.player_id = p_player_id and c.status = 'PENDING'", replace: "where c.status = 'PENDING'" },
    ],
    killedBy: { file: DEPOSIT_RULES, test: 'credit_deposit: a new entry and a waiting one are APPROVED' },
    equivalent:
      'the answer only makes the caller look for the player’s own PENDING claim (activateOnDeposit locks it by player): reported for another player’s claim, it finds none and does nothing',
  },
  // bank_feed_deliver (deposits/sql/bank_feed.sql) -----------------------------------------
  {
    id: 'BF1',
    fn: 'bank_feed_deliver',
    rule: 'deliveries of one reference are one after the other (its lock)',
    changes: [
      {
        find: 'perform pg_advisory_xact_lock_shared(p_locks[1]), pg_advisory_xact_lock(p_locks[2], hashtext(p_reference));',
        replace: 'perform pg_advisory_xact_lock_shared(p_locks[1]);',
      },
    ],
    killedBy: {
      file: BANK_FEED,
      test: 'a delivery of a reference waits for a delivery of the same reference',
      postgresOnly: true,
    },
  },
  {
    id: 'BF2',
    fn: 'bank_feed_deliver',
    rule: 'a delivery waits for the slips and operators’ decisions that hold the matching lock',
    changes: [
      {
        find: 'perform pg_advisory_xact_lock_shared(p_locks[1]), pg_advisory_xact_lock(',
        replace: 'perform pg_advisory_xact_lock(',
      },
    ],
    killedBy: {
      file: BANK_FEED,
      test: 'a delivery waits for a slip upload or an operator’s deposit decision',
      postgresOnly: true,
    },
  },
  {
    id: 'BF3',
    fn: 'bank_feed_deliver',
    rule: 'two transfers of one player are one after the other (the player’s lock)',
    changes: [{ find: 'perform pg_advisory_xact_lock(p_locks[3], v_player::integer);', replace: '' }],
    killedBy: { file: BANK_FEED, test: 'a second transfer of the same player waits for it', postgresOnly: true },
  },
  {
    id: 'BF24',
    fn: 'bank_feed_deliver',
    rule: 'deliveries share the matching lock: a delivery of one reference never waits for another’s',
    changes: [
      {
        find: 'perform pg_advisory_xact_lock_shared(p_locks[1]), pg_advisory_xact_lock(',
        replace: 'perform pg_advisory_xact_lock(p_locks[1]), pg_advisory_xact_lock(',
      },
    ],
    killedBy: {
      file: BANK_FEED,
      test: 'a transfer to another player is credited while a delivery is in progress',
      postgresOnly: true,
    },
  },
  {
    id: 'BF4',
    fn: 'bank_feed_deliver',
    rule: 'a reference recorded before credits nothing',
    changes: [
      {
        find: 'if recorded_transfer_id is not null or approved_slip_by_reference',
        replace: 'if approved_slip_by_reference',
      },
    ],
    killedBy: { file: BANK_FEED, test: 'a duplicate delivery of a reference answers 200 `duplicate`' },
  },
  {
    id: 'BF5',
    fn: 'bank_feed_deliver',
    rule: 'a reference an operator credited from its slip is not credited again',
    changes: [{ find: 'or approved_slip_by_reference is not null or', replace: 'or' }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'defect 2: a reference an operator credited from its slip is credited once',
    },
  },
  {
    id: 'BF6',
    fn: 'bank_feed_deliver',
    rule: 'only an approved slip under the reference is one an operator credited',
    changes: [
      {
        find: "where e.status = 'APPROVED' and e.type = 'DEPOSIT' and s.bank_transfer_id is null\n             and upper(s.slip_reference) = p_reference",
        replace:
          "where e.type = 'DEPOSIT' and s.bank_transfer_id is null\n             and upper(s.slip_reference) = p_reference",
      },
    ],
    killedBy: {
      file: 'test/slip-deposits.test.ts',
      test: 'slip first, then the feed transfer with the same reference',
    },
  },
  {
    id: 'BF7',
    fn: 'bank_feed_deliver',
    rule: 'money sent to an account that is not a house account waits for an operator',
    changes: [{ find: 'or house_account_id is null', replace: '' }],
    killedBy: { file: BANK_FEED, test: 'a transfer to an account that is not a house account is kept unmatched' },
  },
  {
    id: 'BF8',
    fn: 'bank_feed_deliver',
    rule: 'exactly one player fits the sender, or an operator decides',
    changes: [{ find: 'cardinality(candidate_ids) <> 1', replace: 'cardinality(candidate_ids) < 1' }],
    killedBy: { file: BANK_FEED, test: 'a masked sender account that fits two players is kept unmatched' },
  },
  {
    id: 'BF9',
    fn: 'bank_feed_deliver',
    rule: 'a waiting slip is paid only with a valid CRC',
    changes: [{ find: 'and s.crc_valid and', replace: 'and' }],
    killedBy: { file: DEPOSIT_RULES, test: 'an edited QR (CRC no longer valid) proves nothing' },
  },
  {
    id: 'BF10',
    fn: 'bank_feed_deliver',
    rule: 'a waiting slip is paid only by a transfer of its amount',
    changes: [{ find: 's.crc_valid and e.amount = p_amount', replace: 's.crc_valid' }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a transfer of the reference a waiting slip of the player carries, but of another amount',
    },
  },
  {
    id: 'BF11',
    fn: 'bank_feed_deliver',
    rule: 'a waiting slip is paid only by a transfer of the reference it carries',
    changes: [{ find: 'and upper(s.slip_reference) = p_reference and s.crc_valid', replace: 'and s.crc_valid' }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a waiting slip is settled only by the transfer that carries its reference',
    },
  },
  {
    id: 'BF12',
    fn: 'bank_feed_deliver',
    rule: 'only the fitting player’s own waiting slip is paid',
    changes: [
      {
        find: "where e.status = 'WAITING' and e.type = 'DEPOSIT' and s.player_id = v_player",
        replace: "where e.status = 'WAITING' and e.type = 'DEPOSIT'",
      },
    ],
    killedBy: {
      file: 'test/slip-deposits.test.ts',
      test: 'a waiting slip whose reference the feed already credited, to another player',
    },
  },
  {
    id: 'BF13',
    fn: 'bank_feed_deliver',
    rule: 'a transfer after an operator approved the player’s slip without a QR is that deposit’s money',
    changes: [
      {
        find: 'if payable_slip_id is not null or approved_slip_without_reference is not null or',
        replace: 'if payable_slip_id is not null or',
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'after an operator approved their slip of its amount without any QR is that deposit’s money',
    },
  },
  {
    id: 'BF14',
    fn: 'bank_feed_deliver',
    rule: 'only a slip approved without a reference is linked by amount and time',
    changes: [
      {
        find: 'and s.bank_transfer_id is null and s.slip_reference is null and e.amount = p_amount',
        replace: 'and s.bank_transfer_id is null and e.amount = p_amount',
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'after an operator approved a slip with a readable reference, a transfer of its amount under another reference',
    },
  },
  {
    id: 'BF15',
    fn: 'bank_feed_deliver',
    rule: 'a slip approved without a reference is linked only to a transfer of its amount',
    changes: [
      { find: 'and s.slip_reference is null and e.amount = p_amount', replace: 'and s.slip_reference is null' },
    ],
    killedBy: { file: DEPOSIT_RULES, test: 'a slip approved without a QR is linked only to a transfer of its amount' },
  },
  {
    id: 'BF16',
    fn: 'bank_feed_deliver',
    rule: 'a slip approved without a reference is linked only to a transfer within the window',
    changes: [
      {
        find: "and s.created_at >= p_transferred_at - p_window_ms * interval '1 millisecond'",
        replace: "and s.created_at >= p_transferred_at - 100 * p_window_ms * interval '1 millisecond'",
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a slip approved without a QR is linked only to a transfer within the hour',
    },
  },
  {
    id: 'BF17',
    fn: 'bank_feed_deliver',
    rule: 'a deposit the player’s protection refuses is held, not credited',
    changes: [
      {
        find: 'or approved_slip_without_reference is not null or refusal is not null',
        replace: 'or approved_slip_without_reference is not null',
      },
    ],
    killedBy: { file: PROTECTION, test: 'money that still arrives by bank transfer over the limit is held' },
  },
  {
    id: 'BF18',
    fn: 'bank_feed_deliver',
    rule: 'the protection checked is the deposit’s, for its amount',
    changes: [
      {
        find: "player_protection_refusal(v_player, 'DEPOSIT', p_amount)",
        replace: "player_protection_refusal(v_player, 'DEPOSIT', 0)",
      },
    ],
    killedBy: { file: PROTECTION, test: 'money that still arrives by bank transfer over the limit is held' },
  },
  {
    id: 'BF19',
    fn: 'bank_feed_deliver',
    rule: 'the credit is the bank feed’s (source FEED)',
    changes: [{ find: "'FEED', null, p_loyalty_defaults", replace: "'OPERATOR', null, p_loyalty_defaults" }],
    killedBy: { file: BANK_FEED, test: 'is a DEPOSIT, APPROVED, credited at once from the bank-deposits account' },
  },
  {
    id: 'BF20',
    fn: 'bank_feed_deliver',
    rule: 'the transfer is recorded CREDITED',
    changes: [
      {
        find: "p_amount, p_transferred_at, 'CREDITED', v_player, v_credit.history_id",
        replace: "p_amount, p_transferred_at, 'ASSIGNED', v_player, v_credit.history_id",
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a transfer from a bank code the feed does not know is recorded without a bank',
    },
  },
  {
    id: 'BF21',
    fn: 'bank_feed_deliver',
    rule: 'the transfer’s record names the player credited',
    changes: [{ find: "'CREDITED', v_player, v_credit.history_id", replace: "'CREDITED', null, v_credit.history_id" }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a transfer from a bank code the feed does not know is recorded without a bank',
    },
  },
  {
    id: 'BF22',
    fn: 'bank_feed_deliver',
    rule: 'the transfer’s record names the house account that received it',
    changes: [{ find: 'p_to_account, house_account_id,\n', replace: 'p_to_account, null,\n' }],
    killedBy: { file: DEPOSIT_RULES, test: 'a transfer’s record names the house account that received it' },
  },
  {
    id: 'BF23',
    fn: 'bank_feed_deliver',
    rule: 'a PENDING promotion claim is reported, so that the deposit activates it',
    changes: [{ find: 'claim_pending := v_credit.claim_pending;', replace: 'claim_pending := false;' }],
    killedBy: { file: LOYALTY_RULES, test: 'first deposit 100% up to 500 baht, turnover 5× (deposit + bonus)' },
  },
  // Scopes of bank_feed_deliver: a slip approved without a reference is its own player’s ----------
  {
    id: 'SP-42',
    fn: 'bank_feed_deliver',
    rule: 'a transfer is the money of its own player’s slip approved without a reference only',
    changes: [
      {
        find: "where e.status = 'APPROVED' and e.type = 'DEPOSIT' and s.player_id = v_player",
        replace: "where e.status = 'APPROVED' and e.type = 'DEPOSIT'",
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a transfer is an approved slip’s money only when the slip is its own player’s',
    },
  },
  // players_fitting_account (deposits/sql/bank_feed.sql) ----------------------------------
  {
    id: 'FA1',
    fn: 'players_fitting_account',
    rule: 'a sender of a known bank fits only players of that bank',
    changes: [{ find: '(p_bank_code is null or p.bank_code = p_bank_code)', replace: 'true' }],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a slip naming an unmatched transfer from another bank (the same account digits) does not claim it',
    },
  },
  {
    id: 'FA2',
    fn: 'players_fitting_account',
    rule: 'a player fits by the account’s visible digits',
    changes: [{ find: 'where p.bank_number like p_pattern', replace: "where p.bank_number like '%'" }],
    killedBy: { file: BANK_FEED, test: 'a transfer from an account no player registered is kept unmatched' },
  },
  // withdrawal_risk_facts (payouts/sql) -----------------------------------------------------
  {
    id: 'RF1',
    fn: 'withdrawal_risk_facts',
    rule: 'the day’s total counts waiting withdrawals as well as approved ones',
    changes: [{ find: "status in ('WAITING', 'APPROVED')", replace: "status in ('APPROVED')" }],
    killedBy: { file: RISK_RULES, test: 'first withdrawal and the day’s total' },
  },
  {
    id: 'RF2',
    fn: 'withdrawal_risk_facts',
    rule: 'the day’s total runs from the start of the Bangkok day',
    changes: [
      { find: 'created_at >= bangkok_day_start()) as day_total', replace: 'created_at >= now()) as day_total' },
    ],
    killedBy: { file: RISK_RULES, test: 'first withdrawal and the day’s total' },
  },
  {
    id: 'RF3',
    fn: 'withdrawal_risk_facts',
    rule: 'only an approved (paid) earlier withdrawal is a paid one',
    changes: [
      {
        find: "h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.id <> w.id",
        replace: "h.type = 'WITHDRAW' and h.id <> w.id",
      },
    ],
    killedBy: { file: RISK_RULES, test: 'an earlier withdrawal still waiting is not a paid one' },
  },
  {
    id: 'RF4',
    fn: 'withdrawal_risk_facts',
    rule: 'an operator’s credit is a deposit only when marked as one',
    changes: [
      {
        find: "(type = 'DEPOSIT' or (type = 'MANUAL_DEPOSIT' and as_deposit))",
        replace: "(type = 'DEPOSIT' or type = 'MANUAL_DEPOSIT')",
      },
    ],
    killedBy: { file: RISK_RULES, test: 'deposits and turnover since the last paid withdrawal' },
  },
  {
    id: 'RF5',
    fn: 'withdrawal_risk_facts',
    rule: 'failed logins are counted over the security window',
    changes: [
      {
        find: 'where player_id = w.player_id and failed_at >= p_since',
        replace: "where player_id = w.player_id and failed_at >= p_since + interval '100 years'",
      },
    ],
    killedBy: { file: RISK_RULES, test: 'wrong passwords are counted even after a successful login' },
  },
  {
    id: 'RF6',
    fn: 'withdrawal_risk_facts',
    rule: 'a blacklisted phone number is a hit',
    changes: [{ find: "(b.kind = 'PHONE' and b.normalised = p.phone_number)", replace: '(false)' }],
    killedBy: { file: RISK_RULES, test: 'blacklisted bank account, phone or (normalised) name' },
  },
  // Scopes of withdrawal_risk_facts: each fact is the withdrawal's own player's, each entry of its own kind -----
  {
    id: 'SP-17',
    fn: 'withdrawal_risk_facts',
    rule: 'a blacklisted phone number matches the player’s phone only, not their account number',
    changes: [
      { find: "(b.kind = 'PHONE' and b.normalised = p.phone_number)", replace: '(b.normalised = p.phone_number)' },
    ],
    killedBy: { file: RISK_RULES, test: 'a blacklist entry matches the player’s detail of its own kind' },
  },
  {
    id: 'SP-18',
    fn: 'withdrawal_risk_facts',
    rule: 'a blacklisted account number matches the player’s account only, not their phone',
    changes: [
      { find: "(b.kind = 'BANK_ACCOUNT' and b.normalised = p.bank_number)", replace: '(b.normalised = p.bank_number)' },
    ],
    killedBy: { file: RISK_RULES, test: 'a blacklist entry matches the player’s detail of its own kind' },
  },
  {
    id: 'SP-19',
    fn: 'withdrawal_risk_facts',
    rule: 'an earlier paid withdrawal is the player’s own',
    changes: [
      {
        find: "where h.player_id = w.player_id and h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.id <> w.id",
        replace: "where h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.id <> w.id",
      },
    ],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-20',
    fn: 'withdrawal_risk_facts',
    rule: 'the day’s total is the player’s own withdrawals',
    changes: [
      {
        find: "where player_id = w.player_id and type = 'WITHDRAW' and status in ('WAITING', 'APPROVED')",
        replace: "where type = 'WITHDRAW' and status in ('WAITING', 'APPROVED')",
      },
    ],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-21',
    fn: 'withdrawal_risk_facts',
    rule: 'the deposits since the last paid withdrawal are the player’s own',
    changes: [
      {
        find: "where player_id = w.player_id and status = 'APPROVED' and created_at > (select at from last_paid)",
        replace: "where status = 'APPROVED' and created_at > (select at from last_paid)",
      },
    ],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-22',
    fn: 'withdrawal_risk_facts',
    rule: 'the turnover since the last paid withdrawal is the player’s own bets',
    changes: [{ find: 'where player_id = w.player_id and voided_at is null', replace: 'where voided_at is null' }],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-23',
    fn: 'withdrawal_risk_facts',
    rule: 'a rolled-back bet is no turnover for the risk rules',
    changes: [
      { find: 'where player_id = w.player_id and voided_at is null', replace: 'where player_id = w.player_id' },
    ],
    killedBy: { file: RISK_RULES, test: 'a rolled-back bet is no turnover' },
  },
  {
    id: 'SP-24',
    fn: 'withdrawal_risk_facts',
    rule: 'the failed logins counted are the player’s own',
    changes: [
      { find: 'where player_id = w.player_id and failed_at >= p_since', replace: 'where failed_at >= p_since' },
    ],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-25',
    fn: 'withdrawal_risk_facts',
    rule: 'the shared identities counted are the player’s own flags',
    changes: [{ find: 'from player_flags where player_id = w.player_id', replace: 'from player_flags' }],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-26',
    fn: 'withdrawal_risk_facts',
    rule: 'the promotion turnover left is the player’s own requirement',
    changes: [
      {
        find: "where player_id = w.player_id and status = 'ACTIVE' and turnover_done < turnover_required",
        replace: "where status = 'ACTIVE' and turnover_done < turnover_required",
      },
    ],
    killedBy: {
      file: RISK_RULES,
      test: 'another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing',
    },
  },
  {
    id: 'SP-27',
    fn: 'withdrawal_risk_facts',
    rule: 'only an ACTIVE requirement has turnover left (not a forfeited one)',
    changes: [
      {
        find: "where player_id = w.player_id and status = 'ACTIVE' and turnover_done < turnover_required",
        replace: 'where player_id = w.player_id and turnover_done < turnover_required',
      },
    ],
    killedBy: { file: RISK_RULES, test: 'a promotion that has ended leaves nothing to play' },
  },
  // player_withdraw_scored (withdrawals/sql/player_withdraw.sql) ---------------------------
  {
    id: 'WS1',
    fn: 'player_withdraw_scored',
    rule: 'a withdrawal scored by the rules is answered with its facts',
    changes: [{ find: "if p_since is not null and answer ? 'entry' then", replace: 'if false then' }],
    killedBy: {
      file: 'test/payouts.test.ts',
      test: 'no rule objects: approved by the rules, paid by the bank at once',
    },
  },
  {
    id: 'WS2',
    fn: 'player_withdraw_scored',
    rule: 'the facts are the withdrawal’s own, counted over the window asked for',
    changes: [
      {
        find: "(answer -> 'entry' ->> 'id')::bigint, p_since, p_rules_code",
        replace: "(answer -> 'entry' ->> 'id')::bigint, now(), p_rules_code",
      },
    ],
    killedBy: { file: RISK_RULES, test: 'a withdrawal is scored with the facts read in its own statement' },
  },
  // transfer_out_start (games/sql/provider_transfer.sql) ------------------------------------
  {
    id: 'TO1',
    fn: 'transfer_out_start',
    rule: 'a transfer-out needs an active session',
    changes: [
      {
        find: 'if p_session_id is not null and not session_active(p_session_id, p_player_id) then',
        replace: 'if false then',
      },
    ],
    killedBy: { file: GAMES, test: 'a logged-out player’s transfer-out is 401 and moves nothing' },
  },
  {
    id: 'TO2',
    fn: 'transfer_out_start',
    rule: 'a player not registered at the provider is registered before any money moves',
    changes: [{ find: 'if v_registered is null then', replace: 'if v_ref is null then' }],
    killedBy: { file: GAMES_RULES, test: 'a transfer-out after a failed registration registers the player first' },
  },
  {
    id: 'TO3',
    fn: 'transfer_out_start',
    rule: 'a transfer-out moves the money out of the main wallet',
    changes: [
      {
        find: "transfer_start(p_player_id, p_provider, 'OUT',",
        replace: "transfer_start(p_player_id, p_provider, 'IN',",
      },
    ],
    killedBy: { file: GAMES, test: 'transfer-out moves the whole main balance to the provider' },
  },

  // LK: the locks of the SQL money functions, each killed by a test that forces the overlap the lock is for
  // (the first session holds it, the second is seen waiting). The TypeScript locks' mutants are
  // source-mutants-locks.ts; the inventory of both is docs/reliability.md, "Every lock and the test that holds it".
  {
    id: 'LK-S1',
    fn: 'settle_payout_paid',
    rule: 'a payout is settled under its lock: of two settlements at once, the second waits and posts nothing',
    changes: [{ find: 'where p.id = p_payout_id for update;', replace: 'where p.id = p_payout_id;' }],
    killedBy: { file: LOCKS_PAYOUTS, test: 'two settlements of one payout', postgresOnly: true },
  },
  {
    id: 'LK-S2',
    fn: 'cancel_pending_claim',
    rule: 'a waiting claim is cancelled under its lock: a deposit activating it is waited for, and its started claim left alone',
    changes: [{ find: "c.status = 'PENDING' for update;", replace: "c.status = 'PENDING';" }],
    killedBy: {
      file: LOCKS_LOYALTY,
      test: 'a time-out starting while a deposit activates the waiting claim',
      postgresOnly: true,
    },
  },
  {
    id: 'LK-S3',
    fn: 'settle_claim',
    rule: 'a requirement is settled under the player’s main account (taken before the claim): a movement in progress is waited for',
    changes: [
      {
        find: "  perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;\n",
        replace: '',
      },
    ],
    killedBy: {
      file: LOCKS_LOYALTY,
      test: 'a met requirement capped at a withdrawal is not completed',
      postgresOnly: true,
    },
  },
  {
    id: 'LK-S4',
    fn: 'settle_claim',
    rule: 'the ACTIVE claim a settlement judges is read under its lock',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'ACTIVE' for update;",
        replace: "where c.player_id = p_player_id and c.status = 'ACTIVE';",
      },
    ],
    killedBy: {
      file: LOCKS_LOYALTY,
      test: 'a met requirement capped at a withdrawal is not completed',
      postgresOnly: true,
    },
    equivalent:
      'settle_claim has taken the player’s main account just before, and every writer of an ACTIVE claim (a bet’s turnover, a rollback, a forfeit, a deposit’s activation, a settlement) holds it first',
  },
  {
    id: 'LK-S5',
    fn: 'complete_claim',
    rule: 'the balance above the cap is read under the main account’s lock',
    changes: [
      {
        find: "where a.player_id = v_claim.player_id and a.kind = 'PLAYER_MAIN' for update;",
        replace: "where a.player_id = v_claim.player_id and a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: {
      file: LOCKS_LOYALTY,
      test: 'a met requirement capped at a withdrawal is not completed',
      postgresOnly: true,
    },
    equivalent:
      'every caller already holds the main account in the same transaction (settle_claim takes it first; a claim started by a deposit, a claim or a redemption runs under lockMainBalance or credit_deposit’s settle_claim)',
  },
  {
    id: 'LK-S6',
    fn: 'end_below_floor',
    rule: 'the claim ended below the floor is read under its lock',
    changes: [
      {
        find: "c.status in ('PENDING', 'ACTIVE') for update;",
        replace: "c.status in ('PENDING', 'ACTIVE');",
      },
    ],
    killedBy: {
      file: LOCKS_LOYALTY,
      test: 'a met requirement capped at a withdrawal is not completed',
      postgresOnly: true,
    },
    equivalent:
      'its one caller, settle_claim, holds the main account and has locked the same claim in the same transaction (a player has one open claim)',
  },
  {
    id: 'LK-S7',
    fn: 'count_bet',
    rule: 'a counted bet adds to the ACTIVE claim read under its lock',
    changes: [
      {
        find: "where c.player_id = p_player_id and c.status = 'ACTIVE' for update;",
        replace: "where c.player_id = p_player_id and c.status = 'ACTIVE';",
      },
    ],
    killedBy: {
      file: LOCKS_GAMES,
      test: 'two bets of one player at once that together pass the balance',
      postgresOnly: true,
    },
    equivalent:
      'both callers hold the player’s main account (seamless_bet locks it; transfer_game_result runs under transfer_accounts_locked), which every writer of an ACTIVE claim takes first',
  },
  {
    id: 'LK-S8',
    fn: 'award_points',
    rule: 'points are credited under the points account’s lock',
    changes: [{ find: "a.kind = 'PLAYER_POINTS' for update;", replace: "a.kind = 'PLAYER_POINTS';" }],
    killedBy: { file: LOCKS_LOYALTY, test: 'a redemption cancelled and sent at once', postgresOnly: true },
    equivalent:
      'post_journal locks the same account (its stored balance) in the next statement, and nothing read between the two depends on it',
  },
  {
    id: 'LK-S9',
    fn: 'player_protection_refusal',
    rule: 'a deposit is counted against the limit under the limit’s rows: a limit being lowered is waited for, and applies',
    changes: [{ find: '       order by l.period\n         for update\n', replace: '       order by l.period\n' }],
    killedBy: {
      file: LOCKS_DEPOSITS,
      test: 'a bank transfer arriving while the player lowers their deposit limit',
      postgresOnly: true,
    },
  },
  {
    id: 'LK-S10',
    fn: 'seamless_win',
    rule: 'a round’s result takes the balance’s lock before it closes the round (the order of a bet: no deadlock with a bet in that round)',
    changes: [{ find: "and a.kind = 'PLAYER_MAIN' for update;", replace: "and a.kind = 'PLAYER_MAIN';" }],
    killedBy: {
      file: LOCKS_GAMES,
      test: 'a lost round’s result and another bet in that round at once',
      postgresOnly: true,
    },
  },
  {
    id: 'LK-S11',
    fn: 'seamless_rollback',
    rule: 'a rollback reverses its bet under the balance’s lock',
    changes: [{ find: "and a.kind = 'PLAYER_MAIN' for update;", replace: "and a.kind = 'PLAYER_MAIN';" }],
    killedBy: { file: LOCKS_GAMES, test: 'a rollback of a bet being written', postgresOnly: true },
    equivalent:
      'seamless_move’s post_journal takes the same balance’s lock next, before the rollback touches anything else (void_bet, the round, the claim)',
  },
  {
    id: 'LK-S12',
    fn: 'seamless_lock',
    rule: 'a rollback holds its own id’s and its bet’s locks: a bet being written is waited for',
    changes: [{ find: '    perform pg_advisory_xact_lock(v_lock);\n', replace: '    null;\n' }],
    killedBy: { file: LOCKS_GAMES, test: 'a rollback of a bet being written', postgresOnly: true },
  },
  {
    id: 'LK-S13',
    fn: 'transfer_accounts_locked',
    rule: 'a transfer reads the balances it moves under their locks',
    changes: [{ find: '     order by a.id\n       for update', replace: '     order by a.id' }],
    killedBy: { file: LOCKS_GAMES, test: 'a transfer-out while a bet is being taken', postgresOnly: true },
  },
  {
    id: 'LK-S14',
    fn: 'settle_transfer',
    rule: 'a transfer is settled once, under its lock: the caller and the reconciler never both settle it',
    changes: [{ find: "t.status = 'PENDING' for update;", replace: "t.status = 'PENDING';" }],
    killedBy: { file: LOCKS_GAMES, test: 'a transfer settled twice at once', postgresOnly: true },
  },
  {
    id: 'LK-S15',
    fn: 'transfer_start',
    rule: 'a player’s transfers are serialised on their provider row: a second is refused while one is pending',
    changes: [{ find: 'pp.provider = p_provider for update;', replace: 'pp.provider = p_provider;' }],
    killedBy: { file: LOCKS_GAMES, test: 'two transfers of one player at once', postgresOnly: true },
  },
  {
    id: 'LK-S16',
    fn: 'transfer_sync',
    rule: 'a sync reads the transfer version under the provider row’s lock: a transfer starting is waited for and seen',
    changes: [{ find: 'pp.provider = p_provider for update;', replace: 'pp.provider = p_provider;' }],
    killedBy: {
      file: LOCKS_GAMES,
      test: 'a sync of the provider credit while a transfer-in starts',
      postgresOnly: true,
    },
  },
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
