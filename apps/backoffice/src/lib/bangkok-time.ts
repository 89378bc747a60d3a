/**
 * Times the operator types are Bangkok times, whatever the computer's own
 * zone: the operation runs on Bangkok's clock, and Thailand keeps +07:00 all
 * year (no daylight saving), so a fixed offset is exact.
 */
const BANGKOK_OFFSET = '+07:00';
const BANGKOK_OFFSET_MS = 7 * 3600_000;
const LOCAL_VALUE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;

/** A `datetime-local` value ("2026-11-22T14:05"), read as Bangkok time, as ISO 8601 with its offset; '' when it is none. */
export function bangkokLocalToIso(local: string): string {
  if (!LOCAL_VALUE.test(local)) return '';
  return `${local.length === 16 ? `${local}:00` : local}${BANGKOK_OFFSET}`;
}

/** An ISO 8601 time as a `datetime-local` value on Bangkok's clock; '' when it is no time. */
export function isoToBangkokLocal(iso: string): string {
  const ms = Date.parse(iso);
  if (!iso || Number.isNaN(ms)) return '';
  return new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 16);
}

/**
 * An ISO 8601 time with a date, a time of day and a zone ("Z" or an offset):
 * what the server writes into audit rows and messages.
 */
const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})/g;

/** Whether a whole text is one ISO 8601 time with its zone. */
export function isIsoTime(text: string): boolean {
  return new RegExp(`^${ISO_TIME.source}$`).test(text) && !Number.isNaN(Date.parse(text));
}

/**
 * The same moment as ISO 8601 on Bangkok's clock ("2026-11-22T07:05:00Z"
 * becomes "2026-11-22T14:05:00.000+07:00"): still exact, for raw records.
 */
export function isoToBangkokIso(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms + BANGKOK_OFFSET_MS).toISOString().slice(0, 23)}${BANGKOK_OFFSET}`;
}

/** Every ISO 8601 time inside a text, written by `format` (a server message names "… at 2026-11-22T07:05:00Z"). */
export function replaceIsoTimes(text: string, format: (iso: string) => string): string {
  return text.replace(ISO_TIME, (iso) => (Number.isNaN(Date.parse(iso)) ? iso : format(iso)));
}
