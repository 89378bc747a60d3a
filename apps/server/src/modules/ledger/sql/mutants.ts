import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';
const LEDGER_RULES = 'test/ledger/ledger-rules.test.ts';
const SEAMLESS = 'test/games/seamless.test.ts';
const TRANSFERS = 'test/games/transfers.test.ts';

export const LEDGER_MUTANTS: readonly SqlMutant[] = [
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
        find: 'array_agg(p_accounts[i]) filter (where a.player_id is not null),\n         array_agg(p_amounts[i]) filter (where a.player_id is not null)',
        replace: 'array_agg(p_accounts[i]), array_agg(p_amounts[i])',
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
    rule: 'each posting of a journal in one currency is written in that currency',
    changes: [
      {
        find: '      select journal_id, leg.account_id, leg.amount, v_currency',
        replace: "      select journal_id, leg.account_id, leg.amount, 'THB'",
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a points (PTS) journal moves the stored points balance' },
  },
  {
    id: 'PJ13',
    fn: 'post_journal',
    rule: 'each posting of a journal in two currencies is written with its own account’s currency',
    changes: [
      {
        find: '(select a.currency from ledger_accounts a where a.id = p_accounts[i])',
        replace: 'v_currency',
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'a journal in two currencies, each balanced, is accepted' },
  },
  {
    id: 'PJ9',
    fn: 'post_journal',
    rule: 'the postings are written in the order given',
    changes: [
      {
        find: '        from unnest(p_accounts, p_amounts) as leg (account_id, amount);\n  else',
        replace: '        from unnest(p_accounts, p_amounts) as leg (account_id, amount) order by leg.amount;\n  else',
      },
    ],
    killedBy: { file: LEDGER_RULES, test: 'the postings are written in the order given' },
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
    fn: 'journal_assert_balanced',
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
    fn: 'journal_assert_balanced',
    rule: 'a negative sum is unbalanced',
    changes: [{ find: 'having sum(amount) <> 0 or count(*) < 2', replace: 'having sum(amount) > 0 or count(*) < 2' }],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT3',
    fn: 'journal_assert_balanced',
    rule: 'a journal has at least two postings',
    changes: [{ find: 'having sum(amount) <> 0 or count(*) < 2', replace: 'having sum(amount) <> 0' }],
    killedBy: { file: SQL_RULES, test: 'one leg is never a journal' },
    equivalent:
      'a posting is never zero (the column’s check, amount <> 0), so one leg in a currency always sums to non-zero and the sum alone refuses it',
  },
  {
    id: 'BT4',
    fn: 'journal_assert_balanced',
    rule: 'every kind of journal is checked, not only some',
    changes: [
      {
        find: '   where journal_entry_id = new.id',
        replace: "   where journal_entry_id = new.id and new.kind = 'TEST'",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'every kind of journal is held to it' },
  },
  {
    id: 'BT5',
    fn: 'journal_assert_balanced',
    rule: 'an unbalanced journal is refused, not merely reported',
    changes: [
      {
        find: "    raise exception 'journal entry % is not balanced",
        replace: "    raise notice 'journal entry % is not balanced",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT6',
    fn: 'journal_assert_balanced',
    rule: 'a journal in two currencies is checked per currency, even when it sums to zero overall',
    changes: [{ find: ' and v_journal.first_currency = v_journal.last_currency then', replace: ' then' }],
    killedBy: {
      file: SQL_RULES,
      test: 'a journal that balances overall but not in each currency is refused at commit',
    },
  },
  {
    id: 'BT7',
    fn: 'journal_assert_balanced',
    rule: 'a journal in one currency that does not sum to zero is refused',
    changes: [{ find: 'v_journal.legs >= 2 and v_journal.total = 0 and', replace: 'v_journal.legs >= 2 and' }],
    killedBy: { file: SQL_RULES, test: 'a negative sum is as unbalanced as a positive one' },
  },
  {
    id: 'BT8',
    fn: 'journal_assert_balanced',
    rule: 'one leg is never balanced',
    changes: [{ find: 'v_journal.legs >= 2 and', replace: 'v_journal.legs >= 1 and' }],
    killedBy: { file: SQL_RULES, test: 'one leg is never a journal' },
    equivalent:
      'a posting is never zero (the column’s check, amount <> 0), so one leg always sums to non-zero and the sum alone refuses it',
  },
  {
    id: 'BT9',
    fn: 'journal_assert_balanced',
    rule: 'a journal with no postings is refused at commit',
    changes: [{ find: '  if v_journal.legs = 0 then', replace: '  if false then' }],
    killedBy: { file: SQL_RULES, test: 'a journal with no postings is refused at commit' },
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
  // ledger_accounts (ledger/sql): the accounts' locks and openings the application asks for ------
  {
    id: 'LA1',
    fn: 'ledger_balance_locked',
    rule: 'a balance read to be moved (a forfeit, a redemption, a claim) is read under its lock',
    changes: [{ find: 'where id = p_account_id for update', replace: 'where id = p_account_id' }],
    killedBy: {
      file: 'test/loyalty/locks-loyalty.test.ts',
      test: 'a forfeit while an operator’s credit is being posted',
      postgresOnly: true,
    },
  },
  {
    id: 'LA2',
    fn: 'ledger_player_account_locked',
    rule: 'the points balance a redemption checks is read under the points account’s lock',
    changes: [{ find: 'a.kind = p_kind for update', replace: 'a.kind = p_kind' }],
    killedBy: {
      file: 'test/loyalty/locks-loyalty.test.ts',
      test: 'a redemption while the player’s points expire',
      postgresOnly: true,
    },
  },
  {
    id: 'LA3',
    fn: 'post_journal',
    rule: 'journals are posted as the ledger’s owner: the application’s role may not write the books itself',
    changes: [{ find: 'language plpgsql security definer', replace: 'language plpgsql' }],
    killedBy: {
      file: 'test/db/app-role.test.ts',
      test: 'the functions the application calls itself run as their owner',
      postgresOnly: true,
    },
  },
];
