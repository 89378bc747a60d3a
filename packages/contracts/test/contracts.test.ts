/// <reference types="node" />
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerRequestSchema } from '../src/auth.ts';
import { BANKS, bankNumberProblem, DEFAULT_BANK_CODE, findBank } from '../src/banks.ts';
import { pageQuerySchema } from '../src/common.ts';
import { GAME_LAUNCH_LANG, LANGUAGES, languageFromAcceptLanguage, toAppLanguage } from '../src/languages.ts';
import { MESSAGES, translate } from '../src/messages.ts';
import { bahtToSatang, formatBaht, formatBahtWithSymbol, formatPoints, satangToBaht } from '../src/money.ts';

describe('money (integer satang inside, baht at the boundary)', () => {
  it.each([
    [0.01, 1],
    [1, 100],
    [10.5, 1050],
    [1234.56, 123456],
    [49999.99, 4999999],
    [9999999.99, 999999999],
  ])('bahtToSatang(%s) = %s', (baht, satang) => {
    expect(bahtToSatang(baht)).toBe(satang);
  });

  it.each([
    Number.NaN,
    Number.POSITIVE_INFINITY,
    10.005,
    100.005,
    0.001,
    1e300,
    200.0001,
    4999.995,
    5000.001,
    10000.005,
    49999.999,
    123456.785,
    9999999.999,
    // What JSON.stringify(0.1 + 0.2) sends: seventeen decimals, not 0.30.
    0.1 + 0.2,
  ])('bahtToSatang(%s) is refused: more than 2 decimals, at any size (never rounded)', (baht) => {
    expect(bahtToSatang(baht)).toBeUndefined();
  });

  it('satangToBaht is exact and refuses non-integers', () => {
    expect(satangToBaht(123456)).toBe(1234.56);
    expect(satangToBaht(1)).toBe(0.01);
    expect(() => satangToBaht(1.5)).toThrow(RangeError);
  });

  it('§1 balance in Thai locale with 2 decimals and ฿; points with 0 decimals', () => {
    expect(formatBaht(1234.5)).toBe('1,234.50');
    expect(formatBahtWithSymbol(0)).toBe('฿0.00');
    expect(formatPoints(12345.6)).toBe('12,346');
  });
});

describe('banks (§3 bank list)', () => {
  it('§3 has the 15 banks with their numeric codes, and BAAC (034) beside them', () => {
    expect(BANKS.map((b) => `${b.code} ${b.numericCode}`)).toEqual([
      'KBANK 004',
      'BBL 002',
      'SCB 014',
      'KTB 006',
      'BAY 025',
      'TTB 011',
      'CIMBT 022',
      'UOBT 024',
      'TISCO 067',
      'KKP 069',
      'LHBANK 073',
      'ICBCT 070',
      'SCBT 020',
      'GSB 030',
      'GHB 033',
      'BAAC 034',
    ]);
  });

  it('account numbers are 10 digits, or 12 at GSB, GHB and BAAC; the spec’s message for a wrong length', () => {
    expect(BANKS.filter((bank) => bank.accountDigits === 12).map((bank) => bank.code)).toEqual(['GSB', 'GHB', 'BAAC']);
    expect(bankNumberProblem('KBANK', '1234567890')).toBeUndefined();
    expect(bankNumberProblem('KBANK', '123456789012')).toBe('bank_number_10_digits');
    expect(bankNumberProblem('GSB', '020123456789')).toBeUndefined();
    expect(bankNumberProblem('GSB', '0201234567')).toBe('bank_number_12_digits');
    expect(bankNumberProblem('BAAC', '02012345678x')).toBe('bank_number_invalid');
  });

  it('§3 default bank is KBANK, Kasikorn bank; findBank takes either code', () => {
    expect(DEFAULT_BANK_CODE).toBe('KBANK');
    expect(findBank('KBANK')?.name).toBe('Kasikorn bank');
    expect(findBank('004')?.code).toBe('KBANK');
    expect(findBank('scb')?.code).toBe('SCB');
    expect(findBank('999')).toBeUndefined();
  });
});

describe('languages (§1)', () => {
  it('§1 the six languages are en, th, cn, ls, mm, ko', () => {
    expect(LANGUAGES).toEqual(['en', 'th', 'cn', 'ls', 'mm', 'ko']);
  });

  it('maps browser tags to app codes', () => {
    expect(toAppLanguage('th-TH')).toBe('th');
    expect(toAppLanguage('zh-Hans-CN')).toBe('cn');
    expect(toAppLanguage('lo')).toBe('ls');
    expect(toAppLanguage('my-MM')).toBe('mm');
    expect(toAppLanguage('ko-KR')).toBe('ko');
    expect(toAppLanguage('fr-FR')).toBeUndefined();
  });

  it('picks the best supported language of an Accept-Language header', () => {
    expect(languageFromAcceptLanguage('fr-FR,fr;q=0.9,th;q=0.8,en;q=0.7')).toBe('th');
    expect(languageFromAcceptLanguage('en;q=0.5, ko;q=0.9')).toBe('ko');
    expect(languageFromAcceptLanguage('fr')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });

  it('§7 game launch lang codes', () => {
    expect(GAME_LAUNCH_LANG).toEqual({ en: 'EN-US', th: 'TH-TH', cn: 'ZH-CN', ls: 'LO-LA', mm: 'MY-MM', ko: 'KO-KR' });
  });
});

describe('server messages', () => {
  it('every message exists, non-empty, in all six languages with the same placeholders', () => {
    const keys = Object.keys(MESSAGES.en);
    for (const language of LANGUAGES) {
      expect(Object.keys(MESSAGES[language]).sort(), language).toEqual([...keys].sort());
      for (const key of keys) {
        const text = MESSAGES[language][key as keyof typeof MESSAGES.en];
        expect(text.trim().length, `${language}.${key}`).toBeGreaterThan(0);
        const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${language}.${key}`).toEqual(
          placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]),
        );
      }
    }
  });

  it('fills placeholders', () => {
    expect(translate('too_many_attempts', 'en', { minutes: 7 })).toContain('7 minutes');
    expect(translate('amount_below_minimum', 'th', { min: 100 })).toBe('จำนวนเงินต่ำกว่าขั้นต่ำ 100 บาท');
  });
});

describe('schemas', () => {
  it('§5 registration rules carry message keys', () => {
    const result = registerRequestSchema.safeParse({
      fullName: '',
      bankNumber: '12ab',
      bankCode: 'KBANK',
      phoneNumber: '123',
      password: 'short',
    });
    expect(result.success).toBe(false);
    // The first complaint about each field is the one shown, as the server does.
    const messages: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) messages[issue.path.join('.')] ??= issue.message;
    expect(messages).toMatchObject({
      fullName: 'full_name_required',
      bankNumber: 'bank_number_invalid',
      phoneNumber: 'phone_10_digits',
      password: 'password_min_8',
    });
  });

  it('§3 registration defaults agentId to 1', () => {
    const parsed = registerRequestSchema.parse({
      fullName: 'A',
      bankNumber: '1234567890',
      bankCode: '004',
      phoneNumber: '0812345678',
      password: 'password1',
    });
    expect(parsed.agentId).toBe(1);
  });

  it('§7 history paging defaults to page 1, limit 100 and refuses limits above 100', () => {
    expect(pageQuerySchema.parse({})).toEqual({ page: 1, limit: 100 });
    expect(pageQuerySchema.parse({ page: '2', limit: '5' })).toEqual({ page: 2, limit: 5 });
    expect(pageQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
    expect(pageQuerySchema.safeParse({ page: '0' }).success).toBe(false);
  });
});

describe('what the player app loads on its first screens', () => {
  /** The zod entry points a module imports, itself and through the contract modules it imports. */
  function zodImports(file: string, seen = new Set<string>()): Set<string> {
    const found = new Set<string>();
    if (seen.has(file)) return found;
    seen.add(file);
    const text = readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8');
    // Type-only imports are erased from the script: only the others load code.
    for (const [, specifier] of text.matchAll(/^(?:import|export)(?! type )[^;]*? from '([^']+)';/gms)) {
      if (specifier?.startsWith('zod')) found.add(specifier);
      else if (specifier?.startsWith('./')) {
        // A path from the importing file's own folder, as a path from src.
        const folder = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
        for (const inner of zodImports(folder + specifier.slice(2), seen)) found.add(inner);
      }
    }
    return found;
  }

  it.each(['settings.ts', 'player.ts', 'protection-views.ts', 'notifications.ts', 'history.ts', 'loyalty.ts'])(
    '%s, whose answers the home checks on its first load, is built with zod/mini (zod’s full API is 35 KB of script more)',
    (file) => {
      expect([...zodImports(file)]).toEqual(['zod/mini']);
    },
  );
});
