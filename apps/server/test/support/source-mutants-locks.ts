import type { SourceMutant } from './source-mutants.ts';

/**
 * Hand-made mutants that drop a lock from the TypeScript money code: a
 * `.forUpdate()`, a `.skipLocked()`, an advisory lock, a `for update` in a
 * query's text. Each names the test that forces the overlap the lock is for
 * (the first session holds the lock, the second is seen waiting for it or
 * passing it by) and that must then fail. `npm run test:source-mutants`
 * (scripts/source-mutants.ts) runs each in a copy of the repository. The
 * inventory of every lock, SQL ones too, is docs/reliability.md, "Every lock
 * and the test that holds it".
 */

const PAYOUTS = 'test/payouts/locks-payouts.test.ts';
const LOYALTY = 'test/loyalty/locks-loyalty.test.ts';
const DEPOSITS = 'test/deposits/locks-deposits.test.ts';
const GAMES = 'test/games/locks-games.test.ts';
const OPERATIONS = 'test/operators/locks-operations.test.ts';

const PAYOUT_REPOSITORY = 'src/modules/payouts/payout.repository.ts';
const POINTS_REPOSITORY = 'src/modules/loyalty/points.repository.ts';
const REWARDS_REPOSITORY = 'src/modules/loyalty/rewards.repository.ts';
const PROMOTIONS_REPOSITORY = 'src/modules/loyalty/promotions.repository.ts';
const DEPOSIT_REPOSITORY = 'src/modules/deposits/deposit.repository.ts';

export const LOCK_MUTANTS: readonly SourceMutant[] = [
  // The payout saga's queries (payouts/payout.repository.ts) --------------------------------------------
  {
    id: 'LK-1',
    file: PAYOUT_REPOSITORY,
    rule: 'a payout being sent is claimed by one instance: the claim takes its row FOR UPDATE SKIP LOCKED',
    changes: [
      {
        find: 'attempts = 0)\n                  for update skip locked)',
        replace: 'attempts = 0))',
      },
    ],
    killedBy: { file: PAYOUTS, test: 'two sends of one payout', postgresOnly: true },
  },
  {
    id: 'LK-2',
    file: PAYOUT_REPOSITORY,
    rule: 'a second send passes a payout being claimed by, instead of queueing behind it (SKIP LOCKED)',
    changes: [
      {
        find: 'attempts = 0)\n                  for update skip locked)',
        replace: 'attempts = 0)\n                  for update)',
      },
    ],
    killedBy: { file: PAYOUTS, test: 'two sends of one payout', postgresOnly: true },
  },
  {
    id: 'LK-3',
    file: PAYOUT_REPOSITORY,
    rule: 'the reconciler claims due payouts FOR UPDATE SKIP LOCKED: one instance each',
    changes: [
      {
        find: '\n                   for update skip locked)',
        replace: ')',
      },
    ],
    killedBy: { file: PAYOUTS, test: 'the reconciler’s claim of due payouts passes by', postgresOnly: true },
  },
  {
    id: 'LK-4',
    file: PAYOUT_REPOSITORY,
    rule: 'the reconciler passes payouts another instance is claiming by, without waiting (SKIP LOCKED)',
    changes: [
      {
        find: '\n                   for update skip locked)',
        replace: '\n                   for update)',
      },
    ],
    killedBy: { file: PAYOUTS, test: 'the reconciler’s claim of due payouts passes by', postgresOnly: true },
  },
  {
    id: 'LK-5',
    file: PAYOUT_REPOSITORY,
    rule: 'a refusal settles only a payout still in flight, read under its lock',
    changes: [
      {
        find: ".where('status', 'in', ['PENDING', 'UNKNOWN'])\n    .forUpdate()",
        replace: ".where('status', 'in', ['PENDING', 'UNKNOWN'])",
      },
    ],
    killedBy: { file: PAYOUTS, test: 'a refusal and a payment of one payout at once', postgresOnly: true },
  },
  {
    id: 'LK-6',
    file: PAYOUT_REPOSITORY,
    rule: 'a payout marked paid by hand is read under its lock',
    changes: [
      {
        find: "trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()",
        replace: "trx.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst()",
      },
    ],
    killedBy: {
      file: PAYOUTS,
      test: 'a payout marked paid by hand while it is being recorded paid',
      postgresOnly: true,
    },
    equivalent:
      'every writer of a payout (record_payout_paid, settleRefused) also writes its withdrawal’s entry, which markPaidByHand locks next, and its check for a live payout re-reads the payouts once it holds that lock: the marking waits and is refused with or without the payout’s lock',
  },

  // Points, rewards and promotions (loyalty/*.repository.ts) ------------------------------------
  {
    id: 'LK-8',
    file: REWARDS_REPOSITORY,
    rule: 'a reward is redeemed under its lock: its stock is never oversold',
    changes: [{ find: ".where('active', '=', true)\n    .forUpdate()", replace: ".where('active', '=', true)" }],
    killedBy: { file: LOYALTY, test: 'two players redeem the last stocked reward at once', postgresOnly: true },
  },
  {
    id: 'LK-9',
    file: REWARDS_REPOSITORY,
    rule: 'a redemption is decided once, under its lock',
    changes: [
      {
        find: "trx.selectFrom('redemptions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()",
        replace: "trx.selectFrom('redemptions').selectAll().where('id', '=', id).executeTakeFirst()",
      },
    ],
    killedBy: { file: LOYALTY, test: 'a redemption cancelled and sent at once', postgresOnly: true },
  },
  {
    id: 'LK-11',
    file: POINTS_REPOSITORY,
    rule: 'the lots a redemption spends are read under their lock',
    changes: [{ find: ".orderBy('id')\n    .forUpdate()", replace: ".orderBy('id')" }],
    killedBy: { file: LOYALTY, test: 'a redemption while the player’s points expire', postgresOnly: true },
    equivalent:
      'every writer of a lot (a redemption, the expiry; award_points only inserts) holds the player’s points account first, which the redemption holds before it reads the lots',
  },
  {
    id: 'LK-12',
    file: POINTS_REPOSITORY,
    rule: 'the lots the expiry takes are read under their lock',
    changes: [
      {
        find: ".where('expires_at', '<=', sql<Date>`now()`)\n    .forUpdate()",
        replace: ".where('expires_at', '<=', sql<Date>`now()`)",
      },
    ],
    killedBy: { file: LOYALTY, test: 'a redemption while the player’s points expire', postgresOnly: true },
    equivalent:
      'every writer of a lot (a redemption, the expiry; award_points only inserts) holds the player’s points account first, which the expiry holds before it reads the lots',
  },
  {
    id: 'LK-13',
    file: PROMOTIONS_REPOSITORY,
    rule: 'the open claim is read under its lock: a cancellation in progress is waited for and seen',
    changes: [
      {
        find: ".where('status', 'in', ['PENDING', 'ACTIVE'])\n    .forUpdate()",
        replace: ".where('status', 'in', ['PENDING', 'ACTIVE'])",
      },
    ],
    killedBy: { file: LOYALTY, test: 'a deposit credited while the player’s time-out starts', postgresOnly: true },
  },

  // Deposits, operators' credits, held deposits -------------------------------------------------
  {
    id: 'LK-14',
    file: 'src/modules/deposits/slip-deposit.service.ts',
    rule: 'a slip takes the matching lock before the deposit limit’s rows, in the order a bank-feed delivery takes them (no deadlock)',
    changes: [
      {
        find: '    await depositRepository.lockMatching(trx);\n    await assertProtectionAllows(',
        replace: '    await assertProtectionAllows(',
      },
      {
        find: "'DEPOSIT', input.amountSatang);\n",
        replace: "'DEPOSIT', input.amountSatang);\n    await depositRepository.lockMatching(trx);\n",
      },
    ],
    killedBy: { file: DEPOSITS, test: 'a slip and a bank transfer of one player at once', postgresOnly: true },
  },
  {
    id: 'LK-15',
    file: DEPOSIT_REPOSITORY,
    rule: 'slips, operators’ deposit decisions and bank-feed deliveries match under one lock: each sees what the one before committed',
    changes: [
      {
        find: '    await sql`select pg_advisory_xact_lock(',
        replace: '    await sql`select (',
      },
    ],
    killedBy: { file: DEPOSITS, test: 'a slip and a bank transfer of one player at once', postgresOnly: true },
  },
  {
    id: 'LK-16',
    file: DEPOSIT_REPOSITORY,
    rule: 'an operator assigns an unmatched transfer read under its lock',
    changes: [{ find: ".where('id', '=', id)\n      .forUpdate()", replace: ".where('id', '=', id)" }],
    killedBy: {
      file: 'test/deposits/bank-feed.test.ts',
      test: 'a delivery waits for a slip upload or an operator’s deposit decision',
      postgresOnly: true,
    },
    equivalent:
      'every writer of an unmatched transfer (an assignment, a slip that claims it, an operator’s approval that it pays) holds the matching lock, which the assignment takes just before',
  },
  {
    id: 'LK-17',
    file: DEPOSIT_REPOSITORY,
    rule: 'a bank-feed flag is resolved once, under its lock',
    changes: [
      {
        find: ".where('id', '=', id).forUpdate().executeTakeFirst();",
        replace: ".where('id', '=', id).executeTakeFirst();",
      },
    ],
    killedBy: { file: DEPOSITS, test: 'a bank-feed flag resolved by two operators at once', postgresOnly: true },
  },
  {
    id: 'LK-18',
    file: 'src/modules/wallet/credit-request.repository.ts',
    rule: 'a credit request is decided once, under its lock',
    changes: [{ find: '.forUpdate().executeTakeFirst()', replace: '.executeTakeFirst()' }],
    killedBy: { file: DEPOSITS, test: 'a credit request approved and rejected at once', postgresOnly: true },
  },
  {
    id: 'LK-19',
    file: 'src/modules/deposits/held-deposits.repository.ts',
    rule: 'a held deposit is returned or released once, under its lock',
    changes: [{ find: 'return query.forUpdate().executeTakeFirst()', replace: 'return query.executeTakeFirst()' }],
    killedBy: { file: DEPOSITS, test: 'two returns of one held deposit at once', postgresOnly: true },
  },

  {
    id: 'LK-20',
    file: 'src/modules/protection/protection.repository.ts',
    rule: 'a limit is changed under its row’s lock: a lowering in progress is waited for and kept',
    changes: [
      {
        find: ".where('period', '=', input.period)\n    .forUpdate()",
        replace: ".where('period', '=', input.period)",
      },
    ],
    killedBy: { file: DEPOSITS, test: 'a raise of the deposit limit while the player lowers it', postgresOnly: true },
  },
  {
    id: 'LK-21',
    file: 'src/modules/protection/protection.repository.ts',
    rule: 'a reality-check change is read under its row’s lock: its audit row names the interval it replaced',
    changes: [
      { find: ".where('player_id', '=', playerId)\n    .forUpdate()", replace: ".where('player_id', '=', playerId)" },
    ],
    killedBy: { file: DEPOSITS, test: 'two reality-check changes at once', postgresOnly: true },
  },

  // The transfer saga's reconciler (games/games.repository.ts) ----------------------------------
  {
    id: 'LK-22',
    file: 'src/modules/games/games.repository.ts',
    rule: 'the reconciler claims due transfers FOR UPDATE SKIP LOCKED: one instance each',
    changes: [{ find: '\n                     for update skip locked)', replace: ')' }],
    killedBy: { file: GAMES, test: 'the reconciler’s claim of due transfers passes by', postgresOnly: true },
  },
  {
    id: 'LK-23',
    file: 'src/modules/games/games.repository.ts',
    rule: 'the reconciler passes transfers another instance is claiming by, without waiting (SKIP LOCKED)',
    changes: [{ find: 'for update skip locked)', replace: 'for update)' }],
    killedBy: { file: GAMES, test: 'the reconciler’s claim of due transfers passes by', postgresOnly: true },
  },

  // The locks on the history and the ledger accounts are in SQL now (the application's role may not
  // lock those rows itself): HW1, LA1 and LA2 of the SQL mutants.

  // The audit chain, the outbox, push subscriptions, throttles, freezes, operators ---------------
  {
    id: 'LK-25',
    file: 'src/modules/audit/audit.repository.ts',
    rule: 'one sealer of the audit chain at a time: a verification waits for the sealer in progress',
    changes: [
      {
        find: '    await sql`select pg_advisory_xact_lock(',
        replace: '    await sql`select (',
      },
    ],
    killedBy: { file: OPERATIONS, test: 'two sealers of the audit chain', postgresOnly: true },
  },
  {
    id: 'LK-26',
    file: 'src/modules/audit/audit.repository.ts',
    rule: 'the timer’s sealer leaves the chain to the sealer holding it (a try-lock), instead of sealing beside it',
    changes: [{ find: 'select pg_try_advisory_xact_lock(', replace: 'select true or pg_try_advisory_xact_lock(' }],
    killedBy: { file: OPERATIONS, test: 'the timer’s sealer finds the chain’s lock taken', postgresOnly: true },
  },
  {
    id: 'LK-27',
    file: 'src/modules/audit/audit.repository.ts',
    rule: 'a sealer passes rows another session holds by (SKIP LOCKED) instead of queueing behind them',
    changes: [{ find: '      .forUpdate()\n      .skipLocked()\n', replace: '      .forUpdate()\n' }],
    killedBy: { file: OPERATIONS, test: 'a sealer passes an audit row another session holds by', postgresOnly: true },
  },
  {
    id: 'LK-28',
    file: 'src/modules/audit/audit.repository.ts',
    rule: 'a sealer seals rows it holds locked',
    changes: [{ find: '      .forUpdate()\n      .skipLocked()\n', replace: '' }],
    killedBy: { file: OPERATIONS, test: 'a sealer passes an audit row another session holds by', postgresOnly: true },
  },
  {
    id: 'LK-29',
    file: 'src/modules/notifications/outbox.repository.ts',
    rule: 'an outbox worker claims its messages FOR UPDATE SKIP LOCKED: no message is sent twice at once',
    changes: [{ find: '\n       for update skip locked\n', replace: '\n' }],
    killedBy: { file: OPERATIONS, test: 'two outbox workers', postgresOnly: true },
  },
  {
    id: 'LK-30',
    file: 'src/modules/notifications/outbox.repository.ts',
    rule: 'an outbox worker passes messages another worker claims by, without waiting (SKIP LOCKED)',
    changes: [{ find: '       for update skip locked\n', replace: '       for update\n' }],
    killedBy: { file: OPERATIONS, test: 'two outbox workers', postgresOnly: true },
  },
  {
    id: 'LK-31',
    file: 'src/modules/notifications/outbox.repository.ts',
    rule: 'one instance alerts the operators’ group of an item: the queue marks are read FOR UPDATE SKIP LOCKED',
    changes: [{ find: '.selectAll().forUpdate().skipLocked().execute()', replace: '.selectAll().execute()' }],
    killedBy: { file: OPERATIONS, test: 'two instances alert the operators’ group', postgresOnly: true },
  },
  {
    id: 'LK-32',
    file: 'src/modules/notifications/outbox.repository.ts',
    rule: 'an instance passes queue marks another instance holds by, without waiting (SKIP LOCKED)',
    changes: [
      { find: '.selectAll().forUpdate().skipLocked().execute()', replace: '.selectAll().forUpdate().execute()' },
    ],
    killedBy: { file: OPERATIONS, test: 'two instances alert the operators’ group', postgresOnly: true },
  },
  {
    id: 'LK-33',
    file: 'src/modules/notifications/push-subscriptions.repository.ts',
    rule: 'a player’s subscriptions are written one at a time (their lock), so that the cap holds',
    changes: [{ find: '  await sql`select pg_advisory_xact_lock(hashtext(', replace: '  await sql`select (hashtext(' }],
    killedBy: { file: OPERATIONS, test: 'two subscriptions of one player’s devices at once', postgresOnly: true },
  },
  {
    id: 'LK-34',
    file: 'src/modules/throttle/throttle.repository.ts',
    rule: 'a throttle counts and reserves an attempt in one step, under the subject’s lock',
    changes: [{ find: '  await sql`select pg_advisory_xact_lock(hashtext(', replace: '  await sql`select (hashtext(' }],
    killedBy: { file: OPERATIONS, test: 'two attempts at once against a throttle with one left', postgresOnly: true },
  },
  {
    id: 'LK-35',
    file: 'src/modules/player/player.repository.ts',
    rule: 'a freeze reads the player under the row’s lock: a freeze in progress is waited for and seen',
    changes: [
      {
        find: ".where('id', '=', playerId).forUpdate().executeTakeFirst()",
        replace: ".where('id', '=', playerId).executeTakeFirst()",
      },
    ],
    killedBy: { file: OPERATIONS, test: 'two operators freeze one player at once', postgresOnly: true },
  },
  {
    id: 'LK-36',
    file: 'src/modules/operators/operator.repository.ts',
    rule: 'an operator’s record is changed under its lock: a change in progress is waited for and seen',
    changes: [{ find: '(options.forUpdate ? query.forUpdate() : query)', replace: 'query' }],
    killedBy: { file: OPERATIONS, test: 'two admins change one operator at once', postgresOnly: true },
  },
  {
    id: 'LK-37',
    file: 'src/modules/settings/settings.repository.ts',
    rule: 'the limit settings are changed under their locks, checked against each other’s values after any change in progress',
    changes: [{ find: ".orderBy('code')\n      .forUpdate()", replace: ".orderBy('code')" }],
    killedBy: {
      file: OPERATIONS,
      test: 'a higher withdrawal minimum and a lower maximum set at once',
      postgresOnly: true,
    },
  },
];
