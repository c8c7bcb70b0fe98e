import { describe, expect, it } from 'vitest';
import { refusalMessage } from '@/lib/refusal-message';

describe('refusalMessage', () => {
  it("says the database's sentence for a refusal written for people, a limit included, and the fallback otherwise", () => {
    const limit = { code: 'PT429', message: "You're doing that too often. Try again in 12 minutes." };
    expect(refusalMessage(limit, 'Failed to save')).toBe("You're doing that too often. Try again in 12 minutes.");
    expect(refusalMessage({ code: '55000', message: 'This order was cancelled' }, 'Failed')).toBe(
      'This order was cancelled',
    );
    expect(refusalMessage({ code: 'XX000', message: 'internal detail' }, 'Failed to save')).toBe('Failed to save');
    expect(refusalMessage(new Error('network'), 'Failed to save')).toBe('Failed to save');
  });
});
