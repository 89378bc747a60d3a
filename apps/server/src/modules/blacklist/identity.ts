import unhomoglyph from 'unhomoglyph';

/**
 * The one home of how names and numbers are compared: the blacklist, the
 * self-exclusion check at registration, and the duplicate-identity flags all
 * use these functions, and every stored key (players.name_key,
 * blacklist.normalised) is made by them.
 *
 * A name is read as the words a person sees, so that the ways of writing one
 * name differently without changing what it says come out the same:
 * - Unicode NFKC (full-width letters, ligatures, styled letters become plain
 *   ones) and case folding (ß is ss);
 * - invisible characters (zero-width spaces from chat apps) dropped;
 * - letters of other scripts that look like Latin ones (Cyrillic е, Greek Ι,
 *   Latin ɑ) read as the Latin letter, by Unicode's confusables list (TR39),
 *   so "Еxcluded" with a Cyrillic Е is "excluded". ASCII letters and digits
 *   are never remapped (l, I and 1, or rn and m, are different names typed
 *   with a keyboard), nor are Thai letters: the list pairs distinct Thai
 *   consonants (ด and ค, ท and ฑ) that a Thai reader tells apart. Only แ is
 *   read as เเ, which looks the same and is often typed so;
 * - titles at the start (นาย, คุณ, ดร., พล.อ., Mr, Dr, Prof…) dropped, one
 *   after another ("ศ.ดร.", "Prof. Dr."), unless nothing would be left;
 * - apostrophes and dots dropped inside a word (O'Brien, J.R.), and every
 *   other punctuation or space separating words (Excluded-Person,
 *   "Excluded, Person"). Accents and Thai vowels and tone marks are kept:
 *   they are part of how the name is spelt.
 */

/** Invisible characters (zero-width spaces and joiners, soft hyphens, variation selectors). */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** What stands for itself: ASCII lower-case letters and digits, and Thai but SARA AE (แ, read as เเ). */
const KEPT = /^[a-z0-9\u0E00-\u0E40\u0E42-\u0E7F]+$/;

/** Full case folding, as far as JavaScript has it: ß and ẞ become ss, Σ and ς σ. */
const fold = (text: string) => text.toUpperCase().toLowerCase();

/**
 * One character as it is compared. A capital of another script (Cyrillic В,
 * Greek Η) is read as the Latin capital it looks like, before folding: its
 * small letter often looks like another one (в is not b, η is not h). The
 * list's prototype of the capital I shape is the small l, so a capital that
 * maps to l is read through its small letter instead (Greek Ι, Cyrillic І → i).
 */
function characterOf(character: string): string {
  const folded = fold(character);
  if (KEPT.test(folded)) return folded;
  if (folded !== character) {
    const capital = unhomoglyph(character);
    if (/^[A-Z]+$/.test(capital)) return capital.toLowerCase();
  }
  return fold(unhomoglyph(folded));
}

/** A text with every character read as it is compared (composed again: a look-alike may map to a letter and a mark). */
const charactersOf = (text: string) =>
  Array.from(text.normalize('NFKC').replace(INVISIBLE, ''), characterOf).join('').normalize('NFC');

/**
 * Titles written before a name. Thai ones as words (written joined to the
 * name or apart), or abbreviated with dots (joined only with the last dot:
 * "ดร.สมชาย"; without it they must stand apart: "นส สมหญิง"). English ones
 * must stand apart ("Mr Lee", "Mr. Lee"; "Mrsomchai" is a name).
 */
const THAI_WORD_TITLES = [
  'นาย',
  'นาง',
  'นางสาว',
  'เด็กชาย',
  'เด็กหญิง',
  'คุณ',
  'คุณหญิง',
  'ท่านผู้หญิง',
  'ว่าที่',
  'หม่อมเจ้า',
  'หม่อมราชวงศ์',
  'หม่อมหลวง',
  'ศาสตราจารย์',
  'รองศาสตราจารย์',
  'ผู้ช่วยศาสตราจารย์',
  'ด็อกเตอร์',
  'นายแพทย์',
  'แพทย์หญิง',
  'พลเอก',
  'พลโท',
  'พลตรี',
  'พันเอก',
  'พันโท',
  'พันตรี',
  'ร้อยเอก',
  'ร้อยโท',
  'ร้อยตรี',
  'จ่าสิบเอก',
  'จ่าสิบโท',
  'จ่าสิบตรี',
  'สิบเอก',
  'สิบโท',
  'สิบตรี',
  'พลตำรวจเอก',
  'พลตำรวจโท',
  'พลตำรวจตรี',
  'พันตำรวจเอก',
  'พันตำรวจโท',
  'พันตำรวจตรี',
  'ร้อยตำรวจเอก',
  'ร้อยตำรวจโท',
  'ร้อยตำรวจตรี',
  'ดาบตำรวจ',
];
const THAI_ABBREVIATED_TITLES = [
  'น.ส.',
  'ด.ช.',
  'ด.ญ.',
  'ดร.',
  'ศ.',
  'รศ.',
  'ผศ.',
  'นพ.',
  'พญ.',
  'ทพ.',
  'ทพญ.',
  'ภก.',
  'ภญ.',
  'ม.จ.',
  'ม.ร.ว.',
  'ม.ล.',
  // Army, navy and air force ranks, then police ranks.
  'พล.อ.',
  'พล.ท.',
  'พล.ต.',
  'พ.อ.',
  'พ.ท.',
  'พ.ต.',
  'ร.อ.',
  'ร.ท.',
  'ร.ต.',
  'จ.ส.อ.',
  'จ.ส.ท.',
  'จ.ส.ต.',
  'ส.อ.',
  'ส.ท.',
  'ส.ต.',
  'พล.ร.อ.',
  'พล.ร.ท.',
  'พล.ร.ต.',
  'น.อ.',
  'น.ท.',
  'น.ต.',
  'พ.จ.อ.',
  'พ.จ.ท.',
  'พ.จ.ต.',
  'จ.อ.',
  'จ.ท.',
  'จ.ต.',
  'พล.อ.อ.',
  'พล.อ.ท.',
  'พล.อ.ต.',
  'พล.ต.อ.',
  'พล.ต.ท.',
  'พล.ต.ต.',
  'พ.ต.อ.',
  'พ.ต.ท.',
  'พ.ต.ต.',
  'ร.ต.อ.',
  'ร.ต.ท.',
  'ร.ต.ต.',
  'ด.ต.',
  'ส.ต.อ.',
  'ส.ต.ท.',
  'ส.ต.ต.',
];
const ENGLISH_TITLES = ['mr', 'mrs', 'ms', 'miss', 'mister', 'mx', 'dr', 'prof', 'sir', 'khun'];

/**
 * Thai vowels and marks that cannot begin a word: a title "joined" to one is
 * the start of a name instead (คุณากร and นายิกา are names, not คุณ + ากร).
 */
const THAI_DEPENDENT = '[\\u0E30-\\u0E3A\\u0E45\\u0E47-\\u0E4E]';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The pattern of one title, its characters read as a name's are. */
function titlePattern(title: string, kind: 'thai' | 'abbreviated' | 'english'): string {
  const written = charactersOf(title);
  if (kind === 'thai') return `${escapeRegExp(written)}(?!${THAI_DEPENDENT})`;
  if (kind === 'english') return `${escapeRegExp(written)}(?:\\.|(?=[^\\p{L}\\p{M}\\p{N}]))`;
  const parts = written.split('.').filter(Boolean).map(escapeRegExp);
  return `${parts.join('\\.?\\s*')}(?:\\.|(?=\\s))`;
}

/** Every title, longest first, so that นางสาว is not read as นาง + สาว, nor Mrs as Mr + s. */
const TITLE = new RegExp(
  `^(?:${[
    ...THAI_WORD_TITLES.map((title) => ({ title, pattern: titlePattern(title, 'thai') })),
    ...THAI_ABBREVIATED_TITLES.map((title) => ({ title, pattern: titlePattern(title, 'abbreviated') })),
    ...ENGLISH_TITLES.map((title) => ({ title, pattern: titlePattern(title, 'english') })),
  ]
    .sort((a, b) => b.title.length - a.title.length)
    .map((item) => item.pattern)
    .join('|')})`,
  'u',
);

/** What is not part of a word: punctuation, spaces, symbols. */
const SEPARATORS = /[^\p{L}\p{M}\p{N}]+/u;
const LEADING_SEPARATORS = /^[^\p{L}\p{M}\p{N}]+/u;

/** A name without the titles at its start (a title alone is kept: it is all the name there is). */
function withoutTitles(text: string): string {
  let rest = text.replace(LEADING_SEPARATORS, '');
  for (let match = TITLE.exec(rest); match; match = TITLE.exec(rest)) {
    const after = rest.slice(match[0].length).replace(LEADING_SEPARATORS, '');
    if (after === '') break;
    rest = after;
  }
  return rest;
}

/** The words of a name as they are compared, in the order written. */
export function nameWords(name: string): string[] {
  return withoutTitles(charactersOf(name))
    .replace(/['.]/g, '')
    .split(SEPARATORS)
    .filter((word) => word !== '');
}

/**
 * The key a name is stored under (players.name_key, a NAME entry of the
 * blacklist): its words in the order written, joined, so that "สมชาย ใจดี"
 * and "สมชายใจดี" are one name. Empty when the name has no letter or digit.
 */
export function nameKey(name: string): string {
  return nameWords(name).join('');
}

/** Names of more words than this are compared in the order written only (a name of 5 has 120 orders). */
export const WORD_ORDERS_UP_TO = 5;

function orders(words: string[]): string[][] {
  if (words.length <= 1) return [words];
  return words.flatMap((word, index) =>
    orders([...words.slice(0, index), ...words.slice(index + 1)]).map((rest) => [word, ...rest]),
  );
}

/**
 * The keys a typed name is compared under against stored keys: its words in
 * every order, so that "Person Excluded" and "Excluded, Person" find
 * "Excluded Person" (given name or family name first, as forms ask in
 * different countries). Empty when the name has no letter or digit.
 */
export function nameKeys(name: string): string[] {
  const words = nameWords(name);
  if (words.length === 0) return [];
  if (words.length > WORD_ORDERS_UP_TO) return [words.join('')];
  return [...new Set(orders(words).map((order) => order.join('')))];
}

/** A phone or bank account number: its digits only (a bank account's number is compared at any bank). */
export function normaliseDigits(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}
