import { describe, expect, it, onTestFinished, vi } from 'vitest';

/**
 * The money module is imported inside each test, not at the top of the file:
 * a test can then load it afresh (vi.resetModules) and see what loading it does.
 */
const money = () => import('../src/money.ts');

describe('money units: integer satang inside, baht at the boundary', () => {
  it('the number formatters are made on first use: loading the module makes none (a page that shows no amount pays nothing)', async () => {
    vi.resetModules();
    const NumberFormat = Intl.NumberFormat;
    const made = vi.fn();
    const spy = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function numberFormat(
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      made();
      return new NumberFormat(...args);
    } as unknown as typeof NumberFormat);
    onTestFinished(() => spy.mockRestore());
    const { formatBaht, formatPoints } = await money();
    expect(made).not.toHaveBeenCalled();
    expect(formatBaht(1234.5)).toBe('1,234.50');
    expect(formatPoints(1500)).toBe('1,500');
    expect(formatBaht(2)).toBe('2.00');
    expect(made).toHaveBeenCalledTimes(2);
  });

  it('satangToBaht refuses a non-integer amount of satang and says which', async () => {
    const { satangToBaht } = await money();
    expect(() => satangToBaht(1.5)).toThrow(new RangeError('amount must be a safe integer of satang, got 1.5'));
    expect(() => satangToBaht(Number.MAX_SAFE_INTEGER + 1)).toThrow(RangeError);
    expect(satangToBaht(-250)).toBe(-2.5);
  });

  it('bahtToSatang has no tolerance: a third decimal is refused however small it is and however large the amount', async () => {
    const { bahtToSatang } = await money();
    expect(bahtToSatang(0.00001)).toBeUndefined();
    expect(bahtToSatang(-0.00001)).toBeUndefined();
    expect(bahtToSatang(0.000011)).toBeUndefined();
    // A third decimal at every size from one baht to the largest request amount.
    for (let baht = 1; baht <= 10_000_000; baht *= 10) {
      expect(bahtToSatang(baht + 0.005)).toBeUndefined();
      expect(bahtToSatang(baht + 0.001)).toBeUndefined();
      expect(bahtToSatang(baht + 0.999)).toBeUndefined();
      expect(bahtToSatang(baht + 0.99)).toBe(baht * 100 + 99);
    }
    expect(bahtToSatang(-0)).toBe(0);
  });

  it('bahtToSatang refuses an amount whose satang are beyond a safe integer, even when it has no fraction', async () => {
    const { bahtToSatang } = await money();
    // 10^20 baht is a whole number, and 10^22 satang round-trips exactly in a double: only the safe-integer rule refuses it.
    expect(bahtToSatang(1e20)).toBeUndefined();
    expect(bahtToSatang(-1e20)).toBeUndefined();
    // The largest amount that is still a safe integer of satang is accepted.
    expect(bahtToSatang(90_071_992_547_409.91)).toBe(9_007_199_254_740_991);
  });

  it('bahtToSatang refuses what is not a finite amount', async () => {
    const { bahtToSatang } = await money();
    for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(bahtToSatang(amount)).toBeUndefined();
    }
  });

  it('amounts are formatted in Thai locale: 2 decimals for baht, none for points, grouped by thousands', async () => {
    const { formatBaht, formatBahtWithSymbol, formatPoints } = await money();
    expect(formatBaht(1234567.891)).toBe('1,234,567.89');
    expect(formatBaht(-0.5)).toBe('-0.50');
    expect(formatBahtWithSymbol(1234.5)).toBe('฿1,234.50');
    expect(formatPoints(1234567.4)).toBe('1,234,567');
  });

  it('a negative amount of money has its sign before the symbol: -฿1,070.00, never ฿-1,070.00', async () => {
    const { formatBahtWithSymbol } = await money();
    expect(formatBahtWithSymbol(-1070)).toBe('-฿1,070.00');
    expect(formatBahtWithSymbol(-0.5)).toBe('-฿0.50');
    expect(formatBahtWithSymbol(0)).toBe('฿0.00');
    expect(formatBahtWithSymbol(-0)).toBe('฿0.00');
  });
});
