import { describe, expect, it } from 'vitest';
import { formatAge } from '@/lib/format';
import { i18n } from '@/lib/i18n';

describe('formatAge: how long an item has waited, in the operator’s language', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const ago = (minutes: number) => new Date(now - minutes * 60_000).toISOString();

  it('English: minutes, hours and minutes, days', () => {
    expect([formatAge(ago(5), now), formatAge(ago(130), now), formatAge(ago(3 * 24 * 60 + 5), now)]).toEqual([
      '5 min',
      '2 h 10 min',
      '3 d',
    ]);
  });

  it('Thai: the units in Thai, never "min"', async () => {
    await i18n.changeLanguage('th');
    expect([formatAge(ago(5), now), formatAge(ago(130), now), formatAge(ago(3 * 24 * 60 + 5), now)]).toEqual([
      '5 นาที',
      '2 ชม. 10 นาที',
      '3 วัน',
    ]);
  });
});
