import { formatDate as formatDateIn, formatDateTime as formatDateTimeIn } from '@app/contracts/dates';
import type { Language } from '@app/contracts/languages';
import { currentLanguage } from '@/lib/i18n';

/**
 * The app's one way of writing a moment: Bangkok time on every screen (the
 * history, /transactions, notifications, limits and breaks alike), whatever
 * the phone's zone, in the interface language's one format (contracts/dates).
 */
export function formatDateTime(iso: string, language: Language = currentLanguage()): string {
  return formatDateTimeIn(iso, language);
}

/** The Bangkok day of a moment in the interface language: when points expire, when a promotion ends. */
export function formatDate(iso: string, language: Language = currentLanguage()): string {
  return formatDateIn(iso, language);
}
