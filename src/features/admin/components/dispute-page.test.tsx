import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { DisputePage } from '@/features/admin/components/dispute-page';
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
const DISPUTE_ID = 'e1000000-0000-4000-8000-000000000001';
const PROJECT_ID = 'e3000000-0000-4000-8000-000000000001';
const CUSTOMER_ID = 'c0000000-0000-4000-8000-000000000001';
const DESIGNER_ID = 'd0000000-0000-4000-8000-000000000001';

type Detail = Record<string, unknown> & { dispute: Record<string, unknown>; milestone: Record<string, unknown> };

/** What rpc milestone_dispute_detail answers for an open dispute on a submitted $500 milestone, $100 refunded. */
function detail(
  overrides: { dispute?: Record<string, unknown>; milestone?: Record<string, unknown> } & Record<string, unknown> = {},
): Detail {
  const { dispute, milestone, ...rest } = overrides;
  return {
    dispute: {
      id: DISPUTE_ID,
      milestone_id: 'e2000000-0000-4000-8000-000000000001',
      project_id: PROJECT_ID,
      kind: 'dispute',
      opened_by: CUSTOMER_ID,
      reason: 'The boards are not what we agreed.',
      status: 'open',
      statements_due_at: '2026-12-06T09:00:00+00:00',
      refund_amount: null,
      release_amount: null,
      decision_reason: null,
      decided_by: null,
      decided_at: null,
      provider_dispute_id: null,
      outcome: null,
      created_at: '2026-12-01T09:00:00+00:00',
      ...dispute,
    },
    milestone: {
      id: 'e2000000-0000-4000-8000-000000000001',
      project_id: PROJECT_ID,
      bid_id: null,
      customer_id: CUSTOMER_ID,
      designer_id: DESIGNER_ID,
      position: 1,
      title: 'Concept boards',
      amount: 500,
      status: 'disputed',
      provider: 'sandbox',
      payment_intent_id: 'pi_sandbox_1',
      charge_id: 'ch_sandbox_1',
      funded_at: '2026-11-20T09:00:00+00:00',
      submitted_at: '2026-11-28T09:00:00+00:00',
      submission_note: 'Three boards, as discussed.',
      submission_photos: [`${PROJECT_ID}/board-1.webp`],
      changes_requested_at: null,
      changes_note: null,
      auto_release_at: null,
      reminded_3d_at: null,
      reminded_1d_at: null,
      released_at: null,
      released_amount: 0,
      refunded_amount: 100,
      cancel_requested_at: null,
      frozen_at: null,
      created_at: '2026-11-10T09:00:00+00:00',
      updated_at: '2026-12-01T09:00:00+00:00',
      ...milestone,
    },
    project: { id: PROJECT_ID, title: 'Kitchen refresh' },
    customer: { id: CUSTOMER_ID, name: 'Jordan Lee' },
    designer: { id: DESIGNER_ID, name: 'Ada Stone' },
    statements: [
      {
        id: 's1',
        author_id: CUSTOMER_ID,
        author_name: 'Jordan Lee',
        role: 'customer',
        body: 'We asked for warm colours.',
        photos: [`${PROJECT_ID}/proof-1.webp`, `${PROJECT_ID}/proof-2.webp`],
        created_at: '2026-12-02T09:00:00+00:00',
      },
    ],
    payments: [
      {
        id: 'p1',
        milestone_id: 'e2000000-0000-4000-8000-000000000001',
        project_id: PROJECT_ID,
        kind: 'charge',
        amount: 500,
        currency: 'usd',
        status: 'succeeded',
        reason: 'funding',
        provider: 'sandbox',
        provider_id: 'pi_sandbox_1',
        checkout_session_id: null,
        checkout_expires_at: null,
        note: null,
        created_at: '2026-11-20T08:59:00+00:00',
        completed_at: '2026-11-20T09:00:00+00:00',
      },
      {
        id: 'p2',
        milestone_id: 'e2000000-0000-4000-8000-000000000001',
        project_id: PROJECT_ID,
        kind: 'refund',
        amount: 100,
        currency: 'usd',
        status: 'succeeded',
        reason: 'designer_refund',
        provider: 'sandbox',
        provider_id: 're_sandbox_1',
        checkout_session_id: null,
        checkout_expires_at: null,
        note: null,
        created_at: '2026-11-25T09:00:00+00:00',
        completed_at: '2026-11-25T09:00:00+00:00',
      },
    ],
    remaining: 400,
    ...rest,
  };
}

/** The same dispute once decided: $150 back to the customer, $250 to the designer. */
const decided = () =>
  detail({
    dispute: {
      status: 'decided',
      refund_amount: 150,
      release_amount: 250,
      decision_reason: 'Two of three boards match the brief.',
      decided_by: OPERATOR.id,
      decided_at: '2026-12-03T09:00:00+00:00',
    },
    milestone: { status: 'released', released_amount: 250, refunded_amount: 250 },
    remaining: 0,
  });

/** rpc milestone_dispute_detail answers `answers` one after the other (the last one again). */
function detailAnswers(...answers: Detail[]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('milestone_dispute_detail'), () =>
      HttpResponse.json(answers[Math.min(call++, answers.length - 1)]),
    ),
    http.post(storageUrl('object/sign/milestone-photos'), ({ request }) => storageSignedUrls(request)),
  );
}

function renderDispute() {
  return renderApp(<DisputePage id={DISPUTE_ID} />, {
    user: OPERATOR,
    url: `/admin/disputes/${DISPUTE_ID}`,
    path: '/admin/disputes/:id',
  });
}

describe('DisputePage: one dispute, and the operator’s decision', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('shows the milestone and its submission, the parties, both statements with photos and the payments', async () => {
    detailAnswers(detail());
    renderDispute();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dispute: Kitchen refresh, Concept boards' }),
    ).toBeInTheDocument();
    const [call] = await sent.to('POST', 'rest/v1/rpc/milestone_dispute_detail');
    expect(call!.body).toEqual({ dispute_id: DISPUTE_ID });
    expect(sentAs(call!)).toBe(OPERATOR.id);
    // The photos' links are signed in one request, as the operator.
    const [sign] = await sent.to('POST', 'storage/v1/object/sign/milestone-photos');
    expect(sign!.body).toEqual({
      expiresIn: 600,
      paths: [`${PROJECT_ID}/board-1.webp`, `${PROJECT_ID}/proof-1.webp`, `${PROJECT_ID}/proof-2.webp`],
    });
    expect(sentAs(sign!)).toBe(OPERATOR.id);

    const opened = screen.getByRole('region', { name: 'Why it was opened' });
    expect(opened).toHaveTextContent('by the customer, Jordan Lee');
    expect(within(opened).getByText('The boards are not what we agreed.')).toBeInTheDocument();

    const milestone = screen.getByRole('region', { name: 'Milestone 1: Concept boards' });
    const fact = (term: string) => within(milestone).getByText(term).nextElementSibling?.textContent;
    expect(fact('Amount')).toBe('$500');
    expect(fact('State')).toBe('Disputed');
    expect(fact('Refunded')).toBe('$100');
    expect(fact('Remaining')).toBe('$400');
    expect(within(milestone).getByText('Three boards, as discussed.')).toBeInTheDocument();
    expect(within(milestone).getByRole('img', { name: 'Submission, photo 1' }).getAttribute('src')).toContain(
      `milestone-photos/${PROJECT_ID}/board-1.webp?token=`,
    );

    const parties = screen.getByRole('region', { name: 'Project and parties' });
    expect(within(parties).getByRole('link', { name: 'Jordan Lee' })).toHaveAttribute(
      'href',
      `/admin/subject/person/${CUSTOMER_ID}`,
    );
    expect(within(parties).getByRole('link', { name: 'Ada Stone' })).toHaveAttribute(
      'href',
      `/admin/subject/person/${DESIGNER_ID}`,
    );
    expect(within(parties).getByRole('link', { name: 'Kitchen refresh' })).toHaveAttribute(
      'href',
      `/admin/subject/project/${PROJECT_ID}`,
    );

    const statements = within(screen.getByRole('region', { name: 'Statements' })).getAllByRole('listitem', {
      name: '',
    });
    const customer = statements.find((li) => li.textContent?.startsWith('Customer Jordan Lee'))!;
    expect(customer).toHaveTextContent('We asked for warm colours.');
    expect(
      within(customer)
        .getAllByRole('img')
        .map((img) => img.getAttribute('alt')),
    ).toEqual(["Customer Jordan Lee's statement, photo 1", "Customer Jordan Lee's statement, photo 2"]);
    const designer = statements.find((li) => li.textContent?.startsWith('Designer Ada Stone'))!;
    expect(designer).toHaveTextContent('No statement yet.');

    const payments = within(screen.getByRole('list', { name: 'Payments' })).getAllByRole('listitem');
    expect(payments.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/^Payment \$500, funded by the customerDone · Nov 20, 2026/),
      expect.stringMatching(/^Refund \$100, refunded by the designerDone · Nov 25, 2026/),
    ]);

    const decision = screen.getByRole('region', { name: 'Decision' });
    expect(within(decision).getByRole('form', { name: 'Decide' })).toBeInTheDocument();
    expect(decision).toHaveTextContent('To split: $400.');
  });

  it('fills the other amount as one types, and offers the quick splits', async () => {
    detailAnswers(detail());
    const { user } = renderDispute();
    const form = await screen.findByRole('form', { name: 'Decide' });
    const refund = within(form).getByLabelText('Refund to the customer');
    const release = within(form).getByLabelText('Release to the designer');
    await user.type(refund, '150');
    expect(release).toHaveValue(250);
    await user.clear(release);
    await user.type(release, '399.99');
    expect(refund).toHaveValue(0.01);
    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    expect(refund).toHaveValue(200);
    expect(release).toHaveValue(200);
    await user.click(within(form).getByRole('button', { name: 'All to the customer' }));
    expect(refund).toHaveValue(400);
    expect(release).toHaveValue(0);
    await user.click(within(form).getByRole('button', { name: 'All to the designer' }));
    expect(refund).toHaveValue(0);
    expect(release).toHaveValue(400);
  });

  it('refuses amounts that do not add up to what remains, and a missing reason, before asking anyone', async () => {
    detailAnswers(detail());
    const { user } = renderDispute();
    const form = await screen.findByRole('form', { name: 'Decide' });
    const submit = within(form).getByRole('button', { name: 'Decide and move the money' });
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter the refund to the customer ($0 for none)');

    const refund = within(form).getByLabelText('Refund to the customer');
    const release = within(form).getByLabelText('Release to the designer');
    await user.type(release, '100');
    expect(refund).toHaveValue(300);
    // More than remains: the other amount is left as it was.
    await user.clear(refund);
    await user.click(refund);
    await user.paste('500');
    expect(release).toHaveValue(100);
    await user.type(within(form).getByLabelText('Reason'), 'Half done');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('The refund and the release must add up to $400');
    expect(refund).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    await user.clear(release);
    await user.type(release, '300.001');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Enter amounts in dollars and cents, $0 or more');

    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    await user.clear(within(form).getByLabelText('Reason'));
    await user.type(within(form).getByLabelText('Reason'), '   ');
    await user.click(submit);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Please give a reason');
    expect(within(form).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.to('POST', 'functions/v1/decide-dispute')).toEqual([]);
  });

  it('can be decided with the keyboard alone', async () => {
    detailAnswers(detail(), decided());
    server.use(http.post(functionUrl('decide-dispute'), () => HttpResponse.json({ dispute: decided().dispute })));
    const { user } = renderDispute();
    const form = await screen.findByRole('form', { name: 'Decide' });
    within(form).getByRole('button', { name: 'All to the customer' }).focus();
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Half each' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.tab();
    expect(within(form).getByLabelText('Refund to the customer')).toHaveFocus();
    await user.keyboard('{Control>}a{/Control}150');
    expect(within(form).getByLabelText('Release to the designer')).toHaveValue(250);
    await user.tab();
    await user.tab();
    expect(within(form).getByLabelText('Reason')).toHaveFocus();
    await user.keyboard('Two of three boards match the brief.');
    await user.tab();
    expect(within(form).getByRole('button', { name: 'Decide and move the money' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await findToast('Dispute decided. Both parties are told.', 'success');
    const [call] = await sent.to('POST', 'functions/v1/decide-dispute');
    expect(call!.body).toMatchObject({ refundAmount: 150, releaseAmount: 250 });
  });

  it("shows the function's sentence when the decision is refused", async () => {
    detailAnswers(detail());
    server.use(
      http.post(functionUrl('decide-dispute'), () =>
        HttpResponse.json({ error: 'This dispute is already decided.', code: 'wrong_state' }, { status: 409 }),
      ),
    );
    const { user } = renderDispute();
    const form = await screen.findByRole('form', { name: 'Decide' });
    await user.click(within(form).getByRole('button', { name: 'Half each' }));
    await user.type(within(form).getByLabelText('Reason'), 'Half the work was done.');
    await user.click(within(form).getByRole('button', { name: 'Decide and move the money' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This dispute is already decided.');
    expect(raisedToasts('success')).toEqual([]);
  });

  it('decides through decide-dispute, thanks, and shows the decision', async () => {
    detailAnswers(detail(), decided());
    server.use(
      http.post(functionUrl('decide-dispute'), () => HttpResponse.json({ dispute: { ...decided().dispute } })),
    );
    const { user } = renderDispute();
    const form = await screen.findByRole('form', { name: 'Decide' });
    await user.type(within(form).getByLabelText('Refund to the customer'), '150');
    await user.type(within(form).getByLabelText('Reason'), ' Two of three boards match the brief. ');
    await user.click(within(form).getByRole('button', { name: 'Decide and move the money' }));
    await findToast('Dispute decided. Both parties are told.', 'success');
    const [call] = await sent.to('POST', 'functions/v1/decide-dispute');
    expect(call!.body).toEqual({
      disputeId: DISPUTE_ID,
      refundAmount: 150,
      releaseAmount: 250,
      reason: 'Two of three boards match the brief.',
    });
    expect(sentAs(call!)).toBe(OPERATOR.id);
    const decision = await screen.findByText('Refunded $150 to Jordan Lee and released $250 to Ada Stone.');
    const region = screen.getByRole('region', { name: 'Decision' });
    expect(region).toContainElement(decision);
    expect(within(region).getByText('Two of three boards match the brief.')).toBeInTheDocument();
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Why it was opened' })).toHaveTextContent('Decided');
  });

  it('shows a chargeback read-only: the bank decides, with its outcome', async () => {
    detailAnswers(
      detail({
        dispute: { kind: 'chargeback', opened_by: null, reason: 'fraudulent', status: 'closed', outcome: 'won' },
        milestone: { frozen_at: null },
        statements: [],
      }),
    );
    renderDispute();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Chargeback: Kitchen refresh, Concept boards' }),
    ).toBeInTheDocument();
    const decision = screen.getByRole('region', { name: "The bank's decision" });
    expect(decision).toHaveTextContent('Won: the payment stays with Good Space');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Statements' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chargeback' })).toHaveTextContent("by the customer's bank");
  });

  it('offers no decision while a chargeback freezes the milestone', async () => {
    detailAnswers(detail({ milestone: { frozen_at: '2026-12-02T10:00:00+00:00' } }));
    renderDispute();
    const decision = await screen.findByRole('region', { name: 'Decision' });
    expect(decision).toHaveTextContent('A chargeback froze this milestone');
    expect(within(decision).queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Milestone 1: Concept boards' })).toHaveTextContent(
      /^.*Frozen by a chargeback since Dec 2, 2026/,
    );
  });

  it('says so when the dispute cannot be read', async () => {
    server.use(http.post(rpcUrl('milestone_dispute_detail'), () => pgrstError(404, 'P0002', 'Dispute not found')));
    renderDispute();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this dispute');
  });
});
