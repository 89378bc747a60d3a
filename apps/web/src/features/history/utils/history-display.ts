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

/** Spec §2, the transactions page: Thai locale with year, short month, day, hour and minute. */
const thaiDateTime = new Intl.DateTimeFormat('th-TH', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export function formatThaiDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : thaiDateTime.format(date);
}

export { formatDateTime } from '@/lib/dates';
