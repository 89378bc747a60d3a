import type { HistoryStatus } from '@app/contracts/history';
import type { HistoryListEntry } from '@/features/history/api/get-history';

/** Spec §4: WAITING, APPROVED and REJECTED as they are; anything else is shown as waiting. */
export function displayStatus(status: string): HistoryStatus {
  return status === 'APPROVED' || status === 'REJECTED' ? status : 'WAITING';
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
