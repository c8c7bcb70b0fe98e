import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, sql, stackConfig } from '@good-space/local-supabase/testing';
import {
  accountObject,
  signStripePayload,
  startFakeStripe,
  type FakeStripe,
} from '../../supabase/functions/_shared/testing/fake-stripe.ts';
import { splitProject } from './people.ts';
import { type CallInit, serveWithSecrets, type ServedFunctions } from './served-functions.ts';

// The design fee with Stripe keys (docs/payments.md, "Design fee milestones"): the milestone functions and the
// webhook each in their own Deno worker with Stripe secrets, the real `stripe` SDK pointed at the local fake
// Stripe, the test stack's database holding every rule. Separate charges and transfers: the customer's charge is
// the platform's, a release is a transfer out of that charge, refunds are partial refunds of it.

const WEBHOOK_SECRET = 'whsec_milestones_platform';
const SITE = 'https://goodspace.test';
const NAMES = [
  'fund-milestone',
  'confirm-milestone',
  'release-milestone',
  'refund-milestone',
  'settle-milestones',
  'sandbox-milestone',
  'decide-dispute',
  'stripe-webhook',
] as const;
type Name = (typeof NAMES)[number];

let fake: FakeStripe;
let served: ServedFunctions<Name>;

beforeAll(async () => {
  fake = await startFakeStripe();
  served = await serveWithSecrets(NAMES, {
    STRIPE_SECRET_KEY: 'sk_test_milestones',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: fake.base.origin,
    SITE_URL: SITE,
  });
}, 120_000);

afterAll(async () => {
  await served?.stop();
  await fake?.close();
});

type Body = Record<string, unknown>;
const call = (name: Name, init?: CallInit) => served.call(name, init);
const requestsTo = (method: string, p: string) => fake.requests.filter((r) => r.method === method && r.path === p);

interface Person {
  id: string;
  token: string;
  client: SupabaseClient;
}

let people = 0;
async function person(role: 'customer' | 'designer', name: string): Promise<Person> {
  people += 1;
  const user = await createUser({ metadata: { full_name: name, username: `ms-stripe-${role}-${people}`, role } });
  const client = await signedInClient(user.email, user.password);
  return { id: user.id, client, token: (await client.auth.getSession()).data.session!.access_token };
}

/** A designer whose Get paid is finished with Stripe: an Express account the fake knows, payable. */
async function payableDesigner(name: string): Promise<Person & { account: string }> {
  const designer = await person('designer', name);
  const account = `acct_ms_${people}`;
  fake.accounts.set(account, accountObject({ id: account, payable: true }));
  await sql(
    `insert into public.seller_accounts (user_id, provider, account_id, charges_enabled, payouts_enabled, details_submitted, transfers_active)
     values ($1, 'stripe', $2, true, true, true, true)`,
    [designer.id, account],
  );
  return { ...designer, account };
}

async function milestone(id: string) {
  const [row] = await sql<{
    status: string;
    payment_intent_id: string | null;
    charge_id: string | null;
    released_amount: string;
    refunded_amount: string;
    frozen_at: Date | null;
  }>(
    `select status, payment_intent_id, charge_id, released_amount::numeric(14, 2)::text as released_amount,
            refunded_amount::numeric(14, 2)::text as refunded_amount, frozen_at
       from public.project_milestones where id = $1`,
    [id],
  );
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
    checkout_session_id: string | null;
    note: string | null;
  }>(
    `select id, kind, amount::numeric(14, 2)::text as amount, status, reason, provider_id, checkout_session_id, note
       from public.milestone_payments where milestone_id = $1 order by created_at, id`,
    [milestoneId],
  );
}

let events = 0;
function sendEvent(type: string, object: Body, id?: string) {
  events += 1;
  const eventId = id ?? `evt_ms_${events}_${Date.now()}`;
  const payload = JSON.stringify({
    id: eventId,
    object: 'event',
    type,
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  return {
    id: eventId,
    payload,
    response: call('stripe-webhook', {
      raw: payload,
      headers: { 'Stripe-Signature': signStripePayload(payload, WEBHOOK_SECRET) },
    }),
  };
}

async function fund(customer: Person, milestoneId: string): Promise<{ paymentId: string; sessionId: string }> {
  const res = await call('fund-milestone', { token: customer.token, body: { milestoneId } });
  expect(res.status).toBe(200);
  const paymentId = res.body.paymentId as string;
  const [row] = await sql<{ checkout_session_id: string }>(
    `select checkout_session_id from public.milestone_payments where id = $1`,
    [paymentId],
  );
  return { paymentId, sessionId: row!.checkout_session_id };
}

/** The customer pays on (fake) Stripe and Stripe sends checkout.session.completed. */
function pay(sessionId: string, paymentIntent: string, forged: { amount?: number; currency?: string } = {}) {
  return sendEvent('checkout.session.completed', fake.payCheckout(sessionId, paymentIntent, forged));
}

describe('a design fee paid through Stripe', () => {
  let customer: Person;
  let designer: Person & { account: string };
  let proj: { id: string; milestones: string[] };

  beforeAll(async () => {
    customer = await person('customer', 'Jordan Customer');
    designer = await payableDesigner('Ada Designer');
    proj = await splitProject(customer, designer, [
      { title: 'Concept boards', amount: 300 },
      { title: 'Final plan', amount: 450.5 },
    ]);
  });

  it('Fund opens Checkout for the milestone amount as a plain platform charge in the project group', async () => {
    const [first] = proj.milestones;
    const before = requestsTo('POST', '/v1/checkout/sessions').length;
    const res = await call('fund-milestone', { token: customer.token, body: { milestoneId: first, amount: 1 } });
    expect(res.status).toBe(200);
    const paymentId = res.body.paymentId as string;
    const [row] = await ledger(first!);
    expect(row).toMatchObject({
      id: paymentId,
      kind: 'charge',
      amount: '300.00',
      status: 'pending',
      reason: 'funding',
    });
    expect(res.body).toEqual({
      url: `https://checkout.stripe.test/c/pay/${row!.checkout_session_id}`,
      provider: 'stripe',
      paymentId,
    });
    const session = requestsTo('POST', '/v1/checkout/sessions')[before]!;
    expect(session.idempotencyKey).toBe(`milestone-checkout-${paymentId}`);
    expect(Number(session.form.expires_at)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);
    const { expires_at: _expiry, ...form } = session.form;
    expect(form).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '30000',
      'line_items[0][price_data][product_data][name]': 'Living room refresh: Concept boards',
      'payment_intent_data[transfer_group]': `project_${proj.id}`,
      'payment_intent_data[metadata][milestone_id]': first,
      'payment_intent_data[metadata][milestone_payment_id]': paymentId,
      'payment_intent_data[metadata][project_id]': proj.id,
      'metadata[milestone_id]': first,
      'metadata[milestone_payment_id]': paymentId,
      'metadata[project_id]': proj.id,
      client_reference_id: customer.id,
      success_url: `${SITE}/project/${proj.id}?funded=${paymentId}`,
      cancel_url: `${SITE}/project/${proj.id}`,
    });
    expect(Object.keys(session.form).some((k) => k.includes('transfer_data'))).toBe(false);
  });

  it('refuses: the designer funding, a later milestone first, signed out, a bad id', async () => {
    expect(await call('fund-milestone', { token: designer.token, body: { milestoneId: proj.milestones[0] } })).toEqual({
      status: 403,
      body: { error: 'Only the customer can fund a milestone', code: 'not_customer' },
    });
    expect(await call('fund-milestone', { token: customer.token, body: { milestoneId: proj.milestones[1] } })).toEqual({
      status: 409,
      body: { error: 'Fund the milestones in order', code: 'not_fundable' },
    });
    expect((await call('fund-milestone', { body: { milestoneId: proj.milestones[0] } })).status).toBe(401);
    expect((await call('fund-milestone', { token: customer.token, body: { milestoneId: 'x' } })).body.code).toBe(
      'invalid_milestone',
    );
    expect(
      (await call('sandbox-milestone', { token: customer.token, body: { action: 'get', payment: proj.milestones[0] } }))
        .body.code,
    ).toBe('sandbox_disabled');
  });

  it('a mismatched amount is refused: nothing changes, the money goes back', async () => {
    const [first] = proj.milestones;
    const { paymentId, sessionId } = await fund(customer, first!);
    const sent = pay(sessionId, 'pi_ms_forged', { amount: 100 });
    expect(await sent.response).toEqual({ status: 200, body: { received: true, outcome: 'mismatch' } });
    expect((await milestone(first!)).status).toBe('not_funded');
    expect((await ledger(first!)).find((r) => r.id === paymentId)).toMatchObject({
      status: 'pending',
      provider_id: null,
    });
    const refund = requestsTo('POST', '/v1/refunds').at(-1)!;
    expect(refund.form.payment_intent).toBe('pi_ms_forged');
    expect(refund.idempotencyKey).toBe('milestone-mismatch-refund-pi_ms_forged');
  });

  let otherTab: { paymentId: string; sessionId: string };

  it('the paid checkout funds the milestone; a replay and a second event of it are duplicates', async () => {
    const [first] = proj.milestones;
    // Two tabs: the second Fund replaces the first checkout, but a payment of the first still counts.
    const { sessionId } = await fund(customer, first!);
    otherTab = await fund(customer, first!);
    const sent = pay(sessionId, 'pi_ms_first');
    expect(await sent.response).toEqual({ status: 200, body: { received: true, outcome: 'funded' } });
    expect(await milestone(first!)).toMatchObject({
      status: 'funded',
      payment_intent_id: 'pi_ms_first',
      charge_id: 'ch_ms_first',
    });
    const notices = await sql(`select 1 from public.notifications where user_id = $1 and kind = 'milestone_funded'`, [
      designer.id,
    ]);
    expect(notices).toHaveLength(1);
    // The same event again (Stripe retries): acknowledged, ignored.
    const replay = await call('stripe-webhook', {
      raw: sent.payload,
      headers: { 'Stripe-Signature': signStripePayload(sent.payload, WEBHOOK_SECRET) },
    });
    expect(replay).toEqual({ status: 200, body: { received: true, duplicate: true } });
    // Another event of the same payment: the database counts it once.
    const again = sendEvent('checkout.session.async_payment_succeeded', fake.checkoutSessions.get(sessionId)!);
    expect(await again.response).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } });
    expect((await ledger(first!)).filter((r) => r.kind === 'charge' && r.status === 'succeeded')).toHaveLength(1);
  });

  it('the other tab paid too: that second payment is refunded in full at once', async () => {
    const [first] = proj.milestones;
    expect(await pay(otherTab.sessionId, 'pi_ms_double').response).toEqual({
      status: 200,
      body: { received: true, outcome: 'refunded' },
    });
    const refund = requestsTo('POST', '/v1/refunds').at(-1)!;
    const row = (await ledger(first!)).find((r) => r.kind === 'refund' && r.reason === 'double_payment')!;
    expect(refund.form).toMatchObject({ payment_intent: 'pi_ms_double', amount: '30000' });
    expect(refund.idempotencyKey).toBe(`milestone-refund-${row.id}`);
    expect(row).toMatchObject({ status: 'succeeded', amount: '300.00', provider_id: fake.refunds.at(-1)!.id });
    expect(await milestone(first!)).toMatchObject({
      status: 'funded',
      payment_intent_id: 'pi_ms_first',
      refunded_amount: '0.00',
    });
  });

  it('the designer refunds part: a partial refund of the payment intent, each its own key', async () => {
    const [first] = proj.milestones;
    const part = await call('refund-milestone', {
      token: designer.token,
      body: { milestoneId: first, amount: '50.25' },
    });
    expect(part.status).toBe(200);
    expect(part.body.milestone).toMatchObject({ status: 'funded' });
    expect(Number((part.body.milestone as Body).refunded_amount)).toBe(50.25);
    const rows = (await ledger(first!)).filter((r) => r.kind === 'refund' && r.reason === 'designer_refund');
    expect(rows).toHaveLength(1);
    const partial = requestsTo('POST', '/v1/refunds').at(-1)!;
    expect(partial.idempotencyKey).toBe(`milestone-refund-${rows[0]!.id}`);
    expect(partial.form).toEqual({
      payment_intent: 'pi_ms_first',
      amount: '5025',
      'metadata[milestone_id]': first,
      'metadata[milestone_payment_id]': rows[0]!.id,
      'metadata[project_id]': proj.id,
      'metadata[milestone_reason]': 'designer_refund',
    });
    expect(rows[0]).toMatchObject({ status: 'succeeded', provider_id: fake.refunds.at(-1)!.id });
    // More than is held is the database's refusal: nothing reaches Stripe.
    const before = requestsTo('POST', '/v1/refunds').length;
    const tooMuch = await call('refund-milestone', {
      token: designer.token,
      body: { milestoneId: first, amount: 250 },
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.code).toBe('invalid_amount');
    expect(
      await call('refund-milestone', { token: customer.token, body: { milestoneId: first, amount: 1 } }),
    ).toMatchObject({
      status: 403,
      body: { code: 'not_designer' },
    });
    expect(requestsTo('POST', '/v1/refunds')).toHaveLength(before);
  });

  it('release: a transfer of what is held, out of the charge (source_transaction), to the designer', async () => {
    const [first] = proj.milestones;
    const res = await call('release-milestone', { token: customer.token, body: { milestoneId: first } });
    expect(res.status).toBe(200);
    expect(res.body.milestone).toMatchObject({ status: 'released' });
    const row = (await ledger(first!)).find((r) => r.kind === 'transfer')!;
    const transfer = requestsTo('POST', '/v1/transfers').at(-1)!;
    expect(transfer.idempotencyKey).toBe(`milestone-transfer-${row.id}`);
    expect(transfer.form).toEqual({
      amount: '24975',
      currency: 'usd',
      destination: designer.account,
      transfer_group: `project_${proj.id}`,
      source_transaction: 'ch_ms_first',
      'metadata[milestone_id]': first,
      'metadata[milestone_payment_id]': row.id,
      'metadata[project_id]': proj.id,
      'metadata[milestone_reason]': 'release',
    });
    expect(row).toMatchObject({ amount: '249.75', status: 'succeeded', provider_id: fake.transfers.at(-1)!.id });
    expect(await milestone(first!)).toMatchObject({ released_amount: '249.75', refunded_amount: '50.25' });
    // Released is final: neither a second release nor a refund.
    expect((await call('release-milestone', { token: customer.token, body: { milestoneId: first } })).status).toBe(409);
  });

  it('a whole refund (agreeing to cancel) of the next milestone: refunded, Stripe refunds all of it', async () => {
    const [, second] = proj.milestones;
    const { sessionId } = await fund(customer, second!);
    expect(await pay(sessionId, 'pi_ms_second').response).toMatchObject({ body: { outcome: 'funded' } });
    const { error } = await customer.client.rpc('request_milestone_cancel', { milestone_id: second });
    expect(error).toBeNull();
    const res = await call('refund-milestone', {
      token: designer.token,
      body: { milestoneId: second, amount: 450.5, reason: 'cancel_agreed' },
    });
    expect(res.status).toBe(200);
    expect(res.body.milestone).toMatchObject({ status: 'refunded' });
    expect(Number((res.body.milestone as Body).refunded_amount)).toBe(450.5);
    expect(requestsTo('POST', '/v1/refunds').at(-1)!.form).toMatchObject({
      payment_intent: 'pi_ms_second',
      amount: '45050',
    });
    expect(fake.charges.get('ch_ms_second')).toMatchObject({ amount_refunded: 45050, refunded: true });
  });
});

describe('confirm, failures and chargebacks', () => {
  let customer: Person;
  let designer: Person & { account: string };
  let proj: { id: string; milestones: string[] };

  beforeAll(async () => {
    customer = await person('customer', 'Casey Customer');
    designer = await payableDesigner('Dee Designer');
    proj = await splitProject(customer, designer, [
      { title: 'Survey', amount: 120 },
      { title: 'Design', amount: 200 },
    ]);
  });

  it('back from Checkout before the webhook: confirm-milestone funds it; the late webhook is a duplicate', async () => {
    const [first] = proj.milestones;
    const { paymentId, sessionId } = await fund(customer, first!);
    expect(
      (await call('confirm-milestone', { token: customer.token, body: { paymentId } })).body.milestone,
    ).toMatchObject({
      status: 'not_funded',
    });
    const session = fake.payCheckout(sessionId, 'pi_ms_confirm');
    expect(await call('confirm-milestone', { token: designer.token, body: { paymentId } })).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
    const res = await call('confirm-milestone', { token: customer.token, body: { paymentId } });
    expect(res.body.milestone).toMatchObject({ status: 'funded', payment_intent_id: 'pi_ms_confirm' });
    expect(await sendEvent('checkout.session.completed', session).response).toEqual({
      status: 200,
      body: { received: true, outcome: 'duplicate' },
    });
  });

  it('a transfer Stripe refuses stays pending with a note; settle-milestones carries it out once it can', async () => {
    const [first] = proj.milestones;
    // The designer's account is gone from Stripe's side for now: the transfer is refused.
    const saved = fake.accounts.get(designer.account)!;
    fake.accounts.delete(designer.account);
    const res = await call('release-milestone', { token: customer.token, body: { milestoneId: first } });
    expect(res.status).toBe(200);
    expect(res.body.milestone).toMatchObject({ status: 'released' });
    const row = (await ledger(first!)).find((r) => r.kind === 'transfer')!;
    expect(row.status).toBe('pending');
    expect(row.note).toMatch(/^provider_error/);

    fake.accounts.set(designer.account, saved);
    // Only the service role runs it.
    expect((await call('settle-milestones')).status).toBe(401);
    expect((await call('settle-milestones', { token: customer.token })).status).toBe(403);
    // A noted row waits 15 minutes before the next try: let that time pass.
    await sql(`update public.milestone_payments set retry_after = null where id = $1`, [row.id]);
    const settled = await call('settle-milestones', { token: stackConfig.secretKey });
    expect(settled.status).toBe(200);
    const after = (await ledger(first!)).find((r) => r.kind === 'transfer')!;
    expect(after).toMatchObject({ status: 'succeeded', note: null, provider_id: fake.transfers.at(-1)!.id });
    const transfers = requestsTo('POST', '/v1/transfers').filter(
      (t) => t.idempotencyKey === `milestone-transfer-${row.id}`,
    );
    expect(transfers.at(-1)!.form).toMatchObject({
      source_transaction: 'ch_ms_confirm',
      destination: designer.account,
    });
    expect(fake.transfers.filter((t) => (t.metadata as Body).milestone_payment_id === row.id)).toHaveLength(1);
  });

  it('a chargeback freezes the milestone; the bank deciding for the customer counts it refunded', async () => {
    const [, second] = proj.milestones;
    const { sessionId } = await fund(customer, second!);
    expect(await pay(sessionId, 'pi_ms_disputed').response).toMatchObject({ body: { outcome: 'funded' } });
    const dispute = fake.disputeCharge('pi_ms_disputed');
    const opened = sendEvent('charge.dispute.created', dispute);
    expect(await opened.response).toEqual({ status: 200, body: { received: true, outcome: 'frozen' } });
    expect((await milestone(second!)).frozen_at).not.toBeNull();
    const [row] = await sql<{ kind: string; status: string }>(
      `select kind, status from public.milestone_disputes where provider_dispute_id = $1`,
      [dispute.id],
    );
    expect(row).toEqual({ kind: 'chargeback', status: 'open' });
    // Nothing moves while the bank decides.
    expect((await call('release-milestone', { token: customer.token, body: { milestoneId: second } })).status).toBe(
      409,
    );
    // The same dispute in another event: recorded once.
    expect(await sendEvent('charge.dispute.created', dispute).response).toEqual({
      status: 200,
      body: { received: true, outcome: 'duplicate' },
    });
    expect(await sendEvent('charge.dispute.closed', fake.closeDispute(dispute.id as string, 'lost')).response).toEqual({
      status: 200,
      body: { received: true, outcome: 'closed' },
    });
    expect(await milestone(second!)).toMatchObject({ status: 'refunded', refunded_amount: '200.00', frozen_at: null });
    const [closed] = await sql<{ status: string; outcome: string }>(
      `select status, outcome from public.milestone_disputes where provider_dispute_id = $1`,
      [dispute.id],
    );
    expect(closed).toEqual({ status: 'closed', outcome: 'lost' });
  });

  it("an order's chargeback records nothing among milestones", async () => {
    fake.paymentIntents.set('pi_not_a_milestone', {
      id: 'pi_not_a_milestone',
      amount: 5000,
      currency: 'usd',
      latest_charge: 'ch_x',
    });
    const dispute = fake.disputeCharge('pi_not_a_milestone');
    expect(await sendEvent('charge.dispute.created', dispute).response).toEqual({
      status: 200,
      body: { received: true, outcome: 'unknown' },
    });
    expect(
      await sql(`select 1 from public.milestone_disputes where provider_dispute_id = $1`, [dispute.id]),
    ).toHaveLength(0);
  });
});

describe("an operator's decision", () => {
  it('splits what is held: a partial refund to the customer and a transfer to the designer, out of the same charge', async () => {
    const customer = await person('customer', 'Robin Customer');
    const designer = await payableDesigner('Sam Designer');
    const operator = await person('customer', 'Olive Operator');
    await sql('insert into private.operators (user_id) values ($1)', [operator.id]);
    const proj = await splitProject(customer, designer, [{ title: 'Whole design', amount: 500 }]);
    const [only] = proj.milestones;
    const { sessionId } = await fund(customer, only!);
    expect(await pay(sessionId, 'pi_ms_decided').response).toMatchObject({ body: { outcome: 'funded' } });
    const { data: dispute, error } = await customer.client.rpc('open_milestone_dispute', {
      milestone_id: only,
      reason: 'The plan was never delivered',
    });
    expect(error).toBeNull();
    const disputeId = (dispute as { id: string }).id;
    const body = { disputeId, refundAmount: 200, releaseAmount: '300.00', reason: 'Half the work was delivered' };
    expect(await call('decide-dispute', { token: customer.token, body })).toMatchObject({
      status: 403,
      body: { code: 'not_operator' },
    });
    expect(await call('decide-dispute', { token: operator.token, body: { ...body, refundAmount: 100 } })).toMatchObject(
      { status: 400, body: { code: 'invalid_amount' } },
    );
    const res = await call('decide-dispute', { token: operator.token, body });
    expect(res.status).toBe(200);
    expect(res.body.dispute).toMatchObject({ id: disputeId, status: 'decided' });
    const rows = await ledger(only!);
    const refundRow = rows.find((r) => r.kind === 'refund')!;
    const transferRow = rows.find((r) => r.kind === 'transfer')!;
    expect(refundRow).toMatchObject({ amount: '200.00', reason: 'dispute', status: 'succeeded' });
    expect(transferRow).toMatchObject({ amount: '300.00', reason: 'dispute', status: 'succeeded' });
    const refund = requestsTo('POST', '/v1/refunds').find(
      (r) => r.idempotencyKey === `milestone-refund-${refundRow.id}`,
    )!;
    expect(refund.form).toMatchObject({
      payment_intent: 'pi_ms_decided',
      amount: '20000',
      'metadata[milestone_reason]': 'dispute',
    });
    const transfer = requestsTo('POST', '/v1/transfers').find(
      (r) => r.idempotencyKey === `milestone-transfer-${transferRow.id}`,
    )!;
    expect(transfer.form).toMatchObject({
      amount: '30000',
      destination: designer.account,
      source_transaction: 'ch_ms_decided',
      transfer_group: `project_${proj.id}`,
    });
    expect(await milestone(only!)).toMatchObject({
      status: 'released',
      released_amount: '300.00',
      refunded_amount: '200.00',
    });
    // Decided once.
    expect((await call('decide-dispute', { token: operator.token, body })).status).toBe(409);
  });
});
