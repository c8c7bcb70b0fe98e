import { describe, expect, it } from 'vitest';
import {
  NO_FILTERS,
  effectiveFilters,
  filtersFromSearchParams,
  isFiltered,
  searchParamsFromFilters,
} from '@/features/good-stuff/utils/search-params';

const parse = (search: string) => filtersFromSearchParams(new URLSearchParams(search));

describe('the market’s filters in the URL', () => {
  it('reads every filter and writes the same URL back', () => {
    const search =
      'q=opaline+lamp&category=lighting&min=10&max=99.5&condition=excellent&condition=good&within=25&sort=price_asc';
    const filters = parse(search);
    expect(filters).toEqual({
      q: 'opaline lamp',
      category: 'lighting',
      minPrice: 10,
      maxPrice: 99.5,
      conditions: ['excellent', 'good'],
      within: 25,
      sort: 'price_asc',
    });
    expect(searchParamsFromFilters(filters).toString()).toBe(search);
  });

  it('the plain market is no params at all', () => {
    expect(parse('')).toEqual(NO_FILTERS);
    expect(searchParamsFromFilters(NO_FILTERS).toString()).toBe('');
    expect(isFiltered(NO_FILTERS)).toBe(false);
    // The sort alone narrows nothing.
    expect(isFiltered({ ...NO_FILTERS, sort: 'price_desc' })).toBe(false);
  });

  it('drops what the market does not offer instead of failing (an old or edited link)', () => {
    expect(
      parse(
        'q=%20%20&category=spaceship&min=-5&max=ten&condition=mint&condition=fair&condition=fair&within=30&sort=random',
      ),
    ).toEqual({ ...NO_FILTERS, conditions: ['fair'] });
  });

  it('keeps conditions in the list’s order whatever order the URL has', () => {
    expect(parse('condition=fair&condition=excellent').conditions).toEqual(['excellent', 'fair']);
  });

  it('without a place, distance neither filters nor sorts', () => {
    const filters = parse('within=50&sort=distance&category=chair');
    expect(effectiveFilters(filters, true)).toEqual(filters);
    expect(effectiveFilters(filters, false)).toEqual({ ...filters, within: null, sort: 'newest' });
  });
});
