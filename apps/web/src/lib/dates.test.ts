import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '@/lib/dates';

/** 18:16 UTC on 26 Nov 2026: 01:16 on 27 Nov in Bangkok, 13:16 on 26 Nov in New York. */
const WITHDRAWAL_AT = '2026-11-26T18:16:00.000Z';

describe('one zone for every moment shown: Asia/Bangkok, whatever the device’s zone', () => {
  // vite.config.ts runs the unit tests in New York's zone: a formatter that took the device's zone would write 13:16 on 26 Nov.
  it('the device really is in another zone for these tests', () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    expect(new Date(WITHDRAWAL_AT).getHours()).toBe(13);
  });

  it('writes the Bangkok time and day in English, with the Gregorian year', () => {
    expect(formatDateTime(WITHDRAWAL_AT, 'en')).toBe('27 Nov 2026, 01:16');
    expect(formatDate(WITHDRAWAL_AT, 'en')).toBe('27 Nov 2026');
  });

  it('writes the Bangkok time and day in Thai, with the Buddhist-era year and a short Thai month', () => {
    expect(formatDateTime(WITHDRAWAL_AT, 'th')).toBe('27 พ.ย. 2569 01:16');
    expect(formatDate(WITHDRAWAL_AT, 'th')).toBe('27 พ.ย. 2569');
  });

  it('no language but Thai shows a Buddhist-era year', () => {
    for (const language of ['en', 'cn', 'ls', 'ko'] as const) {
      expect(formatDateTime(WITHDRAWAL_AT, language), language).toContain('2026');
      expect(formatDateTime(WITHDRAWAL_AT, language), language).not.toContain('2569');
    }
  });

  it('an unreadable moment is shown as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
