import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of vip.sql: each breaks one rule and names the test that must fail
 * (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const RULES = 'test/vip/vip-rules.test.ts';
const LOCKS = 'test/vip/locks-vip.test.ts';

export const VIP_MUTANTS: readonly SqlMutant[] = [
  // Ranks (vip_rank_up) -------------------------------------------------------------
  {
    id: 'VR1',
    fn: 'vip_rank_up',
    rule: 'a rank is reached at its turnover, the turnover itself included',
    changes: [{ find: 'where k.turnover_satang <= v_turnover', replace: 'where k.turnover_satang < v_turnover' }],
    killedBy: { file: RULES, test: 'a rank without rakeback pays nothing' },
  },
  {
    id: 'VR2',
    fn: 'vip_rank_up',
    rule: 'a rank held is never lost: only ranks above it are reached',
    changes: [
      {
        find: 'and (v_held.rank_id is null or k.turnover_satang > v_held.turnover_satang)',
        replace: 'and true',
      },
    ],
    killedBy: { file: RULES, test: 'a rank reached is never lost' },
  },
  {
    id: 'VR3',
    fn: 'vip_rank_up',
    rule: 'each rank is reached once: its reward is paid once',
    changes: [{ find: 'continue when not found or v_blocked;', replace: 'continue when v_blocked;' }],
    killedBy: { file: RULES, test: 'a rank an operator moves above the one held' },
  },
  {
    id: 'VR4',
    fn: 'vip_rank_up',
    rule: 'nothing is paid while the player’s protection blocks play',
    changes: [
      {
        find: "v_blocked := player_protection_refusal(p_player_id, 'PLAY', 0) is not null;",
        replace: 'v_blocked := false;',
      },
    ],
    killedBy: { file: RULES, test: 'under a time-out the rank is held' },
  },
  {
    id: 'VR5',
    fn: 'vip_rank_up',
    rule: 'the rank held is the highest reached',
    changes: [{ find: 'order by k.turnover_satang\n  loop', replace: 'order by k.turnover_satang desc\n  loop' }],
    killedBy: { file: RULES, test: 'several ranks passed at once' },
  },
  {
    id: 'VR6',
    fn: 'vip_rank_up',
    rule: 'one rank-up or rakeback settlement of a player at a time: the main account is locked first',
    changes: [
      {
        find: "perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;",
        replace: "perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';",
      },
    ],
    killedBy: { file: LOCKS, test: 'a rakeback settlement waits for a bet being counted', postgresOnly: true },
  },
  // Rakeback (settle_rakeback) -----------------------------------------------------------
  {
    id: 'RB1',
    fn: 'settle_rakeback',
    rule: 'a day already settled pays nothing more',
    changes: [
      {
        find: 'if exists (select 1 from rakeback_payouts r where r.player_id = p_player_id and r.period_start = p_from) then',
        replace: 'if false then',
      },
    ],
    killedBy: { file: RULES, test: 'once per day' },
  },
  {
    id: 'RB2',
    fn: 'settle_rakeback',
    rule: 'only the turnover since the last settlement is paid',
    changes: [{ find: 'v_base := v_turnover - v_paid;', replace: 'v_base := v_turnover;' }],
    killedBy: { file: RULES, test: 'once per day' },
  },
  {
    id: 'RB3',
    fn: 'settle_rakeback',
    rule: 'the mark moves past the turnover judged',
    changes: [
      {
        find: 'update player_rakeback set paid_through_satang = v_turnover where player_id = p_player_id;',
        replace: 'null;',
      },
    ],
    killedBy: { file: RULES, test: 'once per day' },
  },
  {
    id: 'RB4',
    fn: 'settle_rakeback',
    rule: 'the rate is the rank’s, in basis points',
    changes: [
      {
        find: 'v_amount := greatest(v_base, 0) * v_rate / 10000;',
        replace: 'v_amount := greatest(v_base, 0) * v_rate / 1000;',
      },
    ],
    killedBy: { file: RULES, test: 'once per day' },
  },
  {
    id: 'RB5',
    fn: 'settle_rakeback',
    rule: 'nothing is paid while the player’s protection blocks play',
    changes: [
      {
        find: "when player_protection_refusal(p_player_id, 'PLAY', 0) is not null then 'player_protection'",
        replace: '',
      },
    ],
    killedBy: { file: RULES, test: 'under a time-out the rank is held' },
  },
  {
    id: 'RB6',
    fn: 'settle_rakeback',
    rule: 'no new turnover is named as such (no_turnover), not as a rate or an amount',
    changes: [{ find: "when v_base <= 0 then 'no_turnover'", replace: "when v_base < 0 then 'no_turnover'" }],
    killedBy: { file: RULES, test: 'once per day' },
  },
  {
    id: 'RB7',
    fn: 'settle_rakeback',
    rule: 'a day is settled only 30 minutes after it ends',
    changes: [{ find: "if p_to + interval '30 minutes' > now()", replace: "if p_to > now() + interval '1 day'" }],
    killedBy: { file: RULES, test: 'the job settles only a due day' },
  },
];
