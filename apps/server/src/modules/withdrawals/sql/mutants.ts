import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';
const WITHDRAWAL_RULES = 'test/withdrawals/withdrawal-rules.test.ts';
const WITHDRAWALS = 'test/withdrawals/withdrawals.test.ts';
const LOYALTY_RULES = 'test/loyalty/loyalty-rules.test.ts';
const DECISIONS = 'test/withdrawals/withdrawal-decisions.test.ts';
const PAYOUT_SAGA = 'test/payouts/payout-saga.test.ts';
const RISK_RULES = 'test/payouts/risk-rules.test.ts';
const BONUS_PATHS = 'test/loyalty/bonus-paths.test.ts';

export const WITHDRAWALS_MUTANTS: readonly SqlMutant[] = [
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
  // decide_withdrawal (withdrawals/sql) ---------------------------------------------
  {
    id: 'DW1',
    fn: 'decide_withdrawal',
    rule: 'the Idempotency-Key is claimed: copies sent at once decide once',
    changes: [
      {
        find: 'v_claim := idempotency_claim(p_scope, p_key, p_fingerprint);',
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
  // player_withdraw_scored (withdrawals/sql/player_withdraw.sql) ---------------------------
  {
    id: 'WS1',
    fn: 'player_withdraw_scored',
    rule: 'a withdrawal scored by the rules is answered with its facts',
    changes: [{ find: "if p_since is not null and answer ? 'entry' then", replace: 'if false then' }],
    killedBy: {
      file: 'test/payouts/payouts.test.ts',
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
];
