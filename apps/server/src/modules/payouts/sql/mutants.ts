import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const DECISIONS = 'test/withdrawals/withdrawal-decisions.test.ts';
const PAYOUT_SAGA = 'test/payouts/payout-saga.test.ts';
const PAYOUTS = 'test/payouts/payouts.test.ts';
const RISK_RULES = 'test/payouts/risk-rules.test.ts';
const LOCKS_PAYOUTS = 'test/payouts/locks-payouts.test.ts';

export const PAYOUTS_MUTANTS: readonly SqlMutant[] = [
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
];
