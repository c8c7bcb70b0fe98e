import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { OrderProblemPage } from '@/features/admin/components/order-problem-page';
import {
  authUser,
  functionUrl,
  pgrstError,
  recordRequests,
  rpcUrl,
  sentAs,
  server,
  storageUrl,
} from '@/testing/supabase-http';
import { storageSignedUrls } from '@/testing/supabase-storage';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');
const PROBLEM_ID = 'f1000000-0000-4000-8000-000000000001';
const ORDER_ID = 'f2000000-0000-4000-8000-000000000001';
const PIECE_ID = 'f3000000-0000-4000-8000-000000000001';
const BUYER_ID = 'b0000000-0000-4000-8000-000000000001';
const SELLER_ID = 'd0000000-0000-4000-8000-000000000001';

type Detail = Record<string, unknown> & { problem: Record<string, unknown>; order: Record<string, unknown> };

/**
 * What rpc order_problem_detail answers for an open problem on a $240 lamp, held by Good Space: collected on Dec 2,
 * reported on Dec 3 with two photos; the seller has not answered yet.
 */
function detail(
  overrides: { problem?: Record<string, unknown>; order?: Record<string, unknown> } & Record<string, unknown> = {},
): Detail {
  const { problem, order, ...rest } = overrides;
  return {
    problem: {
      id: PROBLEM_ID,
      order_id: ORDER_ID,
      kind: 'problem',
      opened_by: BUYER_ID,
      reason: 'The shade is cracked: it was not in the photos.',
      status: 'open',
      statements_due_at: '2026-12-06T09:00:00+00:00',
      refund_amount: null,
      release_amount: null,
      decision_reason: null,
      decided_by: null,
      decided_at: null,
      provider_dispute_id: null,
      outcome: null,
      created_at: '2026-12-03T09:00:00+00:00',
      ...problem,
    },
    order: {
      id: ORDER_ID,
      catalog_item_id: PIECE_ID,
      buyer_id: BUYER_ID,
      seller_id: SELLER_ID,
      offer_id: null,
      item_title: 'Brass arc floor lamp',
      item_photo_url: null,
      amount: 240,
      currency: 'usd',
      status: 'disputed',
      provider: 'sandbox',
      checkout_session_id: 'cs_sandbox_1',
      payment_intent_id: 'pi_sandbox_1',
      refund_id: null,
      refund_reason: null,
      checkout_expires_at: '2026-11-30T09:30:00+00:00',
      paid_at: '2026-11-30T09:10:00+00:00',
      ready_at: null,
      completed_at: null,
      cancelled_at: null,
      refunded_at: null,
      created_at: '2026-11-30T09:00:00+00:00',
      updated_at: '2026-12-03T09:00:00+00:00',
      payout: 'held',
      charge_id: 'ch_sandbox_1',
      handed_over_at: '2026-12-02T15:00:00+00:00',
      release_at: '2026-12-04T15:00:00+00:00',
      refused_at: null,
      refusal_reason: null,
      refusal_photos: [],
      released_amount: 0,
      refunded_amount: 0,
      frozen_at: null,
      ...order,
    },
    buyer: { id: BUYER_ID, name: 'Maya Chen' },
    seller: { id: SELLER_ID, name: 'Jordan Park' },
    statements: [
      {
        id: 's1',
        author_id: BUYER_ID,
        author_name: 'Maya Chen',
        role: 'buyer',
        body: 'The shade is cracked: it was not in the photos.',
        photos: [`${ORDER_ID}/crack-1.webp`, `${ORDER_ID}/crack-2.webp`],
        created_at: '2026-12-03T09:00:00+00:00',
      },
    ],
    payments: [],
    windows: [
      {
        id: 'w2',
        order_id: ORDER_ID,
        proposed_by: SELLER_ID,
        proposer_role: 'seller',
        starts_at: '2026-12-02T14:00:00+00:00',
        ends_at: '2026-12-02T16:00:00+00:00',
        status: 'kept',
        confirmed_at: '2026-12-01T10:00:00+00:00',
        missed_by: null,
        missed_reported_by: null,
        reminded_day_at: null,
        reminded_2h_at: null,
        created_at: '2026-12-01T09:00:00+00:00',
        updated_at: '2026-12-02T15:00:00+00:00',
      },
      {
        id: 'w1',
        order_id: ORDER_ID,
        proposed_by: BUYER_ID,
        proposer_role: 'buyer',
        starts_at: '2026-11-30T18:00:00+00:00',
        ends_at: '2026-11-30T19:00:00+00:00',
        status: 'missed',
        confirmed_at: '2026-11-30T12:00:00+00:00',
        missed_by: 'seller',
        missed_reported_by: BUYER_ID,
        reminded_day_at: null,
        reminded_2h_at: null,
        created_at: '2026-11-30T10:00:00+00:00',
        updated_at: '2026-11-30T19:30:00+00:00',
      },
    ],
    held: 240,
    ...rest,
  };
}

/** The same problem once decided: $90 back to the buyer, $150 paid to the seller. */
const decided = () =>
  detail({
    problem: {
      status: 'decided',
      refund_amount: 90,
      release_amount: 150,
      decision_reason: 'The crack shows in one photo of the listing; the lamp works.',
      decided_by: OPERATOR.id,
      decided_at: '2026-12-04T09:00:00+00:00',
    },
    order: { status: 'completed', released_amount: 150, refunded_amount: 90 },
    payments: [
      {
        id: 'p1',
        order_id: ORDER_ID,
        kind: 'refund',
        amount: 90,
        currency: 'usd',
        status: 'succeeded',
        reason: 'problem',
        provider: 'sandbox',
        provider_id: 're_sandbox_1',
        note: null,
        created_at: '2026-12-04T09:00:00+00:00',
        completed_at: '2026-12-04T09:00:01+00:00',
      },
      {
        id: 'p2',
        order_id: ORDER_ID,
        kind: 'transfer',
        amount: 150,
        currency: 'usd',
        status: 'pending',
        reason: 'problem',
        provider: 'sandbox',
        provider_id: null,
        note: 'The seller has not finished Get paid.',
        created_at: '2026-12-04T09:00:00+00:00',
        completed_at: null,
      },
    ],
    held: 0,
  });

/** rpc order_problem_detail answers `answers` one after the other (the last one again). */
function detailAnswers(...answers: Detail[]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('order_problem_detail'), () => HttpResponse.json(answers[Math.min(call++, answers.length - 1)])),
    http.post(storageUrl('object/sign/order-photos'), ({ request }) => storageSignedUrls(request)),
  );
}

function renderProblem() {
  return renderApp(<OrderProblemPage id={PROBLEM_ID} />, {
    user: OPERATOR,
    url: `/admin/orders/${PROBLEM_ID}`,
    path: '/admin/orders/:problemId',
  });
}

describe('OrderProblemPage: one order’s problem, and the operator’s decision', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('shows the order, the parties, the statements with photos, the pickup windows and the payments', async () => {
    detailAnswers(detail());
    renderProblem();
    expect(await screen.findByRole('heading', { level: 1, name: 'Problem: Brass arc floor lamp' })).toBeInTheDocument();
    const [call] = await sent.to('POST', 'rest/v1/rpc/order_problem_detail');
    expect(call!.body).toEqual({ problem_id: PROBLEM_ID });
    expect(sentAs(call!)).toBe(OPERATOR.id);
    // The photos' links are signed in one request, as the operator, from the private bucket.
    const [sign] = await sent.to('POST', 'storage/v1/object/sign/order-photos');
    expect(sign!.body).toEqual({ expiresIn: 600, paths: [`${ORDER_ID}/crack-1.webp`, `${ORDER_ID}/crack-2.webp`] });
    expect(sentAs(sign!)).toBe(OPERATOR.id);

    const opened = screen.getByRole('region', { name: 'Why it was reported' });
    expect(opened).toHaveTextContent('by the buyer, Maya Chen');
    expect(opened).toHaveTextContent('Waiting for a decision');

    const order = screen.getByRole('region', { name: 'Order' });
    const fact = (term: string) => within(order).getByText(term).nextElementSibling?.textContent;
    expect(fact('Amount')).toBe('$240');
    expect(fact('Held')).toBe('$240');
    expect(fact('State')).toBe('In dispute');
    expect(fact('Payout')).toBe('Held by Good Space until the handover');
    expect(fact('Collected')).toMatch(/^Dec 2, 2026/);
    expect(fact('Problems until')).toMatch(/^Dec 4, 2026/);
    expect(within(order).getByRole('link', { name: 'Brass arc floor lamp' })).toHaveAttribute(
      'href',
      `/admin/subject/piece/${PIECE_ID}`,
    );
    expect(within(order).queryByText('Refused at pickup')).not.toBeInTheDocument();

    const parties = screen.getByRole('region', { name: 'Parties' });
    expect(within(parties).getByRole('link', { name: 'Maya Chen' })).toHaveAttribute(
      'href',
      `/admin/subject/person/${BUYER_ID}`,
    );
    expect(within(parties).getByRole('link', { name: 'Jordan Park' })).toHaveAttribute(
      'href',
      `/admin/subject/person/${SELLER_ID}`,
    );

    const statements = within(screen.getByRole('list', { name: 'Statements' })).getAllByRole('listitem', {
      name: '',
    });
    const buyer = statements.find((li) => li.textContent?.startsWith('Buyer Maya Chen'))!;
    expect(buyer).toHaveTextContent('The shade is cracked: it was not in the photos.');
    const photos = within(buyer).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('alt'))).toEqual([
      "Buyer Maya Chen's statement, photo 1",
      "Buyer Maya Chen's statement, photo 2",
    ]);
    expect(photos[0]!.getAttribute('src')).toContain(`order-photos/${ORDER_ID}/crack-1.webp?token=`);
    const seller = statements.find((li) => li.textContent?.startsWith('Seller Jordan Park'))!;
    expect(seller).toHaveTextContent('No statement yet.');

    // The windows, the earliest first: the seller missed the first one, the second was kept.
    const windows = within(screen.getByRole('list', { name: 'Pickup windows' })).getAllByRole('listitem');
    expect(windows.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Nov 30, 2026, .* – .*Missed by the seller$/),
      expect.stringMatching(/^Dec 2, 2026, .* – .*Kept: the handover happened$/),
    ]);

    expect(screen.getByRole('region', { name: 'Payments' })).toHaveTextContent('No payments yet.');

    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByRole('form', { name: 'Decide' })).toBeInTheDocument();
    expect(decision).toHaveTextContent('To split: $240.');
  });

  it('shows a refusal at pickup with its reason and photos', async () => {
    detailAnswers(
      detail({
        order: {
          status: 'refused',
          refused_at: '2026-12-02T15:10:00+00:00',
          refusal_reason: 'It wobbles and the switch is broken.',
          refusal_photos: [`${ORDER_ID}/switch.webp`],
          refund_reason: 'refused',
          refunded_amount: 240,
        },
        problem: { kind: 'chargeback', opened_by: null, reason: 'product_not_received', status: 'open' },
        statements: [],
        held: 0,
      }),
    );
    renderProblem();
    const order = await screen.findByRole('region', { name: 'Order' });
    expect(within(order).getByRole('heading', { name: 'Refused at pickup' })).toBeInTheDocument();
    expect(within(order).getByText('It wobbles and the switch is broken.')).toBeInTheDocument();
    expect(within(order).getByRole('img', { name: 'Refusal, photo 1' }).getAttribute('src')).toContain(
      `order-photos/${ORDER_ID}/switch.webp?token=`,
    );
    expect(within(order).getByText('State').nextElementSibling).toHaveTextContent('Refused at pickup');
    expect(within(order).getByText('Refunded').nextElementSibling).toHaveTextContent('$240, refused at pickup');
  });

  it('fills the other amount as one types, and offers the quick splits', async () => {
    detailAnswers(detail());
    const { user } = renderProblem();
    const form = await screen.findByRole('form', { name: 'Decide' });
    const refund = within(form).getByLabelText('Refund to the buyer');
    const release = within(form).getByLabelText('Pay the seller');
    expect(within(form).getByText("Back to Maya Chen's card.")).toBeInTheDocument();
    expect(within(form).getByText('Paid out to Jordan Park.')).toBeInTheDocument();
    await user.type(refund, '90');
    expect(release).toHaveValue(150);
    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    expect(refund).toHaveValue(120);
    expect(release).toHaveValue(120);
    await user.click(within(form).getByRole('button', { name: 'All to the buyer' }));
    expect(refund).toHaveValue(240);
    expect(release).toHaveValue(0);
    await user.click(within(form).getByRole('button', { name: 'All to the seller' }));
    expect(refund).toHaveValue(0);
    expect(release).toHaveValue(240);
  });

  it('refuses amounts that do not add up to what is held, and a missing reason, before asking anyone', async () => {
    detailAnswers(detail());
    const { user } = renderProblem();
    const form = await screen.findByRole('form', { name: 'Decide' });
    const submit = within(form).getByRole('button', { name: 'Decide and move the money' });
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter the refund to the buyer ($0 for none)');

    const refund = within(form).getByLabelText('Refund to the buyer');
    const release = within(form).getByLabelText('Pay the seller');
    await user.type(refund, '100');
    expect(release).toHaveValue(140);
    // More than is held: the other amount is left as it was.
    await user.clear(release);
    await user.click(release);
    await user.paste('300');
    expect(refund).toHaveValue(100);
    await user.type(within(form).getByLabelText('Reason'), 'Split');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The refund and the payout must add up to $240');
    expect(refund).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    await user.clear(within(form).getByLabelText('Reason'));
    await user.type(within(form).getByLabelText('Reason'), 'x'.repeat(1001));
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The reason must be at most 1000 characters');
    expect(await sent.to('POST', 'functions/v1/decide-order-problem')).toEqual([]);
  });

  it('decides through decide-order-problem, thanks, and shows the decision and the payments', async () => {
    detailAnswers(detail(), decided());
    server.use(
      http.post(functionUrl('decide-order-problem'), () =>
        HttpResponse.json({ problem: decided().problem, order: decided().order }),
      ),
    );
    const { user } = renderProblem();
    const form = await screen.findByRole('form', { name: 'Decide' });
    await user.type(within(form).getByLabelText('Refund to the buyer'), '90');
    await user.type(
      within(form).getByLabelText('Reason'),
      ' The crack shows in one photo of the listing; the lamp works. ',
    );
    await user.click(within(form).getByRole('button', { name: 'Decide and move the money' }));
    await findToast('Problem decided. Both parties are told.', 'success');
    const [call] = await sent.to('POST', 'functions/v1/decide-order-problem');
    expect(call!.body).toEqual({
      problemId: PROBLEM_ID,
      refundAmount: 90,
      releaseAmount: 150,
      reason: 'The crack shows in one photo of the listing; the lamp works.',
    });
    expect(sentAs(call!)).toBe(OPERATOR.id);

    const sentence = await screen.findByText('Refunded $90 to Maya Chen and paid $150 to Jordan Park.');
    const region = screen.getByRole('region', { name: 'Decision' });
    expect(region).toContainElement(sentence);
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    const payments = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(payments.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Refund \$90, by a decision on a problemDone · Dec 4, 2026/),
      expect.stringMatching(
        /^Payout \$150, by a decision on a problemPending · .* · The seller has not finished Get paid\.$/,
      ),
    ]);
  });

  it("shows the function's sentence when the decision is refused", async () => {
    detailAnswers(detail());
    server.use(
      http.post(functionUrl('decide-order-problem'), () =>
        HttpResponse.json(
          { error: "A chargeback froze this order's payment until the bank decides.", code: 'wrong_state' },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderProblem();
    const form = await screen.findByRole('form', { name: 'Decide' });
    await user.click(within(form).getByRole('button', { name: 'All to the buyer' }));
    await user.type(within(form).getByLabelText('Reason'), 'Not as described.');
    await user.click(within(form).getByRole('button', { name: 'Decide and move the money' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      "A chargeback froze this order's payment until the bank decides.",
    );
    expect(raisedToasts('success')).toEqual([]);
  });

  it('offers no decision while a chargeback freezes the order', async () => {
    detailAnswers(detail({ order: { frozen_at: '2026-12-03T10:00:00+00:00' } }));
    renderProblem();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent("A chargeback froze this order's payment");
    expect(within(decision).queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Order' })).toHaveTextContent(/Frozen by a chargeback since Dec 3, 2026/);
  });

  it('shows a chargeback read-only: the bank decides, with its outcome', async () => {
    detailAnswers(
      detail({
        problem: { kind: 'chargeback', opened_by: null, reason: 'fraudulent', status: 'closed', outcome: 'won' },
        statements: [],
      }),
    );
    renderProblem();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chargeback: Brass arc floor lamp' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: "The bank's decision" })).toHaveTextContent(
      'Won: the payment stays with Good Space',
    );
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Statements' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chargeback' })).toHaveTextContent("by the buyer's bank");
  });

  it('says so when the problem cannot be read', async () => {
    server.use(http.post(rpcUrl('order_problem_detail'), () => pgrstError(404, 'P0002', 'Order not found')));
    renderProblem();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this problem');
  });
});
