/** How many pages `total` entries fill at `pageSize` a page: at least 1, so "page 1 of 1" when there are none. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The page numbers a pager shows (spec §9): up to `buttons` consecutive pages
 * around the current one, the current one in the middle where there is room,
 * shifted at either end so the window stays full.
 */
export function pagerWindow(current: number, pages: number, buttons: number): number[] {
  const size = Math.min(buttons, pages);
  const first = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), pages - size + 1);
  return Array.from({ length: size }, (_, index) => first + index);
}
