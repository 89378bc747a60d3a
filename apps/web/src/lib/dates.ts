import { currentLanguage, HTML_LANG } from '@/lib/i18n';

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit' };
/** Bangkok time, whatever the device's zone: the player's limits and breaks run on Bangkok days (issue 22). */
const BANGKOK_DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE_TIME, timeZone: 'Asia/Bangkok' };

const formats = new Map<string, Intl.DateTimeFormat>();

/** A moment in a locale with the given fields, its formatter made once; an unreadable moment is shown as given. */
function formatMoment(iso: string, locale: string, kind: string, options: Intl.DateTimeFormatOptions): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = `${kind} ${locale}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format.format(date);
}

/** The same fields in the interface language's locale (the history modal). */
export function formatDateTime(iso: string, locale: string): string {
  return formatMoment(iso, locale, 'date-time', DATE_TIME);
}

/** The interface language's locale for dates (th-TH numbers and the Buddhist year only in Thai). */
export function interfaceLocale(): string {
  return HTML_LANG[currentLanguage()];
}

/** A day (no time) in the interface language: when points expire, when a promotion ends. */
export function formatDate(iso: string, locale = interfaceLocale()): string {
  return formatMoment(iso, locale, 'date', DATE);
}

/** A moment in Bangkok time (limits, breaks, notifications): the server's messages name the same clock. */
export function formatBangkokDateTime(iso: string, locale = interfaceLocale()): string {
  return formatMoment(iso, locale, 'bangkok', BANGKOK_DATE_TIME);
}
