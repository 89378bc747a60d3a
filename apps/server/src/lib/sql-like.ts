/** A LIKE pattern that finds `text` anywhere: % and _ in the text are matched literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
