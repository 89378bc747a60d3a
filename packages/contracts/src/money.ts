/**
 * Money is integer satang (1/100 baht) everywhere inside the product. The API
 * keeps the spec's shapes (amounts as numbers of baht); these two functions are
 * the only place where the unit changes.
 */
export const SATANG_PER_BAHT = 100;

export function assertSatang(amountSatang: number): void {
  if (!Number.isSafeInteger(amountSatang)) {
    throw new RangeError(`amount must be a safe integer of satang, got ${amountSatang}`);
  }
}

/** Satang to baht for an API answer. Exact for every safe integer of satang. */
export function satangToBaht(amountSatang: number): number {
  assertSatang(amountSatang);
  return amountSatang / SATANG_PER_BAHT;
}

/** Above this many baht, the satang of an amount are no longer a safe integer. */
const BAHT_MAGNITUDE_MAX = Number.MAX_SAFE_INTEGER / SATANG_PER_BAHT;

/**
 * Baht from a request to satang. Accepts at most two decimals; anything else
 * (NaN, infinities, a third decimal at any size, unsafe magnitudes) returns
 * undefined so that the caller can answer with a clear 400.
 *
 * The amount is accepted only when it is exactly the number that its own
 * two-decimal text reads as: 100.1 is "100.10", read back as 100.1; 4999.995
 * and 123456.785 are not any two-decimal number, so they are refused, never
 * rounded. No tolerance is involved, so the rule is the same at every size.
 * (A text with more digits than a double holds, such as 5000.0000000000001,
 * is the number 5000 by the time JSON is parsed: it cannot be told apart
 * here. The server refuses such a text before it is parsed, from the body's
 * own characters: apps/server/src/http/json-numbers.ts.)
 */
export function bahtToSatang(amountBaht: number): number | undefined {
  if (!Number.isFinite(amountBaht) || Math.abs(amountBaht) > BAHT_MAGNITUDE_MAX) return undefined;
  const twoDecimals = amountBaht.toFixed(2);
  if (Number(twoDecimals) !== amountBaht) return undefined;
  const satang = Number(twoDecimals.replace('.', ''));
  return Number.isSafeInteger(satang) ? satang : undefined;
}

/**
 * The formatters are made on first use, not when this module loads: a page's first number formatter loads
 * the browser's number data (tens of milliseconds on a phone), which is the cost of the first amount drawn,
 * not of every module that imports this one (the login screen draws none).
 */
let bahtFormat: Intl.NumberFormat | undefined;
let pointFormat: Intl.NumberFormat | undefined;

/** "1,234.50" in Thai locale with 2 decimals (spec §1). */
export function formatBaht(amountBaht: number): string {
  bahtFormat ??= new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return bahtFormat.format(amountBaht);
}

/**
 * "฿1,234.50": the balance as the wallet panel shows it. A negative amount
 * puts its sign before the symbol ("-฿1,070.00", a loss), as money is
 * written; never "฿-1,070.00".
 */
export function formatBahtWithSymbol(amountBaht: number): string {
  const sign = amountBaht < 0 ? '-' : '';
  return `${sign}฿${formatBaht(Math.abs(amountBaht))}`;
}

/** Reward points in Thai locale with 0 decimals (spec §1). */
export function formatPoints(points: number): string {
  pointFormat ??= new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });
  return pointFormat.format(points);
}
