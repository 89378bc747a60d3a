import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const PROTECTION = 'test/protection/protection.test.ts';
const LOCKS_DEPOSITS = 'test/deposits/locks-deposits.test.ts';

export const PROTECTION_MUTANTS: readonly SqlMutant[] = [
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
];
