import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MilestonesCard } from '@/features/milestones/components/milestones-card';
import { pageNavigation } from '@/lib/page-navigation';
import { browserImages } from '@/testing/browser-images';
import { aMilestone, aMilestonePayment } from '@/testing/factories';
import { findToast, renderApp } from '@/testing/render-app';
import {
  authUser,
  functionUrl,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  sentAs,
  server,
  storageUrl,
  storeSession,
} from '@/testing/supabase-http';
import { storageSignedUrls, storageUploaded } from '@/testing/supabase-storage';

const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dora@example.com');
const M1 = 'f0000000-0000-4000-8000-000000000001';
const M2 = 'f0000000-0000-4000-8000-000000000002';
const M3 = 'f0000000-0000-4000-8000-000000000003';
const PAYMENT = '90000000-0000-4000-8000-000000000001';
const DISPUTE = 'a0000000-0000-4000-8000-000000000001';

const parties = { project_id: PROJECT, customer_id: CUSTOMER.id, designer_id: DESIGNER.id };
const milestone = (overrides: Parameters<typeof aMilestone>[0]) => aMilestone({ ...parties, ...overrides });

type World = {
  milestones: ReturnType<typeof aMilestone>[];
  payments?: ReturnType<typeof aMilestonePayment>[];
  disputes?: Record<string, unknown>[];
};

/** The project's milestones, payments and disputes as row-level security lets its two parties read them. */
function backend(world: World) {
  const current = { ...world };
  server.use(
    http.get(restUrl('project_milestones'), ({ request }) => pgrstRows(request, current.milestones)),
    http.get(restUrl('milestone_payments'), ({ request }) => pgrstRows(request, current.payments ?? [])),
    http.get(restUrl('milestone_disputes'), ({ request }) => pgrstRows(request, current.disputes ?? [])),
    http.post(storageUrl('object/sign/milestone-photos'), ({ request }) => storageSignedUrls(request)),
  );
  return current;
}

function renderCard(viewer: 'customer' | 'designer', { fundedPaymentId = null as string | null } = {}) {
  const user = viewer === 'customer' ? CUSTOMER : DESIGNER;
  storeSession(user);
  return renderApp(
    <MilestonesCard
      projectId={PROJECT}
      projectTitle="Sunny loft"
      projectActive
      userId={user.id}
      viewer={viewer}
      fundedPaymentId={fundedPaymentId}
    />,
    { user, url: `/project/${PROJECT}`, path: '/project/:projectId' },
  );
}

const article = async (title: string) => screen.findByRole('article', { name: title });
const buttonNames = (element: HTMLElement) =>
  within(element)
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('MilestonesCard (docs/milestones.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  const opened: string[] = [];
  beforeEach(() => {
    sent = recordRequests();
    opened.length = 0;
    vi.spyOn(pageNavigation, 'open').mockImplementation((url) => void opened.push(url));
  });
  afterEach(() => {
    sent.stop();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows the design fee apart from the budget, each state in words, and the totals', async () => {
    backend({
      milestones: [
        milestone({
          id: M1,
          position: 1,
          title: 'Design board',
          amount: 300,
          status: 'released',
          released_amount: 300,
        }),
        milestone({ id: M2, position: 2, title: 'Sourcing', amount: 900.5, status: 'funded' }),
      ],
    });
    renderCard('customer');
    const card = await screen.findByRole('region', { name: 'Milestones' });
    expect(card).toHaveAttribute('id', 'milestones');
    expect(card).toHaveTextContent('The design fee is paid through milestones, apart from the furnishing budget.');
    expect(await article('Design board')).toHaveTextContent('Released');
    expect(await article('Sourcing')).toHaveTextContent('Funded');
    const totals = within(card).getByTestId('design-fee-totals');
    expect(totals).toHaveTextContent('Design fee$1,200.50');
    expect(totals).toHaveTextContent('Held by Good Space$900.50');
    const [read] = await sent.to('GET', 'rest/v1/project_milestones');
    expect(read!.url.searchParams.get('project_id')).toBe(`eq.${PROJECT}`);
    expect(sentAs(read!)).toBe(CUSTOMER.id);
  });

  it('lets the customer fund only the next milestone in order; the function gets the milestone, never an amount', async () => {
    backend({
      milestones: [
        milestone({ id: M1, position: 1, title: 'Design board', status: 'released', released_amount: 300 }),
        milestone({ id: M2, position: 2, title: 'Sourcing' }),
        milestone({ id: M3, position: 3, title: 'Styling' }),
      ],
    });
    server.use(
      http.post(functionUrl('fund-milestone'), () =>
        HttpResponse.json({
          url: `http://localhost:3000/sandbox/fund?payment=${PAYMENT}`,
          provider: 'sandbox',
          paymentId: PAYMENT,
        }),
      ),
    );
    const { user } = renderCard('customer');
    expect(screen.queryAllByRole('button', { name: 'Fund milestone' })).toHaveLength(0);
    const sourcing = await article('Sourcing');
    expect(within(await article('Styling')).queryByRole('button')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Fund milestone' })).toHaveLength(1);
    await user.click(within(sourcing).getByRole('button', { name: 'Fund milestone' }));
    await waitFor(() => expect(opened).toEqual([`http://localhost:3000/sandbox/fund?payment=${PAYMENT}`]));
    const [call] = await sent.to('POST', 'functions/v1/fund-milestone');
    expect(call!.body).toEqual({ milestoneId: M2, cancelUrl: `${window.location.origin}/project/${PROJECT}` });
    expect(sentAs(call!)).toBe(CUSTOMER.id);
  });

  it("says 'Failed to submit. Please try again.' when the checkout cannot start, with the database's reason", async () => {
    backend({ milestones: [milestone({ id: M1, title: 'Design board' })] });
    server.use(
      http.post(functionUrl('fund-milestone'), () =>
        HttpResponse.json({ error: 'This milestone is already funded', code: 'not_fundable' }, { status: 409 }),
      ),
    );
    const { user } = renderCard('customer');
    await user.click(await screen.findByRole('button', { name: 'Fund milestone' }));
    const toast = await findToast('Failed to submit. Please try again.', 'error');
    expect(toast).toHaveTextContent('This milestone is already funded');
    expect(opened).toEqual([]);
  });

  it("offers the customer each state's steps: release, request changes, ask to cancel, dispute; nothing while frozen", async () => {
    backend({
      milestones: [
        milestone({
          id: M1,
          position: 1,
          title: 'Design board',
          status: 'submitted',
          submitted_at: '2026-11-02T10:00:00.000Z',
          submission_note: 'Board attached',
          submission_photos: [`${PROJECT}/board.webp`],
          auto_release_at: '2026-11-16T10:00:00.000Z',
        }),
        milestone({ id: M2, position: 2, title: 'Sourcing', status: 'funded' }),
        milestone({ id: M3, position: 3, title: 'Styling', status: 'funded', frozen_at: '2026-11-03T00:00:00.000Z' }),
      ],
    });
    renderCard('customer');
    const submitted = await article('Design board');
    expect(buttonNames(submitted)).toEqual(['Release payment', 'Request changes', 'Open dispute']);
    expect(submitted).toHaveTextContent('released to the designer automatically on Nov 16, 2026 unless you answer');
    expect(submitted).toHaveTextContent('Board attached');
    const photo = await within(submitted).findByRole('img', { name: 'Submission of Design board, 1 of 1' });
    expect(photo.getAttribute('src')).toContain(`token=signed-${PROJECT}/board.webp`);
    expect(buttonNames(await article('Sourcing'))).toEqual(['Release payment', 'Ask to cancel', 'Open dispute']);
    const frozen = await article('Styling');
    expect(buttonNames(frozen)).toEqual([]);
    expect(frozen).toHaveTextContent('Frozen by a chargeback');
  });

  it("offers the designer their steps: submit, agree to cancel, refund, dispute; never the customer's", async () => {
    backend({
      milestones: [
        milestone({
          id: M1,
          position: 1,
          title: 'Design board',
          status: 'funded',
          cancel_requested_at: '2026-11-02T10:00:00.000Z',
        }),
        milestone({
          id: M2,
          position: 2,
          title: 'Sourcing',
          status: 'submitted',
          submitted_at: '2026-11-02T10:00:00.000Z',
        }),
        milestone({ id: M3, position: 3, title: 'Styling' }),
      ],
    });
    renderCard('designer');
    const asked = await article('Design board');
    expect(buttonNames(asked)).toEqual(['Submit milestone', 'Agree to cancel', 'Refund', 'Open dispute']);
    expect(asked).toHaveTextContent('The customer asked to cancel this milestone.');
    expect(buttonNames(await article('Sourcing'))).toEqual(['Refund', 'Open dispute']);
    const unfunded = await article('Styling');
    expect(buttonNames(unfunded)).toEqual([]);
    expect(unfunded).toHaveTextContent('Waiting for the customer to fund it.');
  });

  it('releases after a confirmation, through the function, and says so', async () => {
    backend({
      milestones: [
        milestone({ id: M1, title: 'Design board', status: 'submitted', submitted_at: '2026-11-02T10:00:00.000Z' }),
      ],
    });
    server.use(
      http.post(functionUrl('release-milestone'), () =>
        HttpResponse.json({ milestone: milestone({ id: M1, status: 'released', released_amount: 300 }) }),
      ),
    );
    const { user } = renderCard('customer');
    await user.click(await screen.findByRole('button', { name: 'Release payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release “Design board”?' });
    expect(dialog).toHaveTextContent('$300 goes to the designer. This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Release payment' }));
    await findToast('Payment released to the designer', 'success');
    const [call] = await sent.to('POST', 'functions/v1/release-milestone');
    expect(call!.body).toEqual({ milestoneId: M1 });
    expect(sentAs(call!)).toBe(CUSTOMER.id);
  });

  it('requests changes with a note (required), through rpc request_milestone_changes, by keyboard', async () => {
    backend({
      milestones: [
        milestone({ id: M1, title: 'Design board', status: 'submitted', submitted_at: '2026-11-02T10:00:00.000Z' }),
      ],
    });
    server.use(
      http.post(rpcUrl('request_milestone_changes'), () =>
        HttpResponse.json(milestone({ id: M1, status: 'changes_requested' })),
      ),
    );
    const { user } = renderCard('customer');
    (await screen.findByRole('button', { name: 'Request changes' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Request changes to “Design board”' });
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Say what should change');
    expect(await sent.to('POST', 'rest/v1/rpc/request_milestone_changes')).toEqual([]);
    await user.type(within(dialog).getByLabelText('What should change'), '  Warmer colours  ');
    await user.click(within(dialog).getByRole('button', { name: 'Request changes' }));
    await findToast('Changes requested', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/request_milestone_changes');
    expect(call!.body).toEqual({ milestone_id: M1, note: 'Warmer colours' });
    expect(sentAs(call!)).toBe(CUSTOMER.id);
  });

  it("says the database's sentence when a step is refused (the milestone moved meanwhile)", async () => {
    backend({ milestones: [milestone({ id: M1, title: 'Design board', status: 'funded' })] });
    server.use(
      http.post(rpcUrl('request_milestone_cancel'), () =>
        pgrstError(400, '55000', 'This milestone was already submitted, so it can no longer be cancelled.'),
      ),
    );
    const { user } = renderCard('customer');
    await user.click(await screen.findByRole('button', { name: 'Ask to cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask to cancel “Design board”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ask to cancel' }));
    await findToast('This milestone was already submitted, so it can no longer be cancelled.', 'error');
  });

  it('submits with a note and photos: each made WebP in the browser and uploaded to the project folder first', async () => {
    const drawn = browserImages({ size: [4000, 3000] });
    backend({ milestones: [milestone({ id: M1, title: 'Design board', status: 'funded' })] });
    server.use(
      http.post(storageUrl(`object/milestone-photos/${PROJECT}/*`), ({ request }) => storageUploaded(request)),
      http.post(rpcUrl('submit_milestone'), () =>
        HttpResponse.json(milestone({ id: M1, status: 'submitted', submitted_at: '2026-11-02T10:00:00.000Z' })),
      ),
    );
    const { user } = renderCard('designer');
    await user.click(await screen.findByRole('button', { name: 'Submit milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit “Design board”' });
    await user.type(within(dialog).getByLabelText('What you delivered'), 'The board, two options');
    const photos = [
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0])], 'living.jpg', { type: 'image/jpeg' }),
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kitchen.png', { type: 'image/png' }),
    ];
    await user.upload(within(dialog).getByLabelText('Photos (optional, up to 6)'), photos);
    await user.click(within(dialog).getByRole('button', { name: 'Submit milestone' }));
    await findToast('Milestone submitted', 'success');
    const uploads = (await sent.all()).filter(
      (r) => r.method === 'POST' && r.url.pathname.includes('/object/milestone-photos/'),
    );
    expect(uploads).toHaveLength(2);
    expect(drawn).toHaveLength(2);
    const paths = uploads.map((r) => r.url.pathname.replace('/storage/v1/object/milestone-photos/', ''));
    for (const path of paths) expect(path).toMatch(new RegExp(`^${PROJECT}/[0-9a-f-]{36}\\.webp$`));
    const [call] = await sent.to('POST', 'rest/v1/rpc/submit_milestone');
    expect(call!.body).toEqual({ milestone_id: M1, note: 'The board, two options', photos: paths });
    expect(sentAs(call!)).toBe(DESIGNER.id);
  });

  it('refuses more than 6 photos and files the bucket does not take, in words', async () => {
    backend({ milestones: [milestone({ id: M1, title: 'Design board', status: 'funded' })] });
    const { user } = renderCard('designer');
    await user.click(await screen.findByRole('button', { name: 'Submit milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit “Design board”' });
    await user.type(within(dialog).getByLabelText('What you delivered'), 'Done');
    const many = Array.from({ length: 7 }, (_, i) => new File(['x'], `p${i}.jpg`, { type: 'image/jpeg' }));
    await user.upload(within(dialog).getByLabelText('Photos (optional, up to 6)'), many);
    await user.click(within(dialog).getByRole('button', { name: 'Submit milestone' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Add at most 6 photos');
    expect(await sent.to('POST', 'rest/v1/rpc/submit_milestone')).toEqual([]);
  });

  it('refunds a part of what is held, and refuses more than is held', async () => {
    backend({ milestones: [milestone({ id: M1, title: 'Design board', amount: 300, status: 'funded' })] });
    server.use(
      http.post(functionUrl('refund-milestone'), () =>
        HttpResponse.json({ milestone: milestone({ id: M1, status: 'funded', refunded_amount: 100.5 }) }),
      ),
    );
    const { user } = renderCard('designer');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund “Design board”' });
    const amount = within(dialog).getByLabelText('Amount to refund ($)');
    expect(amount).toHaveValue(300);
    await user.clear(amount);
    await user.type(amount, '300.01');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You can refund at most $300');
    await user.clear(amount);
    await user.type(amount, '100.50');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await findToast('Refund sent to the customer', 'success');
    const [call] = await sent.to('POST', 'functions/v1/refund-milestone');
    expect(call!.body).toEqual({ milestoneId: M1, amount: 100.5, reason: 'designer_refund' });
    expect(sentAs(call!)).toBe(DESIGNER.id);
  });

  it('agrees to cancel by refunding all that is held with the reason cancel_agreed', async () => {
    backend({
      milestones: [
        milestone({
          id: M1,
          title: 'Design board',
          amount: 300,
          refunded_amount: 50,
          status: 'funded',
          cancel_requested_at: '2026-11-02T10:00:00.000Z',
        }),
      ],
    });
    server.use(
      http.post(functionUrl('refund-milestone'), () =>
        HttpResponse.json({ milestone: milestone({ id: M1, status: 'refunded', refunded_amount: 300 }) }),
      ),
    );
    const { user } = renderCard('designer');
    await user.click(await screen.findByRole('button', { name: 'Agree to cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agree to cancel “Design board”?' });
    expect(dialog).toHaveTextContent('$250 is refunded to the customer');
    await user.click(within(dialog).getByRole('button', { name: 'Agree to cancel' }));
    await findToast('Milestone cancelled and refunded', 'success');
    const [call] = await sent.to('POST', 'functions/v1/refund-milestone');
    expect(call!.body).toEqual({ milestoneId: M1, amount: 250, reason: 'cancel_agreed' });
  });

  it('opens a dispute with a reason through rpc open_milestone_dispute', async () => {
    backend({ milestones: [milestone({ id: M1, title: 'Design board', status: 'funded' })] });
    server.use(
      http.post(rpcUrl('open_milestone_dispute'), () =>
        HttpResponse.json({ id: DISPUTE, milestone_id: M1, project_id: PROJECT, status: 'open' }),
      ),
    );
    const { user } = renderCard('customer');
    await user.click(await screen.findByRole('button', { name: 'Open dispute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a dispute about “Design board”' });
    await user.type(within(dialog).getByLabelText('Why you open a dispute'), 'No work after 3 weeks');
    await user.click(within(dialog).getByRole('button', { name: 'Open dispute' }));
    await findToast('Dispute opened. Good Space will decide.', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/open_milestone_dispute');
    expect(call!.body).toEqual({ milestone_id: M1, reason: 'No work after 3 weeks' });
  });

  it("shows a dispute's statements with photos, lets the party who has not spoken add theirs, and shows the decision", async () => {
    const statement = {
      id: 'a1000000-0000-4000-8000-000000000001',
      dispute_id: DISPUTE,
      project_id: PROJECT,
      author_id: CUSTOMER.id,
      body: 'Nothing was delivered.',
      photos: [`${PROJECT}/empty-room.webp`],
      created_at: '2026-11-03T10:00:00.000Z',
    };
    const dispute = {
      id: DISPUTE,
      milestone_id: M1,
      project_id: PROJECT,
      kind: 'dispute',
      opened_by: CUSTOMER.id,
      reason: 'No work after 3 weeks',
      status: 'open',
      statements_due_at: '2099-11-08T10:00:00.000Z',
      refund_amount: null,
      release_amount: null,
      decision_reason: null,
      decided_by: null,
      decided_at: null,
      provider_dispute_id: null,
      outcome: null,
      created_at: '2026-11-03T09:00:00.000Z',
      statements: [statement],
    };
    const world = backend({
      milestones: [milestone({ id: M1, title: 'Design board', status: 'disputed' })],
      disputes: [dispute],
    });
    server.use(
      http.post(rpcUrl('add_dispute_statement'), () => HttpResponse.json({ ...statement, author_id: DESIGNER.id })),
    );
    const { user } = renderCard('designer');
    const region = await screen.findByRole('region', { name: 'Dispute about Design board' });
    expect(region).toHaveTextContent('A dispute was opened by the customer');
    expect(region).toHaveTextContent('No work after 3 weeks');
    expect(region).toHaveTextContent('The customer’s statementNothing was delivered.');
    expect(await within(region).findByRole('img', { name: 'The customer’s statement, 1 of 1' })).toBeInTheDocument();
    expect(buttonNames(await article('Design board'))).toEqual(['Add statement']);

    await user.click(within(region).getByRole('button', { name: 'Add statement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your statement' });
    await user.type(within(dialog).getByLabelText('Your statement'), 'The board was sent by e-mail.');
    // The operator decides meanwhile: the milestones read after the statement show it.
    world.disputes = [
      {
        ...dispute,
        status: 'decided',
        refund_amount: 120,
        release_amount: 180,
        decision_reason: 'Part of the work was delivered.',
        decided_at: '2026-11-09T10:00:00.000Z',
      },
    ];
    world.milestones = [
      milestone({ id: M1, title: 'Design board', status: 'released', released_amount: 180, refunded_amount: 120 }),
    ];
    await user.click(within(dialog).getByRole('button', { name: 'Add statement' }));
    await findToast('Statement added', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/add_dispute_statement');
    expect(call!.body).toEqual({ dispute_id: DISPUTE, body: 'The board was sent by e-mail.', photos: [] });
    const decided = await screen.findByRole('status');
    await waitFor(() =>
      expect(decided).toHaveTextContent('$120 refunded to the customer, $180 released to the designer.'),
    );
    expect(decided).toHaveTextContent('Part of the work was delivered.');
  });

  it('lists the payments, with a receipt for the customer only', async () => {
    const milestones = [milestone({ id: M1, title: 'Design board', status: 'released', released_amount: 300 })];
    const payments = [
      aMilestonePayment({
        milestone_id: M1,
        project_id: PROJECT,
        provider_id: 'pi_sandbox_77',
        completed_at: '2026-11-02T10:00:00.000Z',
      }),
      aMilestonePayment({
        milestone_id: M1,
        project_id: PROJECT,
        kind: 'transfer',
        reason: 'release',
        status: 'pending',
        provider_id: null,
        completed_at: null,
      }),
      aMilestonePayment({
        milestone_id: M1,
        project_id: PROJECT,
        status: 'expired',
        provider_id: null,
        completed_at: '2026-11-01T13:00:00.000Z',
      }),
    ];
    backend({ milestones, payments });
    const { user, unmount } = renderCard('customer');
    const list = await screen.findAllByTestId('milestone-payment');
    expect(list).toHaveLength(2);
    expect(list[0]).toHaveTextContent('Payment · $300');
    expect(list[1]).toHaveTextContent('Payout to the designer · $300');
    expect(list[1]).toHaveTextContent('Pending');
    await user.click(within(list[0]!).getByRole('button', { name: 'Receipt for payment of $300 on Nov 2, 2026' }));
    const receipt = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(receipt).toHaveTextContent('Sunny loft: Design board');
    expect(receipt).toHaveTextContent('pi_sandbox_77');
    expect(within(list[1]!).queryByRole('button')).toBeNull();
    unmount();

    backend({ milestones, payments });
    renderCard('designer');
    expect(await screen.findAllByTestId('milestone-payment')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Receipt/ })).toBeNull();
  });
});

describe('MilestonesCard: back from Checkout (?funded=)', () => {
  afterEach(() => vi.useRealTimers());

  it('asks confirm-milestone at once, then every 4 s until the milestone is funded, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const sent = recordRequests();
    const world = backend({ milestones: [milestone({ id: M1, title: 'Design board' })] });
    const answers = ['not_funded', 'not_funded', 'funded'] as const;
    let asked = 0;
    server.use(
      http.post(functionUrl('confirm-milestone'), () => {
        const status = answers[Math.min(asked, answers.length - 1)]!;
        asked += 1;
        if (status === 'funded') world.milestones = [milestone({ id: M1, title: 'Design board', status: 'funded' })];
        return HttpResponse.json({ milestone: milestone({ id: M1, status }) });
      }),
    );
    renderCard('customer', { fundedPaymentId: PAYMENT });
    await vi.waitFor(() => expect(asked).toBe(1));
    const [first] = await sent.to('POST', 'functions/v1/confirm-milestone');
    expect(first!.body).toEqual({ paymentId: PAYMENT });
    expect(sentAs(first!)).toBe(CUSTOMER.id);
    await vi.advanceTimersByTimeAsync(4000);
    await vi.waitFor(() => expect(asked).toBe(2));
    await vi.advanceTimersByTimeAsync(4000);
    await vi.waitFor(() => expect(asked).toBe(3));
    // Funded: the milestones are read again and no more questions are asked.
    vi.useRealTimers();
    expect(await article('Design board')).toHaveTextContent('Funded');
    await waitFor(() => expect(screen.queryByText('Confirming your payment…')).toBeNull());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    await vi.advanceTimersByTimeAsync(12000);
    expect(asked).toBe(3);
    sent.stop();
  });

  it('does not ask when the designer opens the page with ?funded=', async () => {
    const sent = recordRequests();
    backend({ milestones: [milestone({ id: M1, title: 'Design board', status: 'funded' })] });
    renderCard('designer', { fundedPaymentId: PAYMENT });
    expect(await article('Design board')).toBeInTheDocument();
    expect(await sent.to('POST', 'functions/v1/confirm-milestone')).toEqual([]);
    sent.stop();
  });
});
