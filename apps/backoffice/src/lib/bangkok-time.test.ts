import { describe, expect, it } from 'vitest';
import { bangkokLocalToIso, isIsoTime, isoToBangkokIso, isoToBangkokLocal, replaceIsoTimes } from '@/lib/bangkok-time';

describe('deliverable 9: dates in Asia/Bangkok time: times typed by the operator are Bangkok times', () => {
  it('a datetime-local value becomes ISO 8601 with +07:00, and back', () => {
    expect(bangkokLocalToIso('2026-11-22T00:30')).toBe('2026-11-22T00:30:00+07:00');
    expect(bangkokLocalToIso('2026-11-22T00:30:15')).toBe('2026-11-22T00:30:15+07:00');
    expect(isoToBangkokLocal('2026-11-22T00:30:00+07:00')).toBe('2026-11-22T00:30');
    // The same moment written in UTC is the previous evening in UTC but past midnight in Bangkok.
    expect(isoToBangkokLocal('2026-11-21T17:30:00Z')).toBe('2026-11-22T00:30');
  });

  it('anything else is no time', () => {
    expect(bangkokLocalToIso('')).toBe('');
    expect(bangkokLocalToIso('yesterday')).toBe('');
    expect(isoToBangkokLocal('')).toBe('');
    expect(isoToBangkokLocal('not a time')).toBe('');
  });
});

describe('times the server writes in UTC show on Bangkok’s clock', () => {
  it('an ISO 8601 time becomes the same moment with +07:00', () => {
    expect(isoToBangkokIso('2026-11-21T17:30:00Z')).toBe('2026-11-22T00:30:00.000+07:00');
    expect(isoToBangkokIso('2026-11-22T00:30:00.123+07:00')).toBe('2026-11-22T00:30:00.123+07:00');
    expect(Date.parse(isoToBangkokIso('2026-11-21T17:30:00.5Z'))).toBe(Date.parse('2026-11-21T17:30:00.5Z'));
  });

  it('a whole value is a time only with a date, a time of day and a zone', () => {
    expect(isIsoTime('2026-11-21T17:30:00.000Z')).toBe(true);
    expect(isIsoTime('2026-11-21T17:30+07:00')).toBe(true);
    for (const text of ['2026-11-21', '2026-11-21T17:30:00', 'at 2026-11-21T17:30:00Z', '2026-13-45T99:99:00Z', '']) {
      expect(isIsoTime(text), text).toBe(false);
    }
  });

  it('every time inside a text is rewritten, the rest kept', () => {
    const text = 'Already decided by demo-admin at 2026-11-21T17:30:00.000Z, again at 2026-11-21T18:00:00Z.';
    expect(replaceIsoTimes(text, (iso) => `[${isoToBangkokLocal(iso)}]`)).toBe(
      'Already decided by demo-admin at [2026-11-22T00:30], again at [2026-11-22T01:00].',
    );
    expect(replaceIsoTimes('no time here', () => 'x')).toBe('no time here');
  });
});
