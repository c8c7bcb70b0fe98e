import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubscriptionGate } from '@/features/subscription/hooks/use-subscription-gate';

const state = { subscribed: false, isLoading: false };
vi.mock('@/features/subscription/hooks/use-subscription', () => ({
  useSubscription: () => ({ ...state, plan: null, subscriptionEnd: null }),
}));

describe('useSubscriptionGate', () => {
  beforeEach(() => Object.assign(state, { subscribed: false, isLoading: false }));

  it('lets a member go on and keeps the dialog closed', () => {
    state.subscribed = true;
    const { result } = renderHook(() => useSubscriptionGate('u1', 'designer'));
    let allowed = false;
    act(() => {
      allowed = result.current.ensureSubscribed();
    });
    expect(allowed).toBe(true);
    expect(result.current.dialogProps).toMatchObject({ open: false, accountRole: 'designer' });
  });

  it('lets the user go on while the first check runs (the database refuses anyway)', () => {
    state.isLoading = true;
    const { result } = renderHook(() => useSubscriptionGate('u1', 'customer'));
    expect(result.current.ensureSubscribed()).toBe(true);
  });

  it('stops a non-member and opens "Subscribe to Continue" for the role, which closes again', () => {
    const { result } = renderHook(() => useSubscriptionGate('u1', 'customer'));
    let allowed = true;
    act(() => {
      allowed = result.current.ensureSubscribed();
    });
    expect(allowed).toBe(false);
    expect(result.current.dialogProps).toMatchObject({ open: true, accountRole: 'customer' });
    act(() => result.current.dialogProps.onOpenChange(false));
    expect(result.current.dialogProps.open).toBe(false);
  });
});
