import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const LEDGER_RULES = 'test/ledger/ledger-rules.test.ts';
const LOYALTY_RULES = 'test/loyalty/loyalty-rules.test.ts';
const PROTECTION = 'test/protection/protection.test.ts';
const SEAMLESS = 'test/games/seamless.test.ts';
const GAMES_RULES = 'test/games/games-rules.test.ts';
const TRANSFERS = 'test/games/transfers.test.ts';
const GAMES = 'test/games/games.test.ts';
const BONUS_PATHS = 'test/loyalty/bonus-paths.test.ts';
const LOCKS_GAMES = 'test/games/locks-games.test.ts';

export const GAMES_MUTANTS: readonly SqlMutant[] = [
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
    changes: [{ find: '  if v_main.frozen then', replace: '  if false then' }],
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
        find: '     for update of a for share of p;',
        replace: '     for share of p;',
      },
    ],
    killedBy: {
      file: LOCKS_GAMES,
      test: 'two bets of one player at once that together pass the balance',
      postgresOnly: true,
    },
  },
  {
    id: 'SB8',
    fn: 'seamless_bet',
    rule: 'a bet waits for a freeze in progress (the player row is read for share) and is then refused',
    changes: [{ find: '     for update of a for share of p;', replace: '     for update of a;' }],
    killedBy: { file: LOCKS_GAMES, test: 'a bet while a freeze is in progress', postgresOnly: true },
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
    id: 'SW11',
    fn: 'seamless_win',
    rule: 'a player with an ACTIVE requirement has it settled when the round’s result arrives',
    changes: [
      {
        find: "if exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then",
        replace:
          "if not exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then",
      },
    ],
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
    id: 'SB9',
    fn: 'seamless_bet',
    rule: 'a refused bet opens no round',
    changes: [
      {
        find: '    insert into open_rounds (provider, round_id, player_id) values (p_provider, p_round_id, v_player)\n      on conflict do nothing;\n  end if;\n',
        replace:
          '  end if;\n  insert into open_rounds (provider, round_id, player_id) values (p_provider, p_round_id, v_player)\n    on conflict do nothing;\n',
      },
    ],
    killedBy: { file: GAMES_RULES, test: 'a refused bet opens no round' },
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
    id: 'SR11',
    fn: 'seamless_rollback',
    rule: 'a player with an ACTIVE requirement has it settled when a rollback closes the round',
    changes: [
      {
        find: "if exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then",
        replace:
          "if not exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then",
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
