import { formatBahtWithSymbol } from '@app/contracts/money';
import { replaceIsoTimes } from '@/lib/bangkok-time';
import { currentLanguage, i18n } from '@/lib/i18n';

/** Money as the whole product shows it: th-TH grouping, two decimals, ฿. */
export function formatMoney(amountBaht: number): string {
  return formatBahtWithSymbol(amountBaht);
}

const DATE_LOCALE = { th: 'th-TH', en: 'en-GB' } as const;

/** A moment in Bangkok time (where the operation runs), in the operator's language. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(DATE_LOCALE[currentLanguage()], {
    timeZone: 'Asia/Bangkok',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

/**
 * A text from the server with every ISO 8601 time in it shown as
 * `formatDateTime` shows times: a message saying "decided … at
 * 2026-11-22T07:05:00Z" reads on Bangkok's clock like the rest of the screen.
 */
export function withBangkokTimes(text: string): string {
  return replaceIsoTimes(text, formatDateTime);
}

/** How long ago, roughly, in the operator's language: "5 min", "2 h 10 min", "3 d" ("5 นาที" in Thai). For the age of a waiting item. */
export function formatAge(iso: string, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 60) return i18n.t('common.ageMinutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return i18n.t('common.ageHours', { hours, minutes: minutes % 60 });
  return i18n.t('common.ageDays', { days: Math.floor(hours / 24) });
}
