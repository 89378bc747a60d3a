import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectInitialLanguage, i18n, setLanguage } from '@/lib/i18n';

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

describe('§1 initial language: stored preference, then browser language, then en', () => {
  afterEach(() => localStorage.clear());

  it('uses the language stored under "language" first', () => {
    localStorage.setItem('language', 'mm');
    browserLanguages(['th-TH']);
    expect(detectInitialLanguage()).toBe('mm');
  });

  it('ignores a stored value that is not one of the six languages', () => {
    localStorage.setItem('language', 'fr');
    browserLanguages(['ko-KR']);
    expect(detectInitialLanguage()).toBe('ko');
  });

  it.each([
    ['th-TH', 'th'],
    ['zh-CN', 'cn'],
    ['lo-LA', 'ls'],
    ['my-MM', 'mm'],
    ['ko', 'ko'],
    ['en-GB', 'en'],
  ])('maps the browser language %s to %s', (tag, language) => {
    browserLanguages([tag]);
    expect(detectInitialLanguage()).toBe(language);
  });

  it('takes the first supported browser language', () => {
    browserLanguages(['fr-FR', 'de', 'lo']);
    expect(detectInitialLanguage()).toBe('ls');
  });

  it('falls back to en when nothing matches', () => {
    browserLanguages(['fr-FR', 'de-DE']);
    expect(detectInitialLanguage()).toBe('en');
  });
});

describe('§1 language picker stores the choice locally', () => {
  it('setLanguage switches the interface and writes localStorage "language"', async () => {
    await setLanguage('th');
    expect(i18n.language).toBe('th');
    expect(localStorage.getItem('language')).toBe('th');
    expect(i18n.t('login.contactAdmin')).toBe('กรุณาติดต่อแอดมิน');
    expect(document.documentElement.lang).toBe('th');
  });

  it("the installable app's manifest follows the language at once (Thai for Thai, English otherwise)", async () => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/manifest.en.webmanifest';
    document.head.append(link);
    try {
      await setLanguage('th');
      expect(link.getAttribute('href')).toBe('/manifest.th.webmanifest');
      await setLanguage('ko');
      expect(link.getAttribute('href')).toBe('/manifest.en.webmanifest');
    } finally {
      link.remove();
    }
  });

  it('§1 fallback is en', () => {
    expect(i18n.options.fallbackLng).toEqual(['en']);
  });
});
