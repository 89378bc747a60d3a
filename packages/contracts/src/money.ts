/**
 * Money is integer satang (1/100 baht) everywhere inside the product. The API
 * keeps the spec's shapes (amounts as numbers of baht); these two functions are
 * the only place where the unit changes.
 */
export const SATANG_PER_BAHT = 100;
const SUB_SATANG_TOLERANCE = 1e-3;

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

/**
 * Baht from a request to satang. Accepts at most two decimals; anything else
 * (NaN, infinities, fractions of a satang, unsafe magnitudes) returns undefined
 * so that the caller can answer with a clear 400.
 */
export function bahtToSatang(amountBaht: number): number | undefined {
  if (!Number.isFinite(amountBaht)) return undefined;
  const satang = Math.round(amountBaht * SATANG_PER_BAHT);
  if (!Number.isSafeInteger(satang)) return undefined;
  // Reject 10.005 and 10000.005: the round trip must be exact to the satang. The
  // tolerance is absolute (a thousandth of a satang), far above binary rounding
  // error for any amount below 2^53 / 10^6 and far below a third decimal.
  if (Math.abs(satang - amountBaht * SATANG_PER_BAHT) > SUB_SATANG_TOLERANCE) return undefined;
  return satang;
}

const bahtFormat = new Intl.NumberFormat('th-TH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pointFormat = new Intl.NumberFormat('th-TH', { maximumFractionDigits: 0 });

/** "1,234.50" in Thai locale with 2 decimals (spec §1). */
export function formatBaht(amountBaht: number): string {
  return bahtFormat.format(amountBaht);
}

/** "฿1,234.50": the balance as the wallet panel shows it. */
export function formatBahtWithSymbol(amountBaht: number): string {
  return `฿${formatBaht(amountBaht)}`;
}

/** Reward points in Thai locale with 0 decimals (spec §1). */
export function formatPoints(points: number): string {
  return pointFormat.format(points);
}
