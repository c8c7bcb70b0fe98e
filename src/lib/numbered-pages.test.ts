import { describe, expect, it } from 'vitest';
import { numberedPages, pageRange } from '@/lib/numbered-pages';

describe('numberedPages', () => {
  it('starts at page 0 and asks for the next page only after a full one', () => {
    const pages = numberedPages(2);
    expect(pages.initialPageParam).toBe(0);
    expect(pages.getNextPageParam(['a', 'b'], [], 0)).toBe(1);
    expect(pages.getNextPageParam(['c', 'd'], [], 1)).toBe(2);
    expect(pages.getNextPageParam(['e'], [], 2)).toBeUndefined();
    expect(pages.getNextPageParam([], [], 0)).toBeUndefined();
  });
});

describe('pageRange', () => {
  it("is the page's first and last row index", () => {
    expect(pageRange(0, 24)).toEqual([0, 23]);
    expect(pageRange(2, 10)).toEqual([20, 29]);
  });
});
