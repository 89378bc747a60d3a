import { describe, expect, it } from 'vitest';
import { gameAddress } from '@/features/games/utils/game-url';

const noRewrite = { from: '', to: '' };

describe('§7 launch address', () => {
  it.each([
    ['en', 'EN-US'],
    ['th', 'TH-TH'],
    ['cn', 'ZH-CN'],
    ['ls', 'LO-LA'],
    ['mm', 'MY-MM'],
    ['ko', 'KO-KR'],
  ])('the lang parameter for %s is %s', (language, lang) => {
    expect(
      new URL(gameAddress('https://games.example/play?session=abc', language, noRewrite)).searchParams.get('lang'),
    ).toBe(lang);
  });

  it('an existing lang parameter is replaced, not repeated; other parameters stay', () => {
    const address = gameAddress('https://games.example/play?lang=EN-US&session=abc', 'th', noRewrite);
    const url = new URL(address);
    expect(url.searchParams.getAll('lang')).toEqual(['TH-TH']);
    expect(url.searchParams.get('session')).toBe('abc');
  });

  it('a missing lang parameter is appended', () => {
    expect(gameAddress('https://games.example/play?session=abc', 'ko', noRewrite)).toBe(
      'https://games.example/play?session=abc&lang=KO-KR',
    );
  });

  it('an unknown language defaults to EN-US', () => {
    expect(new URL(gameAddress('https://games.example/play', 'xx', noRewrite)).searchParams.get('lang')).toBe('EN-US');
  });

  it('the configured host fragment is rewritten to the other; other hosts are left alone', () => {
    const rewrite = { from: 'old-games.example', to: 'games.example.co.th' };
    expect(gameAddress('https://play.old-games.example/x?a=1', 'en', rewrite)).toBe(
      'https://play.games.example.co.th/x?a=1&lang=EN-US',
    );
    expect(gameAddress('https://other.example/x', 'en', rewrite)).toBe('https://other.example/x?lang=EN-US');
  });

  it('nothing is rewritten when the setting is empty (the default)', () => {
    expect(gameAddress('https://old-games.example/x', 'en', noRewrite)).toBe('https://old-games.example/x?lang=EN-US');
  });

  it('an address that does not parse is left as it came', () => {
    expect(gameAddress('not a url', 'th', noRewrite)).toBe('not a url');
  });
});
