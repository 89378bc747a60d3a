import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const OPERATOR_ADJUST = 'test/wallet/operator-adjust.test.ts';
const ADMIN_PLAYERS = 'test/admin/admin-players-settings.test.ts';
const CREDIT_REQUESTS = 'test/wallet/credit-requests.test.ts';

export const WALLET_MUTANTS: readonly SqlMutant[] = [
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
        find: 'v_claim := idempotency_claim(p_scope, p_key, p_fingerprint);',
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
];
