import { describe, expect, it } from 'vitest';
import { designStyles } from '@/config/design-styles';
import { pendingProfileForSignUp, styleNameOf } from '@/lib/pending-profile';

const customer = { location: 'Portland, OR', space_size: 450, budget_range: 2500 };

describe('the landing style, as the profile stores it', () => {
  it('turns each of the 15 ids into its display name and keeps a name as it is', () => {
    expect(designStyles).toHaveLength(15);
    for (const { id, name } of designStyles) {
      expect(styleNameOf(id)).toBe(name);
      expect(styleNameOf(name)).toBe(name);
    }
    expect(styleNameOf(' midcentury ')).toBe('Mid-Century Modern');
    expect(styleNameOf('retro')).toBeUndefined();
    expect(styleNameOf('')).toBeUndefined();
  });

  it('sends the customer pending profile with the style name, and leaves an unknown style out', () => {
    expect(pendingProfileForSignUp({ ...customer, preferred_style: 'midcentury' })).toEqual({
      ...customer,
      preferred_style: 'Mid-Century Modern',
    });
    expect(pendingProfileForSignUp({ ...customer, preferred_style: 'Cottage Core' })).toEqual({
      ...customer,
      preferred_style: 'Cottage Core',
    });
    expect(pendingProfileForSignUp({ ...customer, preferred_style: 'retro' })).toEqual(customer);
  });

  it('leaves the designer pending profile as it is (its specialties are names already)', () => {
    const designer = { bio: 'Teak and linen lover', specialties: ['Scandinavian'], portfolio_url: '', base_rate: 0 };
    expect(pendingProfileForSignUp(designer)).toBe(designer);
  });
});
