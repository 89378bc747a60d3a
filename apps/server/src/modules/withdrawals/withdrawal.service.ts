import type { QueueQuery, WithdrawalItem } from '@app/contracts/admin';
import { type HistoryEntry, historyEntrySchema } from '@app/contracts/history';
import type { PayoutRoute } from '@app/contracts/payouts';
import { DEFAULT_PLAYER_LIMITS } from '@app/contracts/settings';
import type { Db, Queryable } from '../../db/database.ts';
import { assert, assertPositiveSatang, present } from '../../lib/assert.ts';
import type { Actor } from '../audit/audit.service.ts';
import { type Decision, decisionIdempotency } from '../decisions/decision.service.ts';
import { presentAdminHistoryEntry, presentHistoryEntry } from '../history/history.presenter.ts';
import { queueOfType } from '../history/history.service.ts';
import { type IdempotentResult, requestFingerprint } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { verdictOf } from '../payouts/payout.repository.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { withdrawalExtras } from '../payouts/payout-queue.ts';
import { assessWithdrawal } from '../payouts/payout-verdict.ts';
import { kickPayout } from '../payouts/payout-worker.ts';
import { readRiskRules, riskFactsWindow } from '../payouts/risk.ts';
import { playerSummaries } from '../player/player.service.ts';
import type { AutoPayOffer } from '../settings/settings.routes.ts';
import { decideWithdrawalInOneCall, withdrawInOneCall } from './withdrawal.repository.ts';

/** The money services; `payouts` present: approved withdrawals are paid through the bank connector. */
export type MoneyContext = { db: Db; house: HouseAccounts; payouts?: PayoutContext };

/** What the player app is told of automatic payouts: none without a bank connector or with them switched off. */
export async function autoPayOffer(ctx: Pick<MoneyContext, 'db' | 'payouts'>): Promise<AutoPayOffer | null> {
  if (!ctx.payouts?.bank) return null;
  const rules = await readRiskRules(ctx.db);
  if (!rules.autoPay) return null;
  return { upToSatang: rules.amountAboveAuto.enabled ? rules.amountAboveAuto.limitBaht * 100 : null };
}

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
  // Scored by the rules (a bank connector's payouts): the facts they read come with the withdrawal's statement.
  const window = ctx.payouts ? riskFactsWindow() : null;
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
    factsSince: window?.since ?? null,
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
  const verdict = await assessWithdrawal(
    ctx.payouts,
    entry.id,
    window ? { hours: window.hours, facts: answer.facts } : undefined,
  );
  if (verdict?.payoutId) kickPayout(ctx.payouts, verdict.payoutId);
  const presented = presentHistoryEntry(entry);
  const value = verdict?.route === 'AUTO' ? { ...presented, status: 'APPROVED' as const } : presented;
  return { value, replayed: answer.replayed, route: verdict?.route ?? null };
}

const WITHDRAWALS = { name: 'withdrawal' } as const;

/**
 * An operator's decision on a waiting withdrawal, in one statement
 * (decide_withdrawal): APPROVED, or REJECTED with a reason (the held money
 * returns to the main wallet, recorded as a REJECT_WITHDRAW entry). An
 * approval with a bank connector records the payout, sent once the decision
 * has committed; the held money moves to the bank when the bank has paid
 * (payout.service.ts). Without one (a cashier pays by hand), the held money
 * goes out to the payout account at once.
 */
async function decideWithdrawal(
  ctx: MoneyContext,
  actor: Actor,
  decision: Decision & { action: 'approve' | 'reject'; reason: string | null },
) {
  // Approvals paid through the bank connector record a payout, sent once the decision has committed.
  const bankPayouts = ctx.payouts?.bank ? ctx.payouts : undefined;
  const result = await decideWithdrawalInOneCall(ctx.db, {
    id: decision.id,
    action: decision.action,
    reason: decision.reason,
    actor,
    withdrawPendingAccount: ctx.house.withdrawPending,
    bankPayoutsAccount: ctx.house.bankPayouts,
    byBank: bankPayouts !== undefined,
    leaseMs: bankPayouts?.timing.leaseMs ?? 0,
    idempotency: decisionIdempotency(actor, WITHDRAWALS, decision),
  });
  if (result.payoutId !== null) {
    // decide_withdrawal records a payout only when told to pay through the bank.
    kickPayout(present(bankPayouts, 'the bank payouts of an approval paid through the bank'), result.payoutId);
  }
  return { value: result.value, replayed: result.replayed };
}

/** APPROVED, with an optional note. */
export function approveWithdrawal(ctx: MoneyContext, actor: Actor, decision: Decision & { note?: string | null }) {
  return decideWithdrawal(ctx, actor, { ...decision, action: 'approve', reason: decision.note ?? null });
}

/** REJECTED with a reason: the held money returns to the main wallet, recorded as a REJECT_WITHDRAW entry. */
export function rejectWithdrawal(ctx: MoneyContext, actor: Actor, decision: Decision & { reason: string }) {
  return decideWithdrawal(ctx, actor, { ...decision, action: 'reject' });
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
