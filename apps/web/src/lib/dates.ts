import { currentLanguage, HTML_LANG } from '@/lib/i18n';

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** The same fields in the interface language's locale (the history modal). */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateTimeFormats.set(locale, format);
  }
  return format.format(date);
}

/** The interface language's locale for dates (th-TH numbers and the Buddhist year only in Thai). */
export function interfaceLocale(): string {
  return HTML_LANG[currentLanguage()];
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A day (no time) in the interface language: when points expire, when a promotion ends. */
export function formatDate(iso: string, locale = interfaceLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}

const bangkokFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment in Bangkok time, whatever the device's zone: the player's limits
 * and breaks run on Bangkok days (issue 22), and the server's messages name
 * the same clock.
 */
export function formatBangkokDateTime(iso: string, locale = interfaceLocale()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let format = bangkokFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'Asia/Bangkok',
    });
    bangkokFormats.set(locale, format);
  }
  return format.format(date);
}
