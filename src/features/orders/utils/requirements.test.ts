import { describe, expect, it } from 'vitest';
import { listInWords, requirementWords } from '@/features/orders/utils/requirements';

describe("requirementWords: Stripe's currently_due fields in plain words", () => {
  it('groups the fields of one thing, keeps their order, and names unknown ones last as other details', () => {
    expect(
      requirementWords([
        'business_profile.mcc',
        'individual.dob.day',
        'future.field',
        'individual.dob.year',
        'external_account',
        'tos_acceptance.date',
      ]),
    ).toEqual(['business details', 'date of birth', 'bank account', 'agreement to Stripe’s terms', 'other details']);
    expect(requirementWords([])).toEqual([]);
  });

  it('lists them as a sentence does', () => {
    expect(listInWords(['bank account'])).toBe('bank account');
    expect(listInWords(['bank account', 'date of birth'])).toBe('bank account and date of birth');
    expect(listInWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
