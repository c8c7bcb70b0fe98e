import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/features/admin/api/get-audit-log';
import { AuditLog } from '@/features/admin/components/audit-log';
import { authUser, pgrstRows, recordRequests, restUrl, sentAs, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');
const SELLER_ID = 'd0000000-0000-4000-8000-00000000000d';
const PIECE_ID = 'f0000000-0000-4000-8000-000000000001';

function entry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 'b0000000-0000-4000-8000-000000000001',
    operator_id: OPERATOR.id,
    operator_name: 'Olive Operator',
    action: 'hide',
    subject_kind: 'piece',
    subject_id: PIECE_ID,
    target_user_id: SELLER_ID,
    reason: 'Misleading photos',
    report_ids: ['r1'],
    created_at: '2026-12-02T15:04:00+00:00',
    ...overrides,
  };
}

/** moderation_actions answers `pages` one after the other. */
function logAnswers(...pages: AuditEntry[][]) {
  let call = 0;
  server.use(
    http.get(restUrl('moderation_actions'), ({ request }) =>
      pgrstRows(request, pages[Math.min(call++, pages.length - 1)]!),
    ),
  );
}

describe('AuditLog: every operator action, newest first', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('names a dispute decision and links its project', async () => {
    const projectId = 'e3000000-0000-4000-8000-000000000001';
    logAnswers([
      entry({
        action: 'decide_dispute',
        subject_kind: 'project',
        subject_id: projectId,
        report_ids: [],
        reason: 'Two of three boards match the brief.',
      }),
    ]);
    renderApp(<AuditLog />, { user: OPERATOR });
    const line = await screen.findByRole('listitem', { name: 'Decided a dispute · Project' });
    expect(within(line).getByRole('link', { name: 'The project' })).toHaveAttribute(
      'href',
      `/admin/subject/project/${projectId}`,
    );
    expect(within(line).getByText('Two of three boards match the brief.')).toBeInTheDocument();
  });

  it("names an order problem's decision, with the seller it paid", async () => {
    logAnswers([
      entry({
        action: 'decide_order_problem',
        report_ids: [],
        reason: 'The crack shows in one photo of the listing; the lamp works.',
      }),
    ]);
    renderApp(<AuditLog />, { user: OPERATOR });
    const line = await screen.findByRole('listitem', { name: "Decided an order's problem · Piece" });
    expect(within(line).getByText('The crack shows in one photo of the listing; the lamp works.')).toBeInTheDocument();
    expect(within(line).getByRole('link', { name: 'The piece' })).toHaveAttribute(
      'href',
      `/admin/subject/piece/${PIECE_ID}`,
    );
  });

  it('says who did what to whom, when and why, with links, and offers nothing to change', async () => {
    logAnswers([
      entry(),
      entry({
        id: 'b0000000-0000-4000-8000-000000000000',
        action: 'suspend',
        subject_kind: null,
        subject_id: null,
        reason: 'Three buyers report the same scam.',
        created_at: '2026-12-02T14:00:00+00:00',
      }),
    ]);
    renderApp(<AuditLog />, { user: OPERATOR });
    const hide = await screen.findByRole('listitem', { name: 'Hid · Piece' });
    const fact = (term: string) => within(hide).getByText(term).nextElementSibling;
    expect(fact('Who')).toHaveTextContent('Olive Operator');
    expect(fact('When')).toHaveTextContent(/^Dec 2, 2026/);
    expect(within(hide).getByRole('link', { name: 'The piece' })).toHaveAttribute(
      'href',
      `/admin/subject/piece/${PIECE_ID}`,
    );
    expect(within(hide).getByRole('link', { name: 'The person and their history' })).toHaveAttribute(
      'href',
      `/admin/subject/person/${SELLER_ID}`,
    );
    expect(fact('Why')).toHaveTextContent('Misleading photos');
    const suspend = screen.getByRole('listitem', { name: 'Suspended' });
    expect(within(suspend).queryByText('What')).not.toBeInTheDocument();
    expect(within(suspend).getByText('Three buyers report the same scam.')).toBeInTheDocument();
    // Read-only: no button, no field.
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);

    const [read] = await sent.to('GET', 'rest/v1/moderation_actions');
    expect(sentAs(read!)).toBe(OPERATOR.id);
    const params = read!.url.searchParams;
    expect(params.get('order')).toBe('created_at.desc,id.desc');
    expect(params.get('limit')).toBe('25');
  });

  it('loads older actions after the last line of a full page', async () => {
    const first = Array.from({ length: 25 }, (_, i) =>
      entry({
        id: `b0000000-0000-4000-8000-0000000000${String(99 - i)}`,
        reason: `Reason ${i}`,
        created_at: `2026-12-${String(28 - i).padStart(2, '0')}T10:00:00+00:00`,
      }),
    );
    logAnswers(first, [entry({ id: 'b0000000-0000-4000-8000-000000000001', reason: 'The oldest' })]);
    const { user } = renderApp(<AuditLog />, { user: OPERATOR });
    expect(await screen.findByText('Reason 24')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('The oldest')).toBeInTheDocument();
    const reads = await sent.to('GET', 'rest/v1/moderation_actions');
    expect(reads).toHaveLength(2);
    expect(reads[1]!.url.searchParams.get('created_at')).toBe('lte.2026-12-04T10:00:00+00:00');
    expect(reads[1]!.url.searchParams.get('or')).toBe(
      '(created_at.lt."2026-12-04T10:00:00+00:00",id.lt.b0000000-0000-4000-8000-000000000075)',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    logAnswers([]);
    renderApp(<AuditLog />, { user: OPERATOR });
    expect(await screen.findByText('No actions yet.')).toBeInTheDocument();
  });
});
