import { HISTORY_PAGER_BUTTONS } from '@app/contracts/limits';
import { describe, expect, it } from 'vitest';
import { pageCount, pagerWindow } from '@/features/history/utils/pager';

describe('§4 pages run from 1 to ceil(total / page size), at least 1', () => {
  it.each([
    [0, 100, 1],
    [1, 100, 1],
    [100, 100, 1],
    [101, 100, 2],
    [23, 5, 5],
    [25, 5, 5],
  ])('%i entries at %i a page make %i pages', (total, size, pages) => {
    expect(pageCount(total, size)).toBe(pages);
  });
});

describe('§9 history pager: up to 3 page buttons around the current page', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 5, [1, 2, 3]],
    [2, 5, [1, 2, 3]],
    [3, 5, [2, 3, 4]],
    [4, 5, [3, 4, 5]],
    [5, 5, [3, 4, 5]],
  ])('page %i of %i shows %j', (current, pages, shown) => {
    expect(pagerWindow(current, pages, HISTORY_PAGER_BUTTONS)).toEqual(shown);
  });
});
