import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubscription } from '@/features/subscription/hooks/use-subscription';
import { CHECKING_MEMBERSHIP, useSubscriptionGate } from '@/features/subscription/hooks/use-subscription-gate';
import { supabase } from '@/lib/supabase';

// The wire: the check-subscription function, answered when the test says so.
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke: vi.fn() } } }));
const invoke = vi.mocked(supabase.functions.invoke);

type Answer = { data: unknown; error: unknown };
function pendingCheck() {
  let answer: (value: Answer) => void = () => {};
  invoke.mockImplementation(() => new Promise<Answer>((resolve) => (answer = resolve)) as never);
  return {
    subscribed: (subscribed: boolean) =>
      answer({
        data: { subscribed, plan: subscribed ? 'client' : null, product_id: null, subscription_end: null },
        error: null,
      }),
    fails: () => answer({ data: null, error: new Error('network down') }),
  };
}

function renderGate(userId: string | null = 'u1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ ...useSubscriptionGate(userId, 'customer'), known: !useSubscription(userId).isLoading }), {
    wrapper,
  });
}

describe('useSubscriptionGate', () => {
  beforeEach(() => {
    invoke.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('lets a member go on at once once the check has answered', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    await waitFor(() => expect(invoke).toHaveBeenCalledOnce());
    await act(async () => check.subscribed(true));
    await waitFor(() => expect(result.current.known).toBe(true));
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    expect(action).toHaveBeenCalledOnce();
    expect(result.current.waitingFor).toBeNull();
    expect(result.current.dialogProps).toMatchObject({ open: false, accountRole: 'customer' });
  });

  it('while the check is under way, waits: nothing opens, the action is marked as waiting', () => {
    pendingCheck();
    const { result } = renderGate();
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.dialogProps.open).toBe(false);
    expect(result.current.waitingFor).toBe('new-project');
    expect(result.current.waitingLabel).toBe(CHECKING_MEMBERSHIP);
  });

  it('goes on once the pending check says subscribed, without asking the server again', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    await act(async () => check.subscribed(true));
    await waitFor(() => expect(action).toHaveBeenCalledOnce());
    expect(result.current.waitingFor).toBeNull();
    expect(result.current.dialogProps.open).toBe(false);
    expect(invoke).toHaveBeenCalledOnce();
  });

  it('asks to subscribe, and never runs the action, when the pending check says not subscribed', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    await act(async () => check.subscribed(false));
    await waitFor(() => expect(result.current.dialogProps.open).toBe(true));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.waitingFor).toBeNull();
    act(() => result.current.dialogProps.onOpenChange(false));
    expect(result.current.dialogProps.open).toBe(false);
  });

  it('treats a failed check as not subscribed (asks to subscribe)', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    const action = vi.fn();
    act(() => result.current.run('place-bid', action));
    await act(async () => check.fails());
    await waitFor(() => expect(result.current.dialogProps.open).toBe(true));
    expect(action).not.toHaveBeenCalled();
  });

  it('runs only the last of several clicks made while waiting', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    const first = vi.fn();
    const second = vi.fn();
    act(() => result.current.run('p1', first));
    act(() => result.current.run('p2', second));
    expect(result.current.waitingFor).toBe('p2');
    await act(async () => check.subscribed(true));
    await waitFor(() => expect(second).toHaveBeenCalledOnce());
    expect(first).not.toHaveBeenCalled();
  });

  it('without a signed-in user, asks to subscribe and checks nothing', () => {
    const { result } = renderGate(null);
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.dialogProps.open).toBe(true);
    expect(invoke).not.toHaveBeenCalled();
  });
});
