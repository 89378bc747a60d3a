import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const LOYALTY_RULES = 'test/loyalty/loyalty-rules.test.ts';
const PROTECTION = 'test/protection/protection.test.ts';
const NOTIFICATIONS = 'test/notifications/notifications.test.ts';
const DEPOSIT_RULES = 'test/deposits/deposit-rules.test.ts';
const BANK_FEED = 'test/deposits/bank-feed.test.ts';
const BONUS_PATHS = 'test/loyalty/bonus-paths.test.ts';
/** The test of credit_deposit's every field (deposit-rules.test.ts). */
const CREDIT_DEPOSIT_TEST = 'credit_deposit: a new entry and a waiting one are APPROVED';

export const DEPOSITS_MUTANTS: readonly SqlMutant[] = [
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
      file: 'test/deposits/slip-deposits.test.ts',
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
      file: 'test/deposits/slip-deposits.test.ts',
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
];
