import { describe, expect, it } from 'vitest';
import { customerProfileInputSchema } from '@/features/profiles/api/customer-profile';

const base = { username: 'ann', location: 'Portland', space_size: '450', budget_range: '' };

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
