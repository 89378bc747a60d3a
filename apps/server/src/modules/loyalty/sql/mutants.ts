import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const LOYALTY_RULES = 'test/loyalty/loyalty-rules.test.ts';
const LOYALTY_UNITS = 'test/loyalty/loyalty-units.test.ts';
const DEPOSIT_RULES = 'test/deposits/deposit-rules.test.ts';
const BONUS_PATHS = 'test/loyalty/bonus-paths.test.ts';
const LOCKS_LOYALTY = 'test/loyalty/locks-loyalty.test.ts';
const LOCKS_GAMES = 'test/games/locks-games.test.ts';
/** The test of credit_deposit's every field (deposit-rules.test.ts). */
const CREDIT_DEPOSIT_TEST = 'credit_deposit: a new entry and a waiting one are APPROVED';

export const LOYALTY_MUTANTS: readonly SqlMutant[] = [
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
        find: "loyalty_whole_setting('POINTS_EXPIRY_DAYS'",
        replace: "loyalty_whole_setting('POINTS_TURNOVER_BAHT_PER_POINT'",
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'each setting as set, 0 included' },
  },
  {
    id: 'LY2',
    fn: 'loyalty_settings',
    rule: 'the balance floor is read in baht (5 is 500 satang)',
    changes: [{ find: '(select baht_setting_satang(s.value)', replace: '(select whole_number_setting(s.value)' }],
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
    changes: [
      {
        find: "loyalty_whole_setting('POINTS_EXPIRY_DAYS', (p_defaults ->> 'expiryDays')::integer));",
        replace: '0);',
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'CB10',
    fn: 'count_bet',
    rule: 'points for play: the turnover rate is its own setting',
    changes: [
      {
        find: "loyalty_whole_setting('POINTS_TURNOVER_BAHT_PER_POINT'",
        replace: "loyalty_whole_setting('POINTS_DEPOSIT_BAHT_PER_POINT'",
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'CB11',
    fn: 'count_bet',
    rule: "points for play: a player's first counted bet starts their turnover",
    changes: [
      {
        find: 'insert into player_loyalty as l (player_id, turnover_satang) values (p_player_id, p_stake)\n      returning l.turnover_satang, l.turnover_points into v_loyalty;',
        replace: 'null;',
      },
    ],
    killedBy: { file: LOYALTY_UNITS, test: 'turnover points: each bet earns what the whole turnover now makes due' },
  },
  {
    id: 'LW1',
    fn: 'loyalty_whole_setting',
    rule: 'an unset loyalty setting is its default',
    changes: [{ find: 'where s.code = p_code), p_default)', replace: 'where s.code = p_code), 0)' }],
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
];
