import { describe, expect, it } from 'vitest';
import {
  designerFiltersFrom,
  designerFiltersPatch,
  rateRangeSchema,
} from '@/features/designers/utils/designer-search-params';

describe('designer filters in the URL', () => {
  it('reads every filter, a style by id or name', () => {
    expect(
      designerFiltersFrom(
        new URLSearchParams('style=Mid-Century Modern&min=20&max=60&rating=4&verified=1&within=25&sort=rating'),
      ),
    ).toEqual({
      style: 'midcentury',
      minRate: 20,
      maxRate: 60,
      minRating: 4,
      verified: true,
      within: 25,
      sort: 'rating',
    });
  });

  it('leaves out what it cannot read: an unknown style is every style, odd values none, a crossed range none', () => {
    expect(
      designerFiltersFrom(new URLSearchParams('style=gothic&min=90&max=10&rating=2&within=7&sort=cheap&verified=yes')),
    ).toEqual({
      style: 'any',
      minRate: null,
      maxRate: null,
      minRating: null,
      verified: false,
      within: null,
      sort: 'nearest',
    });
    expect(designerFiltersFrom(new URLSearchParams('')).style).toBeNull();
  });

  it('writes a change as URL params, the defaults removed', () => {
    expect(designerFiltersPatch({ style: 'coastal', maxRate: 60, sort: 'nearest', verified: false })).toEqual({
      style: 'coastal',
      max: '60',
      sort: null,
      verified: null,
    });
  });

  it('checks the rate range as the database does', () => {
    expect(rateRangeSchema.safeParse({ min: '', max: '60' }).data).toEqual({ min: null, max: 60 });
    expect(rateRangeSchema.safeParse({ min: '80', max: '40' }).error?.issues[0]?.message).toBe(
      'The lowest rate cannot be above the highest',
    );
    expect(rateRangeSchema.safeParse({ min: '-5', max: '' }).success).toBe(false);
  });
});
