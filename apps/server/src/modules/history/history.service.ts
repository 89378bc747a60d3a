import type { PageQuery } from '@app/contracts/common';
import type { HistoryStatus, HistoryType } from '@app/contracts/history';
import { satangToBaht } from '@app/contracts/money';
import type { Queryable, Trx } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';
import { notify } from '../notifications/notifications.service.ts';
import { playerIdsMatching } from '../player/player.service.ts';
import { type HistoryDetailRow, historyRepository } from './history.repository.ts';

/**
 * Which history types each of a player's lists shows. A rejected withdrawal
 * keeps its REJECT_WITHDRAW entry (the held money came back: the balance went
 * up). A rejected deposit is its own DEPOSIT entry marked REJECTED, with the
 * reason: its REJECT_DEPOSIT record moved nothing and would read as a second
 * deposit, so players do not see it (operators do, in a player's history).
 */
export const HISTORY_LISTS = {
  history: [
    'DEPOSIT',
    'MANUAL_DEPOSIT',
    'WITHDRAW',
    'MANUAL_WITHDRAW',
    'REJECT_WITHDRAW',
    'BONUS',
    'BONUS_RETURN',
    'REWARD_CREDIT',
    'CASHBACK',
    'RAKEBACK',
    'RANK_REWARD',
  ],
  deposit: ['DEPOSIT', 'MANUAL_DEPOSIT'],
  withdraw: ['WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_WITHDRAW'],
} as const satisfies Record<string, readonly HistoryType[]>;

/** Every type, as an operator reads a player's history. */
const OPERATOR_HISTORY_TYPES = [...HISTORY_LISTS.history, 'REJECT_DEPOSIT'] as const satisfies readonly HistoryType[];

export type HistoryList = keyof typeof HISTORY_LISTS;

/**
 * One page of a player's list, newest first, for a session whose token is verified but whose
 * revocation is checked here, with the page, in one statement; undefined when
 * the session is not active.
 */
export function listHistoryForSession(
  db: Queryable,
  session: { sessionId: string; playerId: number },
  list: HistoryList,
  page: PageQuery,
) {
  return historyRepository.playerPageForSession(db, session, {
    types: HISTORY_LISTS[list],
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
}

/** One page of a player's history for an operator, with optional type and status filters. */
export function listPlayerHistoryForOperator(
  db: Queryable,
  playerId: number,
  query: {
    type?: HistoryType;
    status?: HistoryStatus;
    sort: 'oldest' | 'newest';
    page: number;
    limit: number;
  },
) {
  return historyRepository.page(db, {
    playerId,
    types: query.type ? [query.type] : OPERATOR_HISTORY_TYPES,
    ...(query.status ? { status: query.status } : {}),
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
}

/** An operator queue: entries of one type, filtered by status, player and search text. */
export function queueOfType(
  db: Queryable,
  type: HistoryType,
  query: {
    status: HistoryStatus;
    playerId?: number | undefined;
    q?: string | undefined;
    sort: 'oldest' | 'newest' | 'risk';
    page: number;
    limit: number;
  },
) {
  return historyRepository.page(db, {
    types: [type],
    status: query.status,
    ...(query.playerId !== undefined ? { playerId: query.playerId } : {}),
    ...(query.q?.trim() ? { playerIdsIn: playerIdsMatching(db, query.q) } : {}),
    sort: query.sort,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
}

export const recordHistory = historyRepository.insert;
export const lockHistoryEntry = historyRepository.lock;
export const findHistoryEntry = historyRepository.find;
export const hasApprovedDeposit = historyRepository.hasApprovedDeposit;
export const setSettlementJournal = historyRepository.setSettlementJournal;
/**
 * Decides a WAITING entry (the status, who, why, the settlement) and tells the
 * player: a withdrawal approved or rejected with the reason, a slip
 * deposit rejected with the reason. A credited deposit is told where it is
 * credited (deposits/deposit-credit.ts), a paid withdrawal where it is paid.
 */
export async function decideHistoryEntry(
  trx: Trx,
  id: number,
  decision: Parameters<typeof historyRepository.decide>[2],
): Promise<void> {
  const decided = await historyRepository.decide(trx, id, decision);
  if (!decided) return;
  const amount = satangToBaht(decided.amount);
  if (decided.type === 'WITHDRAW' && decision.status === 'APPROVED') {
    await notify(trx, decided.playerId, 'WITHDRAW_APPROVED', { amount });
  } else if (decided.type === 'WITHDRAW' && decision.status === 'REJECTED') {
    await notify(trx, decided.playerId, 'WITHDRAW_REJECTED', { amount, reason: decision.reason });
  } else if (decided.type === 'DEPOSIT' && decision.status === 'REJECTED') {
    await notify(trx, decided.playerId, 'DEPOSIT_REJECTED', { amount, reason: decision.reason });
  }
}

/** An entry the caller has just written or decided in its transaction: reading it back cannot miss. */
export async function requireHistoryEntry(db: Queryable, id: number): Promise<HistoryDetailRow> {
  const entry = await historyRepository.find(db, id);
  assert(entry !== undefined, `history entry ${id} exists`);
  return entry;
}

export const historyTotals = historyRepository.totals;
