import { describe, expect, it } from 'vitest';
import { nameKey, nameKeys, normaliseDigits, WORD_ORDERS_UP_TO } from '../../src/modules/blacklist/identity.ts';

/** Two names are one when a key of the first (any order of its words) is the stored key of the second. */
const sameName = (typed: string, stored: string) => nameKeys(typed).includes(nameKey(stored));

describe('names compared as people write them: one rule for the blacklist, self-exclusion and identity flags', () => {
  it.each([
    // [written, key]
    ['Excluded Person', 'excludedperson'],
    ['Dr Excluded Person', 'excludedperson'],
    ['Dr. Excluded Person', 'excludedperson'],
    ['MR. EXCLUDED PERSON', 'excludedperson'],
    ['Mrs Excluded Person', 'excludedperson'],
    ['Ms. Excluded Person', 'excludedperson'],
    ['Miss Excluded Person', 'excludedperson'],
    ['Mx Excluded Person', 'excludedperson'],
    ['Sir Excluded Person', 'excludedperson'],
    ['Prof. Dr. Excluded Person', 'excludedperson'],
    ['Khun Excluded Person', 'excludedperson'],
    ['คุณExcluded Person', 'excludedperson'],
    ['คุณ Excluded Person', 'excludedperson'],
    ['ดร.Excluded Person', 'excludedperson'],
    ['ดร. Excluded Person', 'excludedperson'],
    ['Ｅｘｃｌｕｄｅｄ　Ｐｅｒｓｏｎ', 'excludedperson'],
    ['𝐄𝐱𝐜𝐥𝐮𝐝𝐞𝐝 𝐏𝐞𝐫𝐬𝐨𝐧', 'excludedperson'],
    ['\u0415xclud\u0435d P\u0435rs\u043En', 'excludedperson'],
    ['EXCLUDED P\u0395RSON', 'excludedperson'],
    ['\u0399AN LEE', 'ianlee'],
    ['Excluded-Person', 'excludedperson'],
    ['Excluded, Person', 'excludedperson'],
    ['Excluded.Person', 'excludedperson'],
    ['  Excluded\u200B   PERSON ', 'excludedperson'],
    ['ExcludedPerson', 'excludedperson'],
    ["O'Brien", 'obrien'],
    ['O\u2019Brien', 'obrien'],
    ['Strauß', 'strauss'],
    ['สมชาย ใจดี', 'สมชายใจดี'],
    ['นายสมชาย ใจดี', 'สมชายใจดี'],
    ['นาย สมชาย ใจดี', 'สมชายใจดี'],
    ['นางสาวสมชาย ใจดี', 'สมชายใจดี'],
    ['นาง สมชาย  ใจดี', 'สมชายใจดี'],
    ['น.ส. สมชาย ใจดี', 'สมชายใจดี'],
    ['นส สมชาย ใจดี', 'สมชายใจดี'],
    ['ด.ช.สมชาย ใจดี', 'สมชายใจดี'],
    ['ด.ญ. สมชาย ใจดี', 'สมชายใจดี'],
    ['เด็กชายสมชาย ใจดี', 'สมชายใจดี'],
    ['ศ.ดร.สมชาย ใจดี', 'สมชายใจดี'],
    ['พล.อ. สมชาย ใจดี', 'สมชายใจดี'],
    ['พล.ต.อ.สมชาย ใจดี', 'สมชายใจดี'],
    ['ว่าที่ ร.ต. สมชาย ใจดี', 'สมชายใจดี'],
    ['ม.ร.ว.สมชาย ใจดี', 'สมชายใจดี'],
    ['นพ.สมชาย ใจดี', 'สมชายใจดี'],
    ['สม\u200Bชาย\uFEFF ใจ\u200Dดี', 'สมชายใจดี'],
    ['สมชาย ใจดี-', 'สมชายใจดี'],
    ['แสงดาว', 'เเสงดาว'],
    ['เเสงดาว', 'เเสงดาว'],
  ])('%s is compared as %s', (written, key) => {
    expect(nameKey(written)).toBe(key);
  });

  it.each([
    // A title must stand apart from an English name, or be joined by its dot.
    ['Msomchai', 'msomchai'],
    ['Mrsomchai', 'mrsomchai'],
    ['Missy Lee', 'missylee'],
    ['Drake Lee', 'drakelee'],
    ['Sirin Lee', 'sirinlee'],
    // Nor is a Thai title read into a name that begins like one: a Thai word never starts with a vowel sign.
    ['คุณากร ใจดี', 'คุณากรใจดี'],
    ['นายิกา ใจดี', 'นายิกาใจดี'],
    // An abbreviated title joined to the name needs its dot: ดรุณี is a name.
    ['ดรุณี ใจดี', 'ดรุณีใจดี'],
    ['นสสมชาย', 'นสสมชาย'],
    // A title alone is the name there is.
    ['Miss', 'miss'],
    ['นาย', 'นาย'],
  ])('%s is a name, not a title and a name (%s)', (written, key) => {
    expect(nameKey(written)).toBe(key);
  });

  it('Thai letters are kept as written: tone marks, vowels and consonants the confusables list pairs are different names', () => {
    expect(nameKey('ใจดี')).not.toBe(nameKey('ใจคี'));
    expect(nameKey('ทอง')).not.toBe(nameKey('ฑอง'));
    expect(nameKey('ไก่')).not.toBe(nameKey('ไก้'));
    expect(nameKey('ไก่')).not.toBe(nameKey('ไก'));
    expect(nameKey('กำไร')).not.toBe(nameKey('กไร'));
  });

  it('ASCII letters and digits are never remapped, and accents are kept: these are other names', () => {
    expect(nameKey('Ian Lee')).not.toBe(nameKey('Lan Lee'));
    expect(nameKey('Arnie Lee')).not.toBe(nameKey('Amie Lee'));
    expect(nameKey('Excluded Person 2')).not.toBe(nameKey('Excluded Person'));
    expect(nameKey('José Lee')).not.toBe(nameKey('Jose Lee'));
  });

  it('a name has no key without a letter or digit (nothing is compared)', () => {
    expect(nameKey('...')).toBe('');
    expect(nameKeys(' - ')).toEqual([]);
  });

  it('word order: a typed name finds a stored one with its words in any order, and only the same words', () => {
    expect(sameName('Person Excluded', 'Excluded Person')).toBe(true);
    expect(sameName('Person, Excluded', 'Dr. Excluded-Person')).toBe(true);
    expect(sameName('ใจดี สมชาย', 'นาย สมชาย ใจดี')).toBe(true);
    expect(sameName('Excluded Person', 'ExcludedPerson')).toBe(true);
    expect(sameName('Excluded Persons', 'Excluded Person')).toBe(false);
    expect(sameName('Excluded', 'Excluded Person')).toBe(false);
    expect(sameName('Excluded Person Junior', 'Excluded Person')).toBe(false);
    expect(nameKeys('a b c').sort()).toEqual(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']);
  });

  it(`a name of more than ${WORD_ORDERS_UP_TO} words is compared in the order written only`, () => {
    const long = 'one two three four five six';
    expect(nameKeys(long)).toEqual(['onetwothreefourfivesix']);
    expect(nameKeys('one two three four five')).toHaveLength(120);
  });

  it('a phone or account number is its digits, whatever separates them', () => {
    expect(normaliseDigits('081-234-5678')).toBe('0812345678');
    expect(normaliseDigits(' 123 4 56789 0 ')).toBe('1234567890');
    expect(normaliseDigits('０８１２３４５６７８')).toBe('0812345678');
  });
});
