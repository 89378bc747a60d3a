/**
 * Identities compared as people write them (issue 21): the same person types
 * "นาย สมชาย ใจดี", "สมชาย  ใจดี" or pastes a name with a zero-width space
 * from a chat app; an account number comes with dashes or spaces. The
 * blacklist and the duplicate-identity checks compare these forms.
 */

/** Zero-width and invisible characters that chat apps and Thai input methods leave in text. */
const INVISIBLE = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF]/g;

/**
 * Titles written before a name, longest first so that นางสาว is not read as
 * นาง + สาว. Thai: Mr, Mrs, Miss (and its abbreviation), boy, girl; English
 * likewise.
 */
const TITLES = ['นางสาว', 'น.ส.', 'ด.ช.', 'ด.ญ.', 'นาย', 'นาง', 'miss', 'mrs.', 'mrs', 'mr.', 'mr', 'ms.', 'ms'];

/** A name without title, case, spacing, dots or invisible characters. */
export function normaliseName(name: string): string {
  let text = name.normalize('NFC').replace(INVISIBLE, '').toLowerCase().replace(/\s+/g, ' ').trim();
  for (const title of TITLES) {
    if (!text.startsWith(title)) continue;
    const rest = text.slice(title.length);
    // An English title is a word of its own ("Mr Somchai"), a Thai one is written joined or apart.
    if (/^[a-z]/.test(title) && rest !== '' && !/^[\s.]/.test(rest)) continue;
    text = rest.trim();
    break;
  }
  return text.replace(/[\s.]/g, '');
}

/** A phone or bank account number: its digits only. */
export function normaliseDigits(value: string): string {
  return value.normalize('NFKC').replace(/\D/g, '');
}
