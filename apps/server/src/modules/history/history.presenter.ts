import type { AdminHistoryEntry } from '@app/contracts/admin';
import type { HistoryEntry } from '@app/contracts/history';
import { satangToBaht } from '@app/contracts/money';
import type { HistoryDetailRow, HistoryRow } from './history.repository.ts';

/**
 * A history row as the API answers it: amounts in baht, the time as ISO 8601,
 * and an operator's reason only where the entry was rejected (the player is
 * told why; an approval's note stays with operators).
 */
export function presentHistoryEntry(row: HistoryRow): HistoryEntry {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    type: row.type,
    status: row.status,
    amount: satangToBaht(row.amount),
    beforeAmount: satangToBaht(row.beforeAmount),
    afterAmount: satangToBaht(row.afterAmount),
    reason: row.status === 'REJECTED' ? row.reason : null,
    bankReference: row.bankReference,
  };
}

/** A history row as operators see it: with who decided, when and why. */
export function presentAdminHistoryEntry(row: HistoryDetailRow): AdminHistoryEntry {
  return {
    ...presentHistoryEntry(row),
    source: row.source,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
    note: row.note,
    asDeposit: row.asDeposit,
  };
}
