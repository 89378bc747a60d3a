import type { HistoryStatus } from '@app/contracts/history';
import type { HistoryListEntry } from '@/features/history/api/get-history';

/** Spec §4: WAITING, APPROVED and REJECTED as they are; anything else is shown as waiting. */
export function displayStatus(status: string): HistoryStatus {
  return status === 'APPROVED' || status === 'REJECTED' ? status : 'WAITING';
}

/** What a row's badge says: a status of spec §4, or REFUNDED for the money a rejected withdrawal gave back. */
export type BadgeStatus = HistoryStatus | 'REFUNDED';

/**
 * The badge of a history row. A rejected withdrawal is two rows: the
 * withdrawal itself, REJECTED with the operator's reason, and the
 * REJECT_WITHDRAW record of the money coming back, which the server files as
 * APPROVED (its move went through). Read as "approved" beside "withdrawal
 * rejected", that row would say two opposite things, so its badge says
 * what it is: a refund. Every other row shows its status as spec §4 does.
 */
export function badgeStatus(entry: Pick<HistoryListEntry, 'type' | 'status'>): BadgeStatus {
  if (entry.type === 'REJECT_WITHDRAW') return 'REFUNDED';
  return displayStatus(entry.status);
}

/**
 * Spec §4, the modal's table: plus when the balance went up (afterAmount
 * exceeds beforeAmount), otherwise minus; except a rejected entry that moved
 * nothing (a rejected deposit: nothing was credited), which has no sign, so
 * that it never reads as money taken or given.
 */
export function amountSign(entry: Pick<HistoryListEntry, 'beforeAmount' | 'afterAmount' | 'status'>): '+' | '-' | '' {
  if (entry.afterAmount > entry.beforeAmount) return '+';
  if (movedNothing(entry)) return '';
  return '-';
}

/** A rejected entry whose balance stayed where it was (a rejected deposit). */
export function movedNothing(entry: Pick<HistoryListEntry, 'beforeAmount' | 'afterAmount' | 'status'>): boolean {
  return displayStatus(entry.status) === 'REJECTED' && entry.afterAmount === entry.beforeAmount;
}

/** The class modifier of an amount: plus in green, minus in red, nothing moved in grey. */
export const SIGN_LOOKS = { '+': 'plus', '-': 'minus', '': 'none' } as const;
