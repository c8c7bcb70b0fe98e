import { describe, expect, it } from 'vitest';
import { accountAge, people } from '@/features/admin/utils/format';

describe('the console formats', () => {
  it('says how old an account is in days, months, then years', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(accountAge('2026-12-02T08:00:00Z', now)).toBe('today');
    expect(accountAge('2026-12-01T08:00:00Z', now)).toBe('1 day');
    expect(accountAge('2026-11-02T12:00:00Z', now)).toBe('30 days');
    expect(accountAge('2026-08-02T12:00:00Z', now)).toBe('4 months');
    expect(accountAge('2023-11-02T12:00:00Z', now)).toBe('3 years');
  });

  it('counts people', () => {
    expect(people(1)).toBe('1 person');
    expect(people(3)).toBe('3 people');
  });
});
