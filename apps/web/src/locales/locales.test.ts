import { LANGUAGES } from '@app/contracts/languages';
import { describe, expect, it } from 'vitest';
import cn from '@/locales/cn';
import en from '@/locales/en';
import ko from '@/locales/ko';
import ls from '@/locales/ls';
import mm from '@/locales/mm';
import th from '@/locales/th';

const locales = { en, th, cn, ls, mm, ko };

function flatten(resource: object, prefix = ''): Record<string, unknown> {
  return Object.entries(resource).reduce<Record<string, unknown>>((all, [key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object') Object.assign(all, flatten(value, path));
    else all[path] = value;
    return all;
  }, {});
}

const englishKeys = Object.keys(flatten(en)).sort();

describe('§1 languages: every UI string exists in en, th, cn, ls, mm and ko', () => {
  it('covers exactly the six languages of the spec', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(Object.entries(locales))('%s has every key of en, no extra key, and no empty string', (_name, resource) => {
    const flat = flatten(resource);
    expect(Object.keys(flat).sort()).toEqual(englishKeys);
    for (const [key, value] of Object.entries(flat)) {
      expect(typeof value, key).toBe('string');
      expect(String(value).trim(), key).not.toBe('');
    }
  });

  it.each(Object.entries(locales).filter(([name]) => name !== 'en'))(
    '%s is translated (not a copy of the English text)',
    (_name, resource) => {
      const flat = flatten(resource);
      const english = flatten(en);
      const copied = englishKeys.filter((key) => flat[key] === english[key] && !/^[0X]+$/.test(String(flat[key])));
      // Brand-free, script-free strings such as the phone pattern may stay the same; nothing else should.
      expect(copied).toEqual([]);
    },
  );
});

describe('§2 and §8 Thai strings are the spec words verbatim', () => {
  it.each([
    ['login.contactAdmin', 'กรุณาติดต่อแอดมิน'],
    ['login.failed', 'เข้าสู่ระบบล้มเหลว'],
    ['login.failedRetry', 'เข้าสู่ระบบล้มเหลว. กรุณาลองใหม่อีกครั้ง'],
    ['pages.transactionsTitle', 'ประวัติธุรกรรม'],
    ['pages.transactionsSubtitle', 'รายการฝากและถอนทั้งหมด'],
    ['transactions.balanceBefore', 'ก่อน'],
    ['transactions.balanceAfter', 'หลัง'],
    ['transactions.pageOf', 'หน้า {{page}} จาก {{pages}}'],
    ['transactions.emptyTitle', 'ไม่พบรายการธุรกรรม'],
    ['transactions.emptyBody', 'ไม่มีประวัติการฝากหรือถอนเงิน'],
    ['transactions.errorTitle', 'ข้อผิดพลาด'],
  ])('th %s is "%s"', (key, text) => {
    expect(flatten(th)[key]).toBe(text);
  });

  it.each([
    ['login.failed', 'Login failed'],
    ['login.success', 'Login successful'],
    ['register.success', 'Register successful'],
    ['register.failed', 'Registration failed'],
    ['register.registerFailed', 'Register failed'],
    ['wallet.copyFailed', 'Failed to copy text'],
    ['password.failed', 'Change password failed'],
    ['password.success', 'Change password successful'],
  ])('en %s is the spec text "%s"', (key, text) => {
    expect(flatten(en)[key]).toBe(text);
  });
});
