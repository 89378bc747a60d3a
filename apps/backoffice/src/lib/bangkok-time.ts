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
