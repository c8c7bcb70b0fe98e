import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ModerationSubject } from '@/features/admin/api/get-moderation-subject';
import { SubjectPage } from '@/features/admin/components/subject-page';
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
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');
const PIECE_ID = 'f0000000-0000-4000-8000-000000000001';
const SELLER_ID = 'd0000000-0000-4000-8000-00000000000d';

function pieceSubject(overrides: Partial<ModerationSubject> = {}): ModerationSubject {
  return {
    kind: 'piece',
    id: PIECE_ID,
    hidden: false,
    link: `/good-stuff/${PIECE_ID}`,
    content: {
      title: 'Teak sideboard',
      text: 'Mid-century teak, no scratches.',
      photos: ['https://cdn.example/a.jpg', 'https://cdn.example/b.jpg'],
      price: 450,
      created_at: '2026-11-20T10:00:00+00:00',
      context: null,
    },
    person: {
      id: SELLER_ID,
      name: 'Jordan Rivera',
      role: 'designer',
      created_at: '2026-08-01T10:00:00+00:00',
      suspended_at: null,
    },
    reports: [
      {
        id: 'r1',
        reporter_id: 'c1',
        reporter_name: 'Carl Buyer',
        reason: 'not_as_described',
        details: 'The photos hide a long crack on the top.',
        status: 'open',
        created_at: '2026-12-01T09:00:00+00:00',
      },
      {
        id: 'r0',
        reporter_id: 'c2',
        reporter_name: 'Ana Other',
        reason: 'scam',
        details: null,
        status: 'dismissed',
        created_at: '2026-11-25T09:00:00+00:00',
      },
    ],
    history: {
      reports: [
        {
          id: 'r9',
          subject_kind: 'review',
          subject_id: 'e0000000-0000-4000-8000-000000000001',
          reason: 'offensive',
          status: 'actioned',
          created_at: '2026-10-01T09:00:00+00:00',
        },
      ],
      actions: [
        {
          id: 'm1',
          action: 'warn',
          reason: 'Rude review reply',
          operator_name: 'Olive Operator',
          subject_kind: 'review',
          created_at: '2026-10-02T09:00:00+00:00',
        },
      ],
      account_created_at: '2026-08-01T10:00:00+00:00',
      orders_bought: 2,
      orders_sold: 7,
      projects: 1,
    },
    ...overrides,
  };
}

/** rpc moderation_subject answers `answers` one after the other (the last one again). */
function subjectAnswers(...answers: ModerationSubject[]) {
  let call = 0;
  server.use(
    http.post(rpcUrl('moderation_subject'), () => HttpResponse.json(answers[Math.min(call++, answers.length - 1)])),
  );
}

function renderSubject(kind: ModerationSubject['kind'] = 'piece', id = PIECE_ID) {
  return renderApp(<SubjectPage kind={kind} id={id} />, {
    user: OPERATOR,
    url: `/admin/subject/${kind}/${id}`,
    path: '/admin/subject/:kind/:id',
    routes: [{ path: '/good-stuff/:id', element: <p>The piece in the app</p> }],
  });
}

/** The person's milestones with disputes (project_milestones with their milestone_disputes embedded). */
function disputesAnswer(rows: Record<string, unknown>[]) {
  server.use(http.get(restUrl('project_milestones'), ({ request }) => pgrstRows(request, rows)));
}

describe('SubjectPage: one reported thing', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    disputesAnswer([]);
  });

  it('shows the piece as buyers saw it, every report with its words, and the seller’s history', async () => {
    subjectAnswers(pieceSubject());
    renderSubject();
    expect(await screen.findByRole('heading', { level: 1, name: 'Piece: Teak sideboard' })).toBeInTheDocument();
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderation_subject');
    expect(call!.body).toEqual({ p_kind: 'piece', p_id: PIECE_ID });
    expect(sentAs(call!)).toBe(OPERATOR.id);

    const content = screen.getByRole('region', { name: 'What was reported' });
    expect(within(content).getByText('$450')).toBeInTheDocument();
    expect(within(content).getByText('Mid-century teak, no scratches.')).toBeInTheDocument();
    expect(within(content).getByRole('img', { name: 'Teak sideboard, photo 2' })).toHaveAttribute(
      'src',
      'https://cdn.example/b.jpg',
    );
    expect(within(content).getByRole('link', { name: 'Open it in Good Space' })).toHaveAttribute(
      'href',
      `/good-stuff/${PIECE_ID}`,
    );

    const reports = within(screen.getByRole('region', { name: 'Reports' })).getAllByRole('listitem');
    expect(reports).toHaveLength(2);
    expect(reports[0]).toHaveTextContent('Carl Buyer');
    expect(reports[0]).toHaveTextContent('Not as described');
    expect(reports[0]).toHaveTextContent('The photos hide a long crack on the top.');
    expect(reports[0]).toHaveTextContent(/^.*Open · Dec 1, 2026/);
    expect(reports[1]).toHaveTextContent('Scam or fraud');
    expect(reports[1]).toHaveTextContent('Dismissed');
    expect(reports[1]).toHaveTextContent('No details given.');

    const person = screen.getByRole('region', { name: 'Jordan Rivera' });
    const facts = (term: string) => within(person).getByText(term).nextElementSibling?.textContent;
    expect(facts('Role')).toBe('Designer');
    expect(facts('Account age')).toMatch(/since Aug 1, 2026\)$/);
    expect(facts('Orders bought')).toBe('2');
    expect(facts('Orders sold')).toBe('7');
    expect(facts('Projects')).toBe('1');
    const earlier = within(person).getByRole('list', { name: 'Earlier reports against them' });
    expect(earlier).toHaveTextContent('Review: Offensive, acted on, Oct 1, 2026');
    expect(within(earlier).getByRole('link', { name: 'Review' })).toHaveAttribute(
      'href',
      '/admin/subject/review/e0000000-0000-4000-8000-000000000001',
    );
    expect(within(person).getByRole('list', { name: 'Earlier actions' })).toHaveTextContent(
      'Warned (review) by Olive Operator, Oct 2, 2026: Rude review reply',
    );
    expect(within(person).queryByText(/Suspended since/)).not.toBeInTheDocument();

    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dismiss', 'Hide', 'Warn', 'Suspend account']);
  });

  it("lists the person's disputes and chargebacks, as customer or designer, each linked to its page", async () => {
    subjectAnswers(pieceSubject());
    disputesAnswer([
      {
        title: 'Concept boards',
        customer_id: 'c0000000-0000-4000-8000-000000000001',
        milestone_disputes: [
          {
            id: 'e1000000-0000-4000-8000-000000000001',
            kind: 'dispute',
            status: 'decided',
            outcome: null,
            created_at: '2026-11-20T09:00:00+00:00',
          },
        ],
      },
      {
        title: 'Final plan',
        customer_id: 'c0000000-0000-4000-8000-000000000001',
        milestone_disputes: [
          {
            id: 'e1000000-0000-4000-8000-000000000002',
            kind: 'chargeback',
            status: 'open',
            outcome: null,
            created_at: '2026-11-25T09:00:00+00:00',
          },
        ],
      },
    ]);
    renderSubject();
    const person = await screen.findByRole('region', { name: 'Jordan Rivera' });
    const list = await within(person).findByRole('list', { name: 'Disputes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Chargeback on Final plan (as designer) · Waiting for the bank · Nov 25, 2026',
      'Dispute on Concept boards (as designer) · Decided · Nov 20, 2026',
    ]);
    expect(within(list).getByRole('link', { name: 'Dispute on Concept boards' })).toHaveAttribute(
      'href',
      '/admin/disputes/e1000000-0000-4000-8000-000000000001',
    );
    const [read] = await sent.to('GET', 'rest/v1/project_milestones');
    expect(read!.url.searchParams.get('or')).toBe(`(customer_id.eq.${SELLER_ID},designer_id.eq.${SELLER_ID})`);
    expect(read!.url.searchParams.get('select')).toBe(
      'title,customer_id,milestone_disputes!inner(id,kind,status,outcome,created_at)',
    );
    expect(sentAs(read!)).toBe(OPERATOR.id);
  });

  it('shows a message with its context, and offers Restore and Reinstate when it is hidden and they suspended', async () => {
    subjectAnswers(
      pieceSubject({
        kind: 'piece_message',
        hidden: true,
        link: null,
        content: {
          title: null,
          text: 'Pay me outside the app, cash only.',
          photos: [],
          price: null,
          created_at: '2026-11-30T10:00:00+00:00',
          context: 'In the conversation about "Teak sideboard"',
        },
        person: {
          id: SELLER_ID,
          name: 'Jordan Rivera',
          role: 'designer',
          created_at: null,
          suspended_at: '2026-12-01T12:00:00+00:00',
        },
      }),
    );
    renderSubject('piece_message');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Message about a piece: Jordan Rivera' }),
    ).toBeInTheDocument();
    const content = screen.getByRole('region', { name: 'What was reported' });
    expect(within(content).getByText('In the conversation about "Teak sideboard"')).toBeInTheDocument();
    expect(within(content).getByText('Pay me outside the app, cash only.').tagName).toBe('BLOCKQUOTE');
    expect(within(content).getByText('Hidden')).toBeInTheDocument();
    expect(within(content).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Suspended since Dec 1, 2026')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Dismiss', 'Restore', 'Warn', 'Reinstate account']);
  });

  it('shows a profile with its bio, and offers no Hide for a person', async () => {
    subjectAnswers(
      pieceSubject({
        kind: 'person',
        id: SELLER_ID,
        link: `/designer/${SELLER_ID}`,
        content: {
          title: 'Jordan Rivera',
          text: 'I find forgotten furniture.',
          photos: [],
          price: null,
          created_at: null,
          context: null,
        },
      }),
    );
    renderSubject('person', SELLER_ID);
    expect(await screen.findByRole('heading', { level: 1, name: 'Person: Jordan Rivera' })).toBeInTheDocument();
    expect(screen.getByText('I find forgotten furniture.')).toBeInTheDocument();
    const actions = screen.getByRole('group', { name: 'Actions' });
    expect(within(actions).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
    expect(within(actions).getByRole('button', { name: 'Suspend account' })).toBeInTheDocument();
  });

  it('asks for a reason before dismissing, then calls rpc moderate, thanks and refreshes the thing', async () => {
    subjectAnswers(pieceSubject(), pieceSubject({ reports: [{ ...pieceSubject().reports[0]!, status: 'dismissed' }] }));
    server.use(http.post(rpcUrl('moderate'), () => HttpResponse.json('b0000000-0000-4000-8000-000000000001')));
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the reports?' });
    expect(dialog).toHaveAccessibleDescription('The reports are closed and the piece stays up. Each reporter is told.');
    // Only spaces: the reason is required.
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please give a reason');
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.to('POST', 'rest/v1/rpc/moderate')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason'), ' The crack is shown in photo 3. ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await findToast('Reports dismissed. The reporters are told.', 'success');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderate');
    expect(call!.body).toEqual({
      p_kind: 'piece',
      p_id: PIECE_ID,
      p_action: 'dismiss',
      p_reason: 'The crack is shown in photo 3.',
    });
    expect(sentAs(call!)).toBe(OPERATOR.id);
    // The thing is read again: its report is closed, so Dismiss is no longer offered.
    await expect.poll(async () => (await sent.to('POST', 'rest/v1/rpc/moderation_subject')).length).toBe(2);
    await expect.poll(() => screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();
  });

  it('refuses a reason longer than 1000 characters', async () => {
    subjectAnswers(pieceSubject());
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn Jordan Rivera?' });
    const reason = within(dialog).getByLabelText('Reason');
    await user.click(reason);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The reason must be at most 1000 characters');
    expect(await sent.to('POST', 'rest/v1/rpc/moderate')).toEqual([]);
  });

  it("hides the piece, and shows the database's sentence when it refuses", async () => {
    subjectAnswers(pieceSubject());
    server.use(http.post(rpcUrl('moderate'), () => pgrstError(400, '55000', 'This piece is already hidden.')));
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide this piece?' });
    expect(dialog).toHaveAccessibleDescription(
      'It leaves Good Stuff for everyone but its seller. Its owner and the reporters are told.',
    );
    await user.type(within(dialog).getByLabelText('Reason'), 'Misleading photos');
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This piece is already hidden.');
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderate');
    expect(call!.body).toMatchObject({ p_action: 'hide', p_reason: 'Misleading photos' });
    expect(raisedToasts('success')).toEqual([]);
    // Cancel closes without acting; the next opening starts empty, without the old refusal.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    const again = await screen.findByRole('dialog', { name: 'Hide this piece?' });
    expect(within(again).getByLabelText('Reason')).toHaveValue('');
    expect(within(again).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('restores a hidden piece through rpc moderate', async () => {
    subjectAnswers(pieceSubject({ hidden: true }));
    server.use(http.post(rpcUrl('moderate'), () => HttpResponse.json('b0000000-0000-4000-8000-000000000002')));
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('dialog', { name: 'Show this piece again?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Seller fixed the photos');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    await findToast('The piece is shown again.', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderate');
    expect(call!.body).toEqual({
      p_kind: 'piece',
      p_id: PIECE_ID,
      p_action: 'restore',
      p_reason: 'Seller fixed the photos',
    });
  });

  it('warns the person through rpc moderate', async () => {
    subjectAnswers(pieceSubject());
    server.use(http.post(rpcUrl('moderate'), () => HttpResponse.json('b0000000-0000-4000-8000-000000000003')));
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog', { name: 'Warn Jordan Rivera?' });
    expect(dialog).toHaveAccessibleDescription('They get a warning in their notifications, with your reason.');
    await user.type(within(dialog).getByLabelText('Reason'), 'Describe the condition honestly.');
    await user.click(within(dialog).getByRole('button', { name: 'Send warning' }));
    await findToast('Warning sent to Jordan Rivera.', 'success');
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderate');
    expect(call!.body).toMatchObject({ p_action: 'warn', p_reason: 'Describe the condition honestly.' });
  });

  it('suspends the account through the moderate-account function, naming the reported piece', async () => {
    subjectAnswers(pieceSubject());
    server.use(
      http.post(functionUrl('moderate-account'), () =>
        HttpResponse.json({ action_id: 'b0000000-0000-4000-8000-000000000004' }),
      ),
    );
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Suspend account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Jordan Rivera?' });
    expect(dialog).toHaveAccessibleDescription(/^They are signed out and can no longer sign in\./);
    await user.type(within(dialog).getByLabelText('Reason'), 'Three buyers report the same scam.');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await findToast('Jordan Rivera is suspended.', 'success');
    const [call] = await sent.to('POST', 'functions/v1/moderate-account');
    expect(call!.body).toEqual({
      user_id: SELLER_ID,
      action: 'suspend',
      reason: 'Three buyers report the same scam.',
      subject_kind: 'piece',
      subject_id: PIECE_ID,
    });
    expect(sentAs(call!)).toBe(OPERATOR.id);
    expect(await sent.to('POST', 'rest/v1/rpc/moderate')).toEqual([]);
  });

  it("reinstates a suspended account, and shows the function's sentence when it refuses", async () => {
    const suspended = pieceSubject({
      person: { ...pieceSubject().person!, suspended_at: '2026-12-01T12:00:00+00:00' },
    });
    subjectAnswers(suspended);
    let calls = 0;
    server.use(
      http.post(functionUrl('moderate-account'), () =>
        calls++ === 0
          ? HttpResponse.json({ error: 'Only Good Space operators can do this' }, { status: 403 })
          : HttpResponse.json({ action_id: 'b0000000-0000-4000-8000-000000000005' }),
      ),
    );
    const { user } = renderSubject();
    await user.click(await screen.findByRole('button', { name: 'Reinstate account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reinstate Jordan Rivera?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Appeal accepted');
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only Good Space operators can do this');
    await user.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await findToast('Jordan Rivera is reinstated.', 'success');
    const sentCalls = await sent.to('POST', 'functions/v1/moderate-account');
    expect(sentCalls.map((c) => c.body)).toEqual([
      { user_id: SELLER_ID, action: 'reinstate', reason: 'Appeal accepted' },
      { user_id: SELLER_ID, action: 'reinstate', reason: 'Appeal accepted' },
    ]);
  });

  it('says so when the thing cannot be read', async () => {
    server.use(
      http.post(rpcUrl('moderation_subject'), () => pgrstError(404, 'P0002', 'This reported thing no longer exists.')),
    );
    renderSubject();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load this reported thing');
  });
});
