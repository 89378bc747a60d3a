/** Latin letters and the Cyrillic letters that look the same. */
const CYRILLIC: Record<string, string> = {
  a: '\u0430',
  c: '\u0441',
  e: '\u0435',
  o: '\u043E',
  p: '\u0440',
  x: '\u0445',
  y: '\u0443',
  A: '\u0410',
  E: '\u0415',
  P: '\u0420',
};

/** Each printable ASCII character as its full-width form (what East Asian input methods type). */
const fullWidth = (text: string) =>
  text.replace(/[!-~ ]/g, (char) =>
    char === ' ' ? '\u3000' : String.fromCodePoint((char.codePointAt(0) as number) + 0xfee0),
  );

/**
 * The ways of writing a two-word name differently without changing whose it
 * is, each of which once got past the name checks: a title, full-width
 * letters, a Cyrillic look-alike, punctuation between the words, the words
 * swapped.
 */
export function sameNameWrittenOtherwise(name: string): Record<string, string> {
  const [first, second] = name.split(' ');
  return {
    'English title Dr': `Dr ${name}`,
    'Thai title คุณ': `คุณ${name}`,
    'Thai title ดร.': `ดร. ${name}`,
    'full-width letters': fullWidth(name),
    'a Cyrillic look-alike': name.replace(/[acexyopAEP]/g, (char) => CYRILLIC[char] ?? char),
    hyphen: `${first}-${second}`,
    comma: `${first}, ${second}`,
    'words swapped': `${second} ${first}`,
  };
}
