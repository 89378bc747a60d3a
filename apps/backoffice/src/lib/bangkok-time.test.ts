import { describe, expect, it } from 'vitest';
import { bangkokLocalToIso, isoToBangkokLocal } from '@/lib/bangkok-time';

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
