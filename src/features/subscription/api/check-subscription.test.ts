import { FunctionsHttpError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkSubscription,
  getSubscriptionQueryOptions,
  NOT_SUBSCRIBED,
} from '@/features/subscription/api/check-subscription';
import { supabase } from '@/lib/supabase';

vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const invoke = vi.mocked(supabase.functions.invoke);

describe('checkSubscription', () => {
  beforeEach(() => {
    invoke.mockReset();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('returns the function answer', async () => {
    const answer = {
      subscribed: true,
      plan: 'client',
      product_id: 'prod_sandbox_client',
      price_id: 'price_sandbox_client',
      subscription_end: '2026-12-22T00:00:00.000Z',
      status: 'active',
      cancel_at_period_end: false,
      provider: 'sandbox',
    };
    invoke.mockResolvedValue({ data: answer, error: null } as never);
    await expect(checkSubscription()).resolves.toEqual(answer);
    expect(invoke).toHaveBeenCalledWith('check-subscription', {});
  });

  it('treats a failure as not subscribed and logs it', async () => {
    invoke.mockResolvedValue({
      data: null,
      error: new FunctionsHttpError(
        new Response(JSON.stringify({ error: 'Must be logged in', code: 'unauthorized' }), { status: 401 }),
      ),
    } as never);
    await expect(checkSubscription()).resolves.toEqual(NOT_SUBSCRIBED);
    expect(console.error).toHaveBeenCalledWith('Error checking subscription', expect.anything());
  });

  it('treats a malformed answer as not subscribed', async () => {
    invoke.mockResolvedValue({ data: { subscribed: 'yes' }, error: null } as never);
    await expect(checkSubscription()).resolves.toEqual(NOT_SUBSCRIBED);
  });

  it('is keyed by the user and polled every 60 seconds', () => {
    const options = getSubscriptionQueryOptions('user-1');
    expect(options.queryKey).toContain('user-1');
    expect(options.refetchInterval).toBe(60_000);
  });
});
