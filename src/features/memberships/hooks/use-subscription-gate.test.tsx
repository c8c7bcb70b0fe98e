import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { CHECKING_MEMBERSHIP, useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';
import { authUser, functionUrl, later, recordRequests, server, storeSession } from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** The check-subscription function, its answer under way until the test gives it. */
function pendingCheck() {
  const answer = later<Response>();
  server.use(http.post(functionUrl('check-subscription'), () => answer.promise));
  return {
    subscribed: (subscribed: boolean) =>
      answer.give(
        HttpResponse.json({
          subscribed,
          plan: 'client',
          product_id: subscribed ? 'prod_sandbox_client' : null,
          price_id: subscribed ? 'price_sandbox_client' : null,
          subscription_end: subscribed ? '2026-12-22T00:00:00.000Z' : null,
          status: subscribed ? 'active' : null,
          cancel_at_period_end: false,
          provider: subscribed ? 'sandbox' : null,
        }),
      ),
    /** The request fails (no answer reaches the app: offline). */
    fails: () => answer.give(HttpResponse.error()),
  };
}

function renderGate(userId: string | null = USER.id) {
  if (userId) storeSession(USER);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => ({ ...useSubscriptionGate(userId, 'customer'), known: !useSubscription(userId).isLoading }), {
    wrapper,
  });
}

describe('useSubscriptionGate', () => {
  let sent: ReturnType<typeof recordRequests>;
  const checksSent = async () => (await sent.to('POST', 'functions/v1/check-subscription')).length;
  beforeEach(() => {
    sent = recordRequests();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lets a member go on at once once the check has answered', async () => {
    const check = pendingCheck();
    const { result } = renderGate();
    await waitFor(async () => expect(await checksSent()).toBe(1));
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
    expect(await checksSent()).toBe(1);
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
    expectConsoleError('Error checking subscription');
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

  it('without a signed-in user, asks to subscribe and checks nothing', async () => {
    const { result } = renderGate(null);
    const action = vi.fn();
    act(() => result.current.run('new-project', action));
    expect(action).not.toHaveBeenCalled();
    expect(result.current.dialogProps.open).toBe(true);
    expect(await checksSent()).toBe(0);
  });
});
