import type { QueueQuery, WithdrawalItem } from '@app/contracts/admin';
import { type HistoryEntry, historyEntrySchema } from '@app/contracts/history';
import type { PayoutRoute } from '@app/contracts/payouts';
import { DEFAULT_PLAYER_LIMITS } from '@app/contracts/settings';
import type { Db, Queryable } from '../../db/database.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';
import type { Actor } from '../audit/audit.service.ts';
import { type Decision, type DecisionKind, decideWaitingEntry } from '../decisions/decision.service.ts';
import { presentAdminHistoryEntry, presentHistoryEntry } from '../history/history.presenter.ts';
import { decideHistoryEntry, queueOfType, recordHistory } from '../history/history.service.ts';
import { type IdempotentResult, requestFingerprint } from '../idempotency/idempotency.service.ts';
import { type HouseAccounts, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import {
  assessWithdrawal,
  createPayout,
  type PayoutContext,
  postWithdrawPayout,
  verdictOf,
} from '../payouts/payout.service.ts';
import { withdrawalExtras } from '../payouts/payout-queue.ts';
import { kickPayout } from '../payouts/payout-worker.ts';
import { playerSummaries } from '../player/player.service.ts';
import { withdrawInOneCall } from './withdrawal.repository.ts';

/** The money services; `payouts` present: approved withdrawals are paid through the bank connector (issue 21). */
export type MoneyContext = { db: Db; house: HouseAccounts; payouts?: PayoutContext };

/** A new withdrawal and how it goes: AUTO (paid by the rules at once), REVIEW (an operator decides). */
export type WithdrawalResult = IdempotentResult<HistoryEntry> & { route: PayoutRoute | null };

/**
 * A player's withdrawal (spec §5, §9): at least the minimum, below the limit,
 * within the day's total (WITHDRAW_DAILY_MAX_AMOUNT, waiting and approved
 * withdrawals since midnight in Bangkok), not above the main balance, from a
 * player who is not frozen. The money moves
 * at once from the main wallet to the withdrawal-pending account (a hold) and
 * the entry waits, WAITING, for an operator. Idempotent by the player's key,
 * with runIdempotent's rules: a copy sent at the same moment waits and
 * replays the first answer, a refusal stores nothing, the same key with
 * another amount is a 409. All of it, the session check included, is one
 * statement and one round trip to the database (player_withdraw, migration 007).
 */
export async function requestWithdrawal(
  ctx: MoneyContext,
  input: {
    playerId: number;
    amountSatang: number;
    idempotencyKey: string | undefined;
    /** The session the request came with, checked in the same statement (absent: already checked). */
    sessionId?: string;
  },
): Promise<WithdrawalResult> {
  assertPositiveSatang(input.amountSatang, 'withdrawal amount');
  const answer = await withdrawInOneCall(ctx.db, {
    sessionId: input.sessionId ?? null,
    playerId: input.playerId,
    scope: `player:${input.playerId}:withdraw`,
    key: input.idempotencyKey ?? null,
    fingerprint: requestFingerprint('POST', 'withdraw', { amountSatang: input.amountSatang }),
    amountSatang: input.amountSatang,
    withdrawPendingAccount: ctx.house.withdrawPending,
    minDefaultSatang: DEFAULT_PLAYER_LIMITS.withdrawMinSatang,
    limitDefaultSatang: DEFAULT_PLAYER_LIMITS.withdrawLimitSatang,
    dailyDefaultSatang: DEFAULT_PLAYER_LIMITS.withdrawDailyLimitSatang,
  });
  // A stored answer from before `reason` existed is read through the contract, which gives it reason null.
  if ('presented' in answer) {
    const value = historyEntrySchema.parse(answer.presented);
    return { value, replayed: true, route: await verdictOf(ctx.db, value.id) };
  }
  const { entry } = answer;
  if (!ctx.payouts) {
    return { value: presentHistoryEntry(entry), replayed: answer.replayed, route: await verdictOf(ctx.db, entry.id) };
  }
  // Scored by the rules at once; paid automatically when no rule objects. A copy of the request
  // (the same key) waits for that verdict and answers it too: scoring twice keeps the first verdict.
  // Should this process die between the two statements, the payout worker scores it seconds later.
  const verdict = await assessWithdrawal(ctx.payouts, entry.id);
  if (verdict?.payoutId) kickPayout(ctx.payouts, verdict.payoutId);
  const presented = presentHistoryEntry(entry);
  const value = verdict?.route === 'AUTO' ? { ...presented, status: 'APPROVED' as const } : presented;
  return { value, replayed: answer.replayed, route: verdict?.route ?? null };
}

const WITHDRAWALS: DecisionKind = { entryType: 'WITHDRAW', name: 'withdrawal' };

/**
 * APPROVED. With a bank connector: the payout is recorded in the decision's
 * transaction and sent once it commits; the held money moves to the bank
 * when the bank has paid (payout.service.ts). Without one (a cashier pays by
 * hand): the held money goes out to the payout account at once.
 */
export async function approveWithdrawal(
  ctx: MoneyContext,
  actor: Actor,
  decision: Decision & { note?: string | null },
) {
  const payouts = ctx.payouts;
  if (payouts?.bank) {
    let payoutId: number | null = null;
    const result = await decideWaitingEntry(
      ctx.db,
      actor,
      WITHDRAWALS,
      { ...decision, action: 'approve', reason: decision.note ?? null },
      async (trx, entry) => {
        await decideHistoryEntry(trx, entry.id, {
          status: 'APPROVED',
          decidedBy: actor.name,
          reason: decision.note ?? null,
          settlementJournalEntryId: null,
        });
        payoutId = (await createPayout(trx, payouts, entry, actor.name)).id;
      },
    );
    if (payoutId !== null) kickPayout(payouts, payoutId);
    return result;
  }
  return decideWaitingEntry(
    ctx.db,
    actor,
    WITHDRAWALS,
    { ...decision, action: 'approve', reason: decision.note ?? null },
    async (trx, entry) => {
      const journal = await postWithdrawPayout(trx, ctx.house, {
        playerId: entry.playerId,
        amount: entry.amount,
        reference: `history:${entry.id}`,
      });
      await decideHistoryEntry(trx, entry.id, {
        status: 'APPROVED',
        decidedBy: actor.name,
        reason: decision.note ?? null,
        settlementJournalEntryId: journal.journalEntryId,
      });
    },
  );
}

/** REJECTED with a reason: the held money returns to the main wallet, recorded as a REJECT_WITHDRAW entry. */
export function rejectWithdrawal(ctx: MoneyContext, actor: Actor, decision: Decision & { reason: string }) {
  return decideWaitingEntry(ctx.db, actor, WITHDRAWALS, { ...decision, action: 'reject' }, async (trx, entry) => {
    const { mainAccountId } = await readPlayerBalances(trx, entry.playerId);
    const journal = await postJournal(trx, {
      kind: 'WITHDRAW_REFUND',
      playerId: entry.playerId,
      reference: `history:${entry.id}`,
      postings: [
        { accountId: ctx.house.withdrawPending, amount: -entry.amount },
        { accountId: mainAccountId, amount: entry.amount },
      ],
    });
    const change = journal.balances.get(mainAccountId);
    assert(change !== undefined, 'the refund moved the main account');
    await decideHistoryEntry(trx, entry.id, {
      status: 'REJECTED',
      decidedBy: actor.name,
      reason: decision.reason,
      settlementJournalEntryId: journal.journalEntryId,
    });
    await recordHistory(trx, {
      playerId: entry.playerId,
      type: 'REJECT_WITHDRAW',
      status: 'APPROVED',
      amount: entry.amount,
      beforeAmount: change.before,
      afterAmount: change.after,
      journalEntryId: journal.journalEntryId,
      note: null,
      source: 'OPERATOR',
      decidedBy: actor.name,
      reason: decision.reason,
      relatedHistoryId: entry.id,
    });
  });
}

/** The withdrawal queue: paged, filtered by status, player or search text, oldest first by default. */
export async function listWithdrawals(db: Queryable, query: QueueQuery) {
  const page = await queueOfType(db, 'WITHDRAW', query);
  const players = await playerSummaries(
    db,
    page.rows.map((row) => row.playerId),
  );
  const extras = await withdrawalExtras(
    db,
    page.rows.map((row) => ({ id: row.id, playerId: row.playerId })),
  );
  const items: WithdrawalItem[] = [];
  for (const row of page.rows) {
    const player = players.get(row.playerId);
    assert(player !== undefined, 'every entry belongs to a player');
    items.push({ ...presentAdminHistoryEntry(row), player, ...extras(row.id, row.playerId) });
  }
  return { items, total: page.total, totalCapped: page.totalCapped, page: query.page, limit: query.limit };
}
