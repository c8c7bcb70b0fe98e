import { describe, expect, it } from 'vitest';
import { movingProjectDescription, movingProjectInputSchema } from '@/features/account/api/create-moving-project';

const valid = {
  location: { location: 'Austin, TX', placeId: 'gn:4671654' },
  space_size: '900',
  budget: '$2,500',
  budget_type: 'soft',
  items: '',
  preferred_style: 'Farmhouse',
};

describe('movingProjectInputSchema (docs/product.md, Projects)', () => {
  it('parses numbers and defaults the budget type to soft', () => {
    const parsed = movingProjectInputSchema.parse({ ...valid, budget_type: undefined });
    expect(parsed).toMatchObject({ space_size: 900, budget: 2500, budget_type: 'soft' });
    expect(movingProjectDescription(parsed)).toContain('Moving to Austin, TX');
    expect(parsed).toMatchObject({ location: 'Austin, TX', place_id: 'gn:4671654' });
  });

  it('never puts free text (an address) in the description designers read: only a chosen place', () => {
    const parsed = movingProjectInputSchema.parse({
      ...valid,
      location: { location: '12 Kelp Street, Austin', placeId: null },
    });
    expect(parsed).toMatchObject({ location: '12 Kelp Street, Austin', place_id: null });
    expect(movingProjectDescription(parsed)).toBe('Moving to a new home and furnishing a 900 sq ft space.');
  });

  it('treats an unparseable number as empty, which is required', () => {
    const result = movingProjectInputSchema.safeParse({ ...valid, space_size: 'lots' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Space size is required');
  });

  it('requires the location first', () => {
    const result = movingProjectInputSchema.safeParse({ ...valid, location: { location: '  ', placeId: null } });
    expect(result.error?.issues[0]?.message).toBe('Location is required');
  });
});
