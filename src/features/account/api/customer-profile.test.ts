import { describe, expect, it } from 'vitest';
import { customerProfileInputSchema } from '@/features/account/api/customer-profile';

const base = {
  username: 'ann',
  location: { location: 'Portland', placeId: null },
  space_size: '450',
  budget_range: '',
};

describe('customer profile: preferred_style is a style name (the database checks the same)', () => {
  it('keeps one of the 15 names, and empty as no preference', () => {
    expect(customerProfileInputSchema.parse({ ...base, preferred_style: 'Art Deco' }).preferred_style).toBe('Art Deco');
    expect(customerProfileInputSchema.parse({ ...base, preferred_style: '' }).preferred_style).toBeNull();
  });

  it('refuses an id or any other text, with a message', () => {
    for (const style of ['artdeco', 'Retro']) {
      const result = customerProfileInputSchema.safeParse({ ...base, preferred_style: style });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please choose a style from the list');
    }
  });
});

describe('customer profile: the location is the field text and its place', () => {
  it('saves the chosen place with its text, and no place for empty text', () => {
    expect(
      customerProfileInputSchema.parse({
        ...base,
        preferred_style: '',
        location: { location: ' Portland, OR ', placeId: 'gn:1' },
      }),
    ).toMatchObject({ location: 'Portland, OR', place_id: 'gn:1' });
    expect(
      customerProfileInputSchema.parse({ ...base, preferred_style: '', location: { location: '  ', placeId: 'gn:1' } }),
    ).toMatchObject({ location: null, place_id: null });
  });

  it('refuses more than 100 characters', () => {
    const result = customerProfileInputSchema.safeParse({
      ...base,
      preferred_style: '',
      location: { location: 'x'.repeat(101), placeId: null },
    });
    expect(result.error?.issues[0]?.message).toBe('Location must be at most 100 characters');
  });
});
