/**
 * True for a file name as a browser sends it: one plain name. A name with a
 * path in it (a slash, a backslash, or the name "." or "..") or with control
 * characters is a crafted request. Uploads are stored under content hashes,
 * never under a client's name; such a name is refused rather than trimmed.
 */
export function isPlainFileName(fileName: string): boolean {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused here.
  return !/[/\\\u0000-\u001f\u007f]/.test(fileName) && fileName !== '.' && fileName !== '..';
}
