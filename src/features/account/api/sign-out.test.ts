import { describe, expect, it } from 'vitest';
import { expectSignOutTo, takeSignOutEnd } from '@/features/account/api/sign-out';

describe('where a sign-out ends', () => {
  it('is /auth unless a caller said otherwise, and a said end is taken once', () => {
    expect(takeSignOutEnd()).toBe('auth');
    expectSignOutTo('home');
    expect(takeSignOutEnd()).toBe('home');
    // The next sign-out (another user's Logout later in this tab) is an ordinary one again.
    expect(takeSignOutEnd()).toBe('auth');
  });
});
