import { beforeAll, describe, expect, it } from 'vitest';
import { API_URL, createUser, signedInClient, sql, stackConfig } from '@good-space/local-supabase/testing';
import { invoke, type Person, refusal, splitProject } from './people.ts';

// The design fee without Stripe keys (the local default; docs/payments.md, "Design fee milestones"): the stack's
// own functions through its gateway and supabase-js, as the project page, the /sandbox/fund page and the minute
// job call them. Every id says it is the sandbox's; no money moves.

const APP = 'http://localhost:5173';

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `ms-sandbox-${role}-${people}`, role } });
  return { id: user.id, client: await signedInClient(user.email, user.password) };
}

async function milestone(id: string) {
  const [row] = await sql<{
    status: string;
    payment_intent_id: string | null;
    charge_id: string | null;
    provider: string | null;
  }>(`select status, payment_intent_id, charge_id, provider from public.project_milestones where id = $1`, [id]);
  return row!;
}

async function ledger(milestoneId: string) {
  return await sql<{
    id: string;
    kind: string;
    amount: string;
    status: string;
    reason: string;
    provider_id: string | null;
  }>(
    `select id, kind, amount::numeric(14, 2)::text as amount, status, reason, provider_id
       from public.milestone_payments where milestone_id = $1 order by created_at, id`,
    [milestoneId],
  );
}

/** The minute job's call: the secret key in `apikey` through the gateway (as private.job_request_headers sends it). */
async function settle(key = stackConfig.secretKey): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${API_URL}/functions/v1/settle-milestones`, {
    method: 'POST',
    headers: { apikey: key, 'Content-Type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('the design fee in the sandbox', () => {
  let customer: Person;
  let designer: Person;
  let proj: { id: string; milestones: string[] };

  beforeAll(async () => {
    customer = await person('customer', 'Jo Customer');
    designer = await person('designer', 'Ada Designer');
    proj = await splitProject(
      customer,
      designer,
      [
        { title: 'Concept', amount: 300 },
        { title: 'Plan', amount: 150.5 },
      ],
      'Reading nook',
    );
  });

  it('fund → the sandbox page → pay: funded with sandbox ids, the designer told', async () => {
    const [first] = proj.milestones;
    const opened = await invoke<{ url: string; provider: string; paymentId: string }>(customer, 'fund-milestone', {
      milestoneId: first,
      amount: 1,
    });
    expect(opened).toEqual({
      url: `${APP}/sandbox/fund?payment=${opened.paymentId}`,
      provider: 'sandbox',
      paymentId: opened.paymentId,
    });

    const page = await invoke<{ sandbox: boolean; notice: string; payment: Record<string, unknown> }>(
      customer,
      'sandbox-milestone',
      {
        action: 'get',
        payment: opened.paymentId,
      },
    );
    expect(page.sandbox).toBe(true);
    expect(page.notice).toMatch(/no real payment/i);
    expect(page.payment).toEqual({
      id: opened.paymentId,
      status: 'pending',
      amount: 300,
      currency: 'usd',
      milestone_title: 'Concept',
      project_title: 'Reading nook',
      designer_name: 'Ada Designer',
      project_id: proj.id,
    });
    // Someone else's payment does not exist for them.
    expect(await refusal(designer, 'sandbox-milestone', { action: 'get', payment: opened.paymentId })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });

    const funded = `${APP}/project/${proj.id}?funded=${opened.paymentId}`;
    expect(await invoke(customer, 'sandbox-milestone', { action: 'pay', payment: opened.paymentId })).toEqual({
      url: funded,
    });
    const row = await milestone(first!);
    expect(row.status).toBe('funded');
    expect(row.provider).toBe('sandbox');
    expect(row.payment_intent_id).toMatch(/^pi_sandbox_[0-9a-f]{32}$/);
    expect(row.charge_id).toMatch(/^ch_sandbox_[0-9a-f]{32}$/);
    // A reload pays nothing twice.
    expect(await invoke(customer, 'sandbox-milestone', { action: 'pay', payment: opened.paymentId })).toEqual({
      url: funded,
    });
    expect((await ledger(first!)).filter((r) => r.kind === 'charge' && r.status === 'succeeded')).toHaveLength(1);
    expect(
      await sql(`select 1 from public.notifications where user_id = $1 and kind = 'milestone_funded'`, [designer.id]),
    ).toHaveLength(1);
    // confirm-milestone answers the funded milestone.
    expect(await invoke(customer, 'confirm-milestone', { paymentId: opened.paymentId })).toMatchObject({
      milestone: { id: first, status: 'funded' },
    });
  });

  it('release before Get paid: released, the transfer waits; settle-milestones sends it once the designer finishes', async () => {
    const [first] = proj.milestones;
    expect(await invoke(customer, 'release-milestone', { milestoneId: first })).toMatchObject({
      milestone: { id: first, status: 'released' },
    });
    const waiting = (await ledger(first!)).find((r) => r.kind === 'transfer')!;
    expect(waiting).toMatchObject({ amount: '300.00', status: 'pending', reason: 'release', provider_id: null });
    // Nothing to send it to yet: the run leaves it pending.
    expect((await settle()).status).toBe(200);
    expect((await ledger(first!)).find((r) => r.kind === 'transfer')!.status).toBe('pending');

    await invoke(designer, 'connect-account', { action: 'onboard' });
    await invoke(designer, 'sandbox-market', { action: 'connect-finish' });
    const run = await settle();
    expect(run.status).toBe(200);
    expect(Object.keys(run.body).sort()).toEqual(['refunds', 'released', 'reminded', 'transfers']);
    // This run sent it (or the minute job's own run did, a moment before).
    const sent = (await ledger(first!)).find((r) => r.kind === 'transfer')!;
    expect(sent.status).toBe('succeeded');
    expect(sent.provider_id).toMatch(/^tr_sandbox_[0-9a-f]{32}$/);
  });

  it('refund part, then the rest: re_sandbox ids, the milestone refunded', async () => {
    const [, second] = proj.milestones;
    const { paymentId } = await invoke<{ paymentId: string }>(customer, 'fund-milestone', { milestoneId: second });
    await invoke(customer, 'sandbox-milestone', { action: 'pay', payment: paymentId });
    expect(await invoke(designer, 'refund-milestone', { milestoneId: second, amount: 50.5 })).toMatchObject({
      milestone: { status: 'funded' },
    });
    expect(await invoke(designer, 'refund-milestone', { milestoneId: second, amount: '100.00' })).toMatchObject({
      milestone: { status: 'refunded' },
    });
    const refunds = (await ledger(second!)).filter((r) => r.kind === 'refund');
    expect(refunds.map((r) => [r.amount, r.status])).toEqual([
      ['50.50', 'succeeded'],
      ['100.00', 'succeeded'],
    ]);
    for (const r of refunds) expect(r.provider_id).toMatch(/^re_sandbox_[0-9a-f]{32}$/);
    expect(await refusal(designer, 'refund-milestone', { milestoneId: second, amount: 1 })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
  });
});

describe('leaving the sandbox page and refusals', () => {
  it('cancel closes the checkout and returns to the project; bad input and other people are refused', async () => {
    const customer = await person('customer', 'Lee Customer');
    const designer = await person('designer', 'Max Designer');
    const proj = await splitProject(customer, designer, [{ title: 'Everything', amount: 800 }]);
    const [only] = proj.milestones;
    const { paymentId } = await invoke<{ paymentId: string }>(customer, 'fund-milestone', { milestoneId: only });
    expect(await invoke(customer, 'sandbox-milestone', { action: 'cancel', payment: paymentId })).toEqual({
      url: `${APP}/project/${proj.id}`,
    });
    expect((await ledger(only!))[0]).toMatchObject({ status: 'expired' });
    expect(
      await invoke<{ payment: { status: string } }>(customer, 'sandbox-milestone', {
        action: 'get',
        payment: paymentId,
      }),
    ).toMatchObject({
      payment: { status: 'expired' },
    });
    expect(await refusal(customer, 'sandbox-milestone', { action: 'pay', payment: paymentId })).toMatchObject({
      status: 410,
      body: { code: 'expired' },
    });
    expect((await milestone(only!)).status).toBe('not_funded');

    expect(await refusal(customer, 'sandbox-milestone', { action: 'steal', payment: paymentId })).toMatchObject({
      status: 400,
      body: { code: 'invalid_action' },
    });
    expect(await refusal(customer, 'sandbox-milestone', { action: 'get', payment: 'nope' })).toMatchObject({
      status: 400,
      body: { code: 'invalid_payment' },
    });
    expect(await refusal(designer, 'fund-milestone', { milestoneId: only })).toMatchObject({
      status: 403,
      body: { code: 'not_customer' },
    });
    expect(await refusal(designer, 'release-milestone', { milestoneId: only })).toMatchObject({
      status: 403,
      body: { code: 'not_customer' },
    });
    expect(await refusal(customer, 'release-milestone', { milestoneId: only })).toMatchObject({
      status: 409,
      body: { code: 'wrong_state' },
    });
    const stranger = await person('customer', 'Stranger');
    expect(await refusal(stranger, 'release-milestone', { milestoneId: only })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    expect(
      await refusal(customer, 'decide-dispute', { disputeId: only, refundAmount: 0, releaseAmount: 0, reason: 'x' }),
    ).toMatchObject({
      status: 403,
    });
    // settle-milestones is the minute job's alone.
    expect((await settle(stackConfig.publishableKey)).status).toBe(403);
  });
});
