import type { Language } from './languages.ts';

/**
 * Every moment the product shows a player is Bangkok time, whatever the zone of
 * the phone or the server: limits, breaks and days are Bangkok days, and one
 * withdrawal must read the same in the history, on /transactions and in its
 * notification.
 */
export const APP_TIME_ZONE = 'Asia/Bangkok';

/**
 * The locale each interface language writes dates in. Thai reads the Buddhist
 * era (2569) with Thai month names, as Thai banks and the spec's "Thai locale"
 * do; every other language the Gregorian year, so an English screen never
 * shows a Buddhist-era year. English is British English: day before month and
 * a 24-hour clock, as Thailand writes them.
 */
const DATE_LOCALES: Record<Language, string> = {
  en: 'en-GB-u-ca-gregory',
  th: 'th-TH-u-ca-buddhist',
  cn: 'zh-CN-u-ca-gregory',
  ls: 'lo-LA-u-ca-gregory',
  mm: 'my-MM-u-ca-gregory',
  ko: 'ko-KR-u-ca-gregory',
};

const DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric', timeZone: APP_TIME_ZONE };
const DATE_TIME: Intl.DateTimeFormatOptions = { ...DATE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(language: Language, kind: 'date' | 'date-time'): Intl.DateTimeFormat {
  const key = `${kind} ${language}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(DATE_LOCALES[language], kind === 'date' ? DATE : DATE_TIME);
    formats.set(key, format);
  }
  return format;
}

function toDate(at: string | Date): Date | null {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * "26 Nov 2026, 14:05" / "26 พ.ย. 2569 14:05": a moment in Bangkok time with a
 * short month, in the language's one format. An unreadable moment is shown as given.
 */
export function formatDateTime(at: string | Date, language: Language): string {
  const date = toDate(at);
  return date ? formatter(language, 'date-time').format(date) : String(at);
}

/** "26 Nov 2026" / "26 พ.ย. 2569": the Bangkok day of a moment (when points expire, when a promotion ends). */
export function formatDate(at: string | Date, language: Language): string {
  const date = toDate(at);
  return date ? formatter(language, 'date').format(date) : String(at);
}
