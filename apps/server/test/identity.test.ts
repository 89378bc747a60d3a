import { describe, expect, it } from 'vitest';
import { normaliseDigits, normaliseName } from '../src/modules/blacklist/identity.ts';

describe('issue 21: identities compared as people write them', () => {
  it('a Thai title, joined or apart, is not part of the name', () => {
    const plain = normaliseName('สมชาย ใจดี');
    expect(plain).toBe('สมชายใจดี');
    for (const written of ['นายสมชาย ใจดี', 'นาย สมชาย ใจดี', 'นางสาวสมชาย ใจดี', 'นาง สมชาย  ใจดี', 'น.ส. สมชาย ใจดี']) {
      expect(normaliseName(written), written).toBe(plain);
    }
  });

  it('นางสาว is one title, not นาง followed by สาว', () => {
    expect(normaliseName('นางสาวสุดา')).toBe('สุดา');
    expect(normaliseName('นางสุดา')).toBe('สุดา');
  });

  it('spaces, dots, case and zero-width characters make no difference', () => {
    expect(normaliseName('  Somchai\u200B   JAIDEE ')).toBe('somchaijaidee');
    expect(normaliseName('สม\u200Bชาย\uFEFF ใจ\u200Dดี')).toBe('สมชายใจดี');
    expect(normaliseName('Mr. Somchai Jaidee')).toBe('somchaijaidee');
    expect(normaliseName('MR Somchai Jaidee')).toBe('somchaijaidee');
  });

  it('an English title must be a word of its own: Mrs and Ms do not eat the start of a name', () => {
    expect(normaliseName('Msomchai')).toBe('msomchai');
    expect(normaliseName('Mrsomchai')).toBe('mrsomchai');
    expect(normaliseName('Missy Lee')).toBe('missylee');
  });

  it('a phone or account number is its digits, whatever separates them', () => {
    expect(normaliseDigits('081-234-5678')).toBe('0812345678');
    expect(normaliseDigits(' 123 4 56789 0 ')).toBe('1234567890');
    expect(normaliseDigits('０８１２３４５６７８')).toBe('0812345678');
  });
});
