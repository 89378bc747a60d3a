import type { PageQuery } from '@app/contracts/common';
import type { HistoryType } from '@app/contracts/history';
import type { Db } from '../../db/database.ts';
import { historyRepository } from './history.repository.ts';

/** Which history types each list shows. A rejected deposit or withdrawal stays in its own list. */
export const HISTORY_LISTS = {
  history: ['DEPOSIT', 'MANUAL_DEPOSIT', 'WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_DEPOSIT', 'REJECT_WITHDRAW'],
  deposit: ['DEPOSIT', 'MANUAL_DEPOSIT', 'REJECT_DEPOSIT'],
  withdraw: ['WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_WITHDRAW'],
} as const satisfies Record<string, readonly HistoryType[]>;

export type HistoryList = keyof typeof HISTORY_LISTS;

/** One page of a player's history, newest first. */
export function listHistory(db: Db, playerId: number, list: HistoryList, page: PageQuery) {
  return historyRepository.page(db, {
    playerId,
    types: HISTORY_LISTS[list],
    limit: page.limit,
    offset: (page.page - 1) * page.limit,
  });
}

export const recordHistory = historyRepository.insert;
