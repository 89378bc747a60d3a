/**
 * Hand-made mutants that widen the scope of a money rule's query written in
 * TypeScript: a `where` on the player, the reward, the promotion, the status,
 * the kind or the date taken out (or a date read from another column). Each
 * names the test with a second player, reward, promotion, kind or lot that
 * the rule must leave alone, and that therefore fails without the scope. The
 * SQL functions' scopes are the SP-* mutants of sql-mutants.ts. See
 * docs/reliability.md, "Scoped queries and the test that holds each".
 */
import type { SourceMutant } from './source-mutants.ts';

const REWARDS_REPOSITORY = 'src/modules/loyalty/rewards.repository.ts';
const POINTS_REPOSITORY = 'src/modules/loyalty/points.repository.ts';
const HISTORY_REPOSITORY = 'src/modules/history/history.repository.ts';
const PROMOTIONS_REPOSITORY = 'src/modules/loyalty/promotions.repository.ts';
const LOYALTY_RULES = 'test/loyalty/loyalty-rules.test.ts';
const PROTECTION_REPOSITORY = 'src/modules/protection/protection.repository.ts';
const TRANSFERS = 'src/modules/games/transfer.service.ts';
const LAUNCH = 'src/modules/games/launch.service.ts';
const PROTECTION = 'test/protection/protection.test.ts';
const PAYOUTS = 'src/modules/payouts/payout.service.ts';
const PAYOUT_REPOSITORY = 'src/modules/payouts/payout.repository.ts';
const PAYOUT_SAGA = 'test/payouts/payout-saga.test.ts';
const OUTBOX = 'src/modules/notifications/outbox.repository.ts';
const OUTSIDE_CHANNELS = 'test/notifications/outside-channels.test.ts';
const BLACKLIST = 'src/modules/blacklist/blacklist.repository.ts';
const BLACKLIST_TEST = 'test/blacklist/blacklist.test.ts';
const GAMES_REPOSITORY = 'src/modules/games/games.repository.ts';
const TRANSFERS_TEST = 'test/games/transfers.test.ts';
const PAYOUTS_TEST = 'test/payouts/payouts.test.ts';
const DEPOSITS_REPOSITORY = 'src/modules/deposits/deposit.repository.ts';
const DEPOSIT_RULES = 'test/deposits/deposit-rules.test.ts';
const DEPOSIT_ATTACKS = 'test/deposits/deposit-attacks.test.ts';
const HELD_DEPOSITS = 'src/modules/deposits/held-deposits.repository.ts';

export const SCOPE_MUTANTS: readonly SourceMutant[] = [
  // Rewards (loyalty/rewards.repository.ts) --------------------------------------------------
  {
    id: 'SP-T1',
    file: REWARDS_REPOSITORY,
    rule: 'a reward’s daily limit counts the redeeming player’s own redemptions',
    changes: [
      {
        find: ".where('reward_id', '=', rewardId)\n    .where('player_id', '=', playerId)\n",
        replace: ".where('reward_id', '=', rewardId)\n",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a reward’s daily limit counts the player’s own redemptions' },
  },
  {
    id: 'SP-T2',
    file: REWARDS_REPOSITORY,
    rule: 'a reward’s daily limit counts redemptions of that reward only',
    changes: [{ find: ".where('reward_id', '=', rewardId)\n", replace: '' }],
    killedBy: { file: LOYALTY_RULES, test: 'a reward’s daily limit counts the player’s own redemptions' },
  },
  {
    id: 'SP-T3',
    file: REWARDS_REPOSITORY,
    rule: 'a reward’s daily limit counts today’s redemptions only (since midnight in Bangkok)',
    changes: [{ find: ".where('created_at', '>=', bangkokDayStart)\n", replace: '' }],
    killedBy: { file: LOYALTY_RULES, test: 'a reward’s daily limit counts the player’s own redemptions' },
  },
  {
    id: 'SP-T4',
    file: REWARDS_REPOSITORY,
    rule: 'a redemption takes one from its own reward’s stock only',
    changes: [
      {
        find: "trx.updateTable('rewards').set({ stock }).where('id', '=', rewardId).execute()",
        replace: "trx.updateTable('rewards').set({ stock }).where('stock', 'is not', null).execute()",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'redeeming and cancelling move the stock of their own reward only' },
  },
  {
    id: 'SP-T5',
    file: REWARDS_REPOSITORY,
    rule: 'cancelling a redemption gives the stock back to its own reward only',
    changes: [
      {
        find: ".where('id', '=', rewardId)\n    .where('stock', 'is not', null)\n",
        replace: ".where('stock', 'is not', null)\n",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'redeeming and cancelling move the stock of their own reward only' },
  },
  {
    id: 'SP-T6',
    file: REWARDS_REPOSITORY,
    rule: 'a cancelled redemption records the journal of its own refund',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text, a template literal in it
    changes: [{ find: ".where('reference', '=', `redemption:${redemptionId}`)\n", replace: '' }],
    killedBy: { file: LOYALTY_RULES, test: 'redeeming and cancelling move the stock of their own reward only' },
  },
  // Points (loyalty/points.repository.ts) ------------------------------------------------------
  {
    id: 'SP-T7',
    file: POINTS_REPOSITORY,
    rule: 'spending takes points from the player’s own lots only',
    changes: [
      {
        find: ".select(['id', 'remaining'])\n    .where('player_id', '=', playerId)\n    .where('remaining', '>', 0)\n    .orderBy('earned_at')",
        replace: ".select(['id', 'remaining'])\n    .where('remaining', '>', 0)\n    .orderBy('earned_at')",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'spending takes points from the player’s own lots only' },
  },
  {
    id: 'SP-T8',
    file: POINTS_REPOSITORY,
    rule: 'the expiry job expires a player’s due lots only, not their fresh ones',
    changes: [
      {
        find: ".where('remaining', '>', 0)\n    .where('expires_at', '<=', sql<Date>`now()`)\n    .forUpdate()",
        replace: ".where('remaining', '>', 0)\n    .forUpdate()",
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'the expiry job expires only the lots that are due, each of its own player',
    },
  },
  {
    id: 'SP-T9',
    file: POINTS_REPOSITORY,
    rule: 'the expiry job expires each player’s lots under that player’s own journal',
    changes: [
      {
        find: ".select(['id', 'remaining'])\n    .where('player_id', '=', playerId)\n    .where('remaining', '>', 0)\n    .where('expires_at'",
        replace: ".select(['id', 'remaining'])\n    .where('remaining', '>', 0)\n    .where('expires_at'",
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'the expiry job expires only the lots that are due, each of its own player',
    },
  },
  // Promotions (loyalty/promotions.repository.ts) ----------------------------------------------
  {
    id: 'SP-T10',
    file: PROMOTIONS_REPOSITORY,
    rule: 'a promotion’s claim limit counts the player’s own claims',
    changes: [
      {
        find: ".select('id')\n    .where('player_id', '=', playerId)\n    .where('promotion_id', '=', promotion.id)\n",
        replace: ".select('id')\n    .where('promotion_id', '=', promotion.id)\n",
      },
    ],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'a promotion’s claim limit counts the player’s own claims of that promotion',
    },
  },
  {
    id: 'SP-T11',
    file: PROMOTIONS_REPOSITORY,
    rule: 'a promotion’s claim limit counts claims of that promotion only',
    changes: [{ find: ".where('promotion_id', '=', promotion.id)\n", replace: '' }],
    killedBy: {
      file: LOYALTY_RULES,
      test: 'a promotion’s claim limit counts the player’s own claims of that promotion',
    },
  },
  {
    id: 'SP-T12',
    file: HISTORY_REPOSITORY,
    rule: 'a first deposit is the player’s own: another player’s deposit does not make it a second',
    changes: [
      {
        find: ".select('id')\n      .where('player_id', '=', playerId)\n      .where((eb) =>\n        eb.or([eb('type', '=', 'DEPOSIT')",
        replace: ".select('id')\n      .where((eb) =>\n        eb.or([eb('type', '=', 'DEPOSIT')",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a first deposit is the player’s own' },
  },
  {
    id: 'SP-T13',
    file: HISTORY_REPOSITORY,
    rule: 'a rejected deposit never counts as the first deposit (only an APPROVED one does)',
    changes: [
      {
        find: ".where('status', '=', 'APPROVED')\n      .where('id', '<>', options.exceptId ?? 0);",
        replace: ".where('id', '<>', options.exceptId ?? 0);",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a rejected deposit never counts as the first deposit' },
  },
  {
    id: 'SP-T14',
    file: HISTORY_REPOSITORY,
    rule: 'a deposit counts for the first deposit of the day on the day it was credited, not the day it was sent',
    changes: [
      {
        find: "deposits = deposits.where('decided_at', '>=', sql<Date>`bangkok_day_start()`)",
        replace: "deposits = deposits.where('created_at', '>=', sql<Date>`bangkok_day_start()`)",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'a deposit counts on the day it is credited' },
  },
  {
    id: 'SP-T15',
    file: HISTORY_REPOSITORY,
    rule: 'at the deposit, the first deposit of the day is judged on the day each deposit was credited',
    changes: [
      {
        find: "deposits = deposits.where('decided_at', '>=', sql<Date>`bangkok_day_start()`)",
        replace: "deposits = deposits.where('created_at', '>=', sql<Date>`bangkok_day_start()`)",
      },
    ],
    killedBy: { file: LOYALTY_RULES, test: 'at the deposit, an earlier deposit credited today counts' },
  },
  // Protection (protection/protection.repository.ts, games) -----------------------------------
  {
    id: 'SP-T16',
    file: PROTECTION_REPOSITORY,
    rule: 'setting (or removing) a limit changes that period’s limit only',
    changes: [{ find: ".where('period', '=', input.period)\n    .execute();", replace: '.execute();' }],
    killedBy: { file: PROTECTION, test: 'a removed daily deposit limit leaves the weekly and monthly in force' },
  },
  {
    id: 'SP-T17',
    file: PROTECTION_REPOSITORY,
    rule: 'setting a limit changes that kind’s limit only (a loss limit is not a deposit limit)',
    changes: [
      {
        find: ".where('kind', '=', input.kind)\n    .where('period', '=', input.period)\n    .execute();",
        replace: ".where('period', '=', input.period)\n    .execute();",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss limit is the player’s own and of its own kind' },
  },
  {
    id: 'SP-T18',
    file: TRANSFERS,
    rule: 'before a transfer-out, the losses at the transfer-wallet provider of a player with a loss limit are recorded',
    changes: [{ find: '  await recordResultsBeforePlay(ctx, request.playerId);\n', replace: '' }],
    killedBy: { file: PROTECTION, test: 'a loss at the transfer-wallet provider counts toward the loss limit' },
  },
  {
    id: 'SP-T19',
    file: LAUNCH,
    rule: 'before the sports game launches, the player’s losses at the transfer-wallet provider are recorded',
    changes: [
      {
        find: "  await recordResultsBeforePlay(ctx, playerId);\n  await assertProtectionAllows(ctx.db, playerId, 'PLAY');\n  const { playerRef } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);",
        replace:
          "  await assertProtectionAllows(ctx.db, playerId, 'PLAY');\n  const { playerRef } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss at the transfer-wallet provider counts toward the loss limit' },
  },
  {
    id: 'SP-T20',
    file: LAUNCH,
    rule: 'before WC launches, the player’s losses at the transfer-wallet provider are recorded',
    changes: [
      {
        find: "  await recordResultsBeforePlay(ctx, playerId);\n  await assertProtectionAllows(ctx.db, playerId, 'PLAY');\n  const { playerRef } = await ensureProviderPlayer(ctx, playerId, WC_PROVIDER);",
        replace:
          "  await assertProtectionAllows(ctx.db, playerId, 'PLAY');\n  const { playerRef } = await ensureProviderPlayer(ctx, playerId, WC_PROVIDER);",
      },
    ],
    killedBy: { file: PROTECTION, test: 'a loss at the transfer-wallet provider counts toward the loss limit' },
  },
  // The payout saga (payouts/payout.service.ts) -------------------------------------------
  {
    id: 'SP-T21',
    file: PAYOUTS,
    rule: 'paid by hand only while the withdrawal waits: one rejected after the bank refused it is never paid as well',
    changes: [
      {
        find: "if (row.status !== 'FAILED' || entry?.status !== 'WAITING') throw payoutState();",
        replace: "if (row.status !== 'FAILED') throw payoutState();",
      },
    ],
    killedBy: {
      file: PAYOUT_SAGA,
      test: 'paid by hand is refused once the withdrawal was rejected after the bank refused it',
    },
  },
  {
    id: 'SP-T22',
    file: PAYOUT_REPOSITORY,
    rule: 'paid by hand waits for a payout in flight of its own withdrawal only',
    changes: [
      {
        find: ".where('history_id', '=', row.history_id)\n    .where('status', '<>', 'FAILED')",
        replace: ".where('status', '<>', 'FAILED')",
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'another withdrawal’s payout in flight does not stand in the way' },
  },
  {
    id: 'SP-T23',
    file: PAYOUT_REPOSITORY,
    rule: 'a bank refusal sends its own withdrawal back to the queue only',
    changes: [
      {
        find: ".where('id', '=', row.history_id)\n    .where('status', '=', 'APPROVED')",
        replace: ".where('status', '=', 'APPROVED')",
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'a refusal sends its own withdrawal back to the queue' },
  },
  {
    id: 'SP-T24',
    file: PAYOUT_REPOSITORY,
    rule: 'a bank refusal keeps its own withdrawal’s earlier reasons, not another’s',
    changes: [
      {
        find: ".select(['reasons'])\n    .where('history_id', '=', row.history_id)",
        replace: ".select(['reasons'])",
      },
    ],
    killedBy: { file: PAYOUT_SAGA, test: 'a refusal sends its own withdrawal back to the queue' },
  },
  // The notifications' outbox (notifications/outbox.repository.ts) -------------------------
  {
    id: 'SP-T25',
    file: OUTBOX,
    rule: 'a message in its retry back-off (or claimed by another worker) is not sent before its time',
    changes: [{ find: "where status = 'PENDING' and next_at <= now()", replace: "where status = 'PENDING'" }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'a message in its retry back-off is not sent again before its time' },
  },
  {
    id: 'SP-T26',
    file: OUTBOX,
    rule: 'a message its channel asked to try later waits its back-off',
    changes: [
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text, a template literal in it
        find: 'next_at: sql<Date>`now() + make_interval(secs => ${inSeconds})`,',
        replace: 'next_at: sql<Date>`now()`,',
      },
    ],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'a message in its retry back-off is not sent again before its time' },
  },
  {
    id: 'SP-T27',
    file: OUTBOX,
    rule: 'a message sent, or given up, is never sent again',
    changes: [{ find: "where status = 'PENDING' and next_at <= now()", replace: 'where next_at <= now()' }],
    killedBy: { file: OUTSIDE_CHANNELS, test: 'a message in its retry back-off is not sent again before its time' },
  },
  // The blacklist (blacklist/blacklist.repository.ts) ----------------------------------------
  {
    id: 'SP-T28',
    file: BLACKLIST,
    rule: 'a blacklist entry of one kind never matches a value of another kind',
    changes: [
      {
        find: "eb.and([eb('kind', '=', item.kind), eb('normalised', 'in', item.forms)])",
        replace: "eb('normalised', 'in', item.forms)",
      },
    ],
    killedBy: { file: BLACKLIST_TEST, test: 'a barred phone’s digits as a bank account' },
  },
  // The transfer reconciler (games/games.repository.ts) ----------------------------------
  {
    id: 'SP-T29',
    file: GAMES_REPOSITORY,
    rule: 'a transfer in its retry back-off is not asked about again before its time',
    changes: [
      {
        find: "where status = 'PENDING' and next_check_at <= now()\n",
        replace: "where status = 'PENDING'\n",
      },
    ],
    killedBy: {
      file: TRANSFERS_TEST,
      test: 'a transfer in its retry back-off is not asked about again before its time',
    },
  },
  {
    id: 'SP-T30',
    file: GAMES_REPOSITORY,
    rule: 'a transfer another reconciler holds (its lease) is not asked about',
    changes: [{ find: '                       and (lease_until is null or lease_until < now())\n', replace: '' }],
    killedBy: {
      file: TRANSFERS_TEST,
      test: 'a transfer in its retry back-off is not asked about again before its time',
    },
  },
  // The activity statement (protection/protection.repository.ts) -------------------------
  {
    id: 'SP-T31',
    file: PROTECTION_REPOSITORY,
    rule: 'the statement sums the player’s own side of each journal, never the house’s',
    changes: [
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text, a template literal in it
        find: 'join ledger_accounts a on a.id = p.account_id and a.player_id = ${playerId}',
        replace: 'join ledger_accounts a on a.id = p.account_id',
      },
    ],
    killedBy: { file: PROTECTION, test: "the month's deposits, withdrawals, bets, wins and net are the ledger's sums" },
  },
  // The payout worker's claims (payouts/payout.repository.ts) --------------------------------
  {
    id: 'SP-T32',
    file: PAYOUT_REPOSITORY,
    rule: 'a payout in its retry back-off (its lease) is not claimed by the worker before its time',
    changes: [
      {
        find: "where status in ('PENDING', 'UNKNOWN') and (lease_until is null or lease_until < now())",
        replace: "where status in ('PENDING', 'UNKNOWN')",
      },
    ],
    killedBy: {
      file: PAYOUTS_TEST,
      test: 'a payout claimed by one worker is not sent by another until its lease runs out',
    },
  },
  {
    id: 'SP-T33',
    file: PAYOUT_REPOSITORY,
    rule: 'a payout held by another worker (its lease) is not sent unless an operator forces it',
    changes: [
      {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the source's own text, a template literal in it
        find: 'and (${force} or lease_until is null or lease_until < now() or attempts = 0)',
        replace: '',
      },
    ],
    killedBy: {
      file: PAYOUTS_TEST,
      test: 'a payout claimed by one worker is not sent by another until its lease runs out',
    },
  },
  // Deposits (deposits/deposit.repository.ts) ---------------------------------------------
  {
    id: 'SP-T34',
    file: DEPOSITS_REPOSITORY,
    rule: 'an operator’s approval of a slip takes an UNMATCHED transfer only, never one already credited',
    changes: [
      {
        find: ".where('status', '=', 'UNMATCHED')\n      .where('amount', '=', amount)",
        replace: ".where('amount', '=', amount)",
      },
    ],
    killedBy: { file: DEPOSIT_RULES, test: 'an approval takes an UNMATCHED transfer only' },
  },
  {
    id: 'SP-T35',
    file: DEPOSITS_REPOSITORY,
    rule: 'the warning SAME_AMOUNT_CREDITED is about the player’s own credited transfers',
    changes: [
      {
        find: ".where('status', 'in', ['CREDITED', 'ASSIGNED'])\n      .where('player_id', '=', playerId)",
        replace: ".where('status', 'in', ['CREDITED', 'ASSIGNED'])",
      },
    ],
    killedBy: {
      file: DEPOSIT_RULES,
      test: 'a slip is warned SAME_AMOUNT_CREDITED for its own player’s credited transfer only',
    },
  },
  {
    id: 'SP-T36',
    file: DEPOSITS_REPOSITORY,
    rule: 'the slips waiting that count toward a player’s limit are their own',
    changes: [{ find: ".where('deposit_slips.player_id', '=', playerId)\n", replace: '' }],
    killedBy: { file: DEPOSIT_ATTACKS, test: 'the slips waiting that count toward the limit are the player’s own' },
  },
  // Held deposits (deposits/held-deposits.repository.ts) --------------------------------
  {
    id: 'SP-T37',
    file: HELD_DEPOSITS,
    rule: 'a player returns their own held deposit only',
    changes: [{ find: "  if (playerId !== null) query = query.where('player_id', '=', playerId);\n", replace: '' }],
    killedBy: { file: PROTECTION, test: "a player cannot return another player's held deposit" },
  },
];
