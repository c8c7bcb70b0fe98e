import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkSubscription,
  getSubscriptionQueryOptions,
  NOT_SUBSCRIBED,
} from '@/features/memberships/api/check-subscription';
import { sentAs, authUser, functionUrl, recordRequests, server, storeSession } from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** The check-subscription function answers with `answer`. */
function functionAnswers(answer: () => Response) {
  server.use(http.post(functionUrl('check-subscription'), () => answer()));
}

describe('checkSubscription', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });
  afterEach(() => vi.restoreAllMocks());

  it("returns the function's answer; the check is a POST with no payload, as the signed-in user", async () => {
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
    functionAnswers(() => HttpResponse.json(answer));
    await expect(checkSubscription()).resolves.toEqual(answer);
    const checks = await sent.to('POST', 'functions/v1/check-subscription');
    expect(checks).toHaveLength(1);
    expect(checks[0]!.body).toBeNull();
    expect(sentAs(checks[0]!)).toBe(USER.id);
  });

  it('treats a refusal as not subscribed and logs it', async () => {
    expectConsoleError('Error checking subscription');
    functionAnswers(() => HttpResponse.json({ error: 'Must be logged in', code: 'not_logged_in' }, { status: 401 }));
    await expect(checkSubscription()).resolves.toEqual(NOT_SUBSCRIBED);
    expect(console.error).toHaveBeenCalledWith(
      'Error checking subscription',
      expect.objectContaining({ message: 'Must be logged in', code: 'not_logged_in', status: 401 }),
    );
  });

  it('treats a failed request (no answer at all) as not subscribed', async () => {
    expectConsoleError('Error checking subscription');
    functionAnswers(() => HttpResponse.error());
    await expect(checkSubscription()).resolves.toEqual(NOT_SUBSCRIBED);
    expect(console.error).toHaveBeenCalledWith('Error checking subscription', expect.anything());
  });

  it('treats a malformed answer as not subscribed', async () => {
    expectConsoleError('Error checking subscription');
    functionAnswers(() => HttpResponse.json({ subscribed: 'yes' }));
    await expect(checkSubscription()).resolves.toEqual(NOT_SUBSCRIBED);
  });

  it('is keyed by the user and polled every 60 seconds', () => {
    const options = getSubscriptionQueryOptions('user-1');
    expect(options.queryKey).toContain('user-1');
    expect(options.refetchInterval).toBe(60_000);
  });
});
