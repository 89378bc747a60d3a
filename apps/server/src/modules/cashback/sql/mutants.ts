import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of cashback.sql: each breaks one rule and names the test that must fail
 * (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const RULES = 'test/cashback/cashback-rules.test.ts';
const LOCKS = 'test/cashback/locks-cashback.test.ts';

export const CASHBACK_MUTANTS: readonly SqlMutant[] = [
  // The base (cashback_base) ----------------------------------------------------
  {
    id: 'CK1',
    fn: 'cashback_base',
    rule: 'a round’s win counts in the period of its first bet, whenever it arrives',
    changes: [
      {
        find: "where w.player_id = p_player_id and w.kind = 'WIN' and w.created_at >= p_from",
        replace:
          "where w.player_id = p_player_id and w.kind = 'WIN' and w.created_at >= p_from and w.created_at < p_to",
      },
    ],
    killedBy: { file: RULES, test: 'a round belongs to the period of its first bet' },
  },
  {
    id: 'CK2',
    fn: 'cashback_base',
    rule: 'the base nets wins against bets',
    changes: [
      {
        find: "where w.player_id = p_player_id and w.kind = 'WIN' and w.created_at >= p_from",
        replace: "where w.player_id = p_player_id and w.kind = 'WIN_NONE' and w.created_at >= p_from",
      },
    ],
    killedBy: { file: RULES, test: 'a win and a loss in the period net out' },
  },
  {
    id: 'CK3',
    fn: 'cashback_base',
    rule: 'a bet placed after the period ended is not in the period',
    changes: [
      {
        find: "b.kind = 'BET' and b.created_at >= p_from and b.created_at < p_to",
        replace: "b.kind = 'BET' and b.created_at >= p_from",
      },
    ],
    killedBy: { file: RULES, test: 'pays the rate of the period’s net loss once' },
  },
  {
    id: 'CK4',
    fn: 'cashback_base',
    rule: 'withdrawals asked for are taken off the net deposit',
    changes: [
      {
        find: "case when h.type = 'WITHDRAW' then -h.amount else h.amount end",
        replace: 'h.amount',
      },
    ],
    killedBy: { file: RULES, test: 'net deposit: credited deposits minus the withdrawals' },
  },
  {
    id: 'CK5',
    fn: 'cashback_base',
    rule: 'only credited deposits count toward the net deposit',
    changes: [{ find: "(h.type = 'DEPOSIT' and h.status = 'APPROVED')", replace: "(h.type = 'DEPOSIT_NONE')" }],
    killedBy: { file: RULES, test: 'net deposit: credited deposits minus the withdrawals' },
  },
  // What a base pays (cashback_amount) -------------------------------------------
  {
    id: 'CA1',
    fn: 'cashback_amount',
    rule: 'the maximum caps the payout',
    changes: [
      { find: 'else least(p_base * p_rate_bp / 10000, p_max) end', replace: 'else p_base * p_rate_bp / 10000 end' },
    ],
    killedBy: { file: RULES, test: 'the maximum caps what is paid' },
  },
  {
    id: 'CA2',
    fn: 'cashback_amount',
    rule: 'the rate is in basis points: 1000 is 10 %',
    changes: [
      {
        find: 'when p_max is null then p_base * p_rate_bp / 10000',
        replace: 'when p_max is null then p_base * p_rate_bp / 1000',
      },
    ],
    killedBy: { file: RULES, test: 'pays the rate of the period’s net loss once' },
  },
  // The settlement (settle_cashback) ----------------------------------------------
  {
    id: 'CS1',
    fn: 'settle_cashback',
    rule: 'a period already settled pays nothing more',
    changes: [{ find: "if found and v_payout.status <> 'WAITING' then return 'SETTLED'; end if;", replace: '' }],
    killedBy: { file: RULES, test: 'pays the rate of the period’s net loss once' },
  },
  {
    id: 'CS2',
    fn: 'settle_cashback',
    rule: 'a promotion’s bonus in the period pays no cashback',
    changes: [{ find: "then 'bonus_in_period'", replace: "and false then 'bonus_in_period'" }],
    killedBy: { file: RULES, test: 'no cashback for a period in which the player took a promotion’s bonus' },
  },
  {
    id: 'CS3',
    fn: 'settle_cashback',
    rule: 'below the minimum pays nothing',
    changes: [{ find: 'or v_amount < v_schedule.min_satang', replace: '' }],
    killedBy: { file: RULES, test: 'below the minimum pays nothing' },
  },
  {
    id: 'CS4',
    fn: 'settle_cashback',
    rule: 'an opted-out player is paid nothing',
    changes: [
      {
        find: "where o.player_id = p_player_id) then 'opted_out'",
        replace: "where o.player_id = -1) then 'opted_out'",
      },
    ],
    killedBy: { file: RULES, test: 'nor to one who opted out' },
  },
  {
    id: 'CS5',
    fn: 'settle_cashback',
    rule: 'a player whose protection blocks play is paid nothing',
    changes: [
      {
        find: "when player_protection_refusal(p_player_id, 'PLAY', 0) is not null then 'player_protection'",
        replace: '',
      },
    ],
    killedBy: { file: RULES, test: 'protection blocks play' },
  },
  {
    id: 'CS6',
    fn: 'settle_cashback',
    rule: 'a cashback with turnover waits while a promotion of the player is open',
    changes: [{ find: "c.status in ('PENDING', 'ACTIVE')) then", replace: "c.status in ('NONE')) then" }],
    killedBy: { file: RULES, test: 'waits while a promotion is open' },
  },
  {
    id: 'CS7',
    fn: 'settle_cashback',
    rule: 'a cashback with turnover starts a claim that holds withdrawals',
    changes: [
      {
        find: 'if v_payout.turnover_required > 0 then\n    insert into player_promotions',
        replace: 'if false then\n    insert into player_promotions',
      },
    ],
    killedBy: { file: RULES, test: 'held by its turnover' },
  },
  {
    id: 'CS8',
    fn: 'settle_cashback',
    rule: 'a period is settled only 30 minutes after it ends',
    changes: [{ find: "if p_to + interval '30 minutes' > now()", replace: "if p_to > now() + interval '1 day'" }],
    killedBy: { file: RULES, test: 'settled only once it has ended 30 minutes ago' },
  },
  {
    id: 'CS9',
    fn: 'settle_cashback',
    rule: 'the turnover required is the multiple of the cashback',
    changes: [
      {
        find: 'case when v_reason is null then v_schedule.turnover_multiplier * v_amount else 0 end',
        replace: 'case when v_reason is null then v_schedule.turnover_multiplier * v_base else 0 end',
      },
    ],
    killedBy: { file: RULES, test: 'held by its turnover' },
  },
  {
    id: 'CS10',
    fn: 'settle_cashback',
    rule: 'one settlement of a player at a time: the main account is locked before the period is read',
    changes: [
      {
        find: "perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;",
        replace: "perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: { file: LOCKS, test: 'two settlements of one player’s period at once', postgresOnly: true },
  },
];
