import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QueueRow } from '@/features/admin/api/get-moderation-queue';
import { ModerationQueue } from '@/features/admin/components/moderation-queue';
import { authUser, pgrstError, recordRequests, rpcUrl, sentAs, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');

function row(overrides: Partial<QueueRow> = {}): QueueRow {
  return {
    subject_kind: 'piece',
    subject_id: 'f0000000-0000-4000-8000-000000000001',
    subject_user_id: 'd0000000-0000-4000-8000-00000000000d',
    subject_user_name: 'Jordan Rivera',
    subject_label: 'Teak sideboard',
    report_count: 3,
    reporter_count: 3,
    reasons: ['not_as_described', 'scam'],
    first_reported_at: '2026-12-01T09:00:00+00:00',
    last_reported_at: '2026-12-01T11:00:00+00:00',
    hidden: true,
    ...overrides,
  };
}

/** rpc moderation_queue answers `pages` one after the other. */
function queueAnswers(...pages: QueueRow[][]) {
  let call = 0;
  server.use(http.post(rpcUrl('moderation_queue'), () => HttpResponse.json(pages[Math.min(call++, pages.length - 1)])));
}

describe('ModerationQueue: open reports, one row per reported thing', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('shows what was reported, whose, how many people, why, since when and whether it is hidden', async () => {
    queueAnswers([
      row(),
      row({
        subject_kind: 'person',
        subject_id: 'c0000000-0000-4000-8000-000000000009',
        subject_user_name: 'Sam Lee',
        subject_label: 'Sam Lee',
        reporter_count: 1,
        report_count: 1,
        reasons: ['danger'],
        hidden: false,
      }),
    ]);
    renderApp(<ModerationQueue />, { user: OPERATOR });
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(items).toHaveLength(2);
    const piece = screen.getByRole('listitem', { name: 'Teak sideboard' });
    expect(within(piece).getByRole('link', { name: 'Teak sideboard' })).toHaveAttribute(
      'href',
      '/admin/subject/piece/f0000000-0000-4000-8000-000000000001',
    );
    expect(within(piece).getByText('Piece')).toBeInTheDocument();
    expect(within(piece).getByText('By Jordan Rivera · Reported by 3 people')).toBeInTheDocument();
    const reasons = within(piece).getByRole('list', { name: 'Reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Not as described', 'Scam or fraud']);
    expect(within(piece).getByText('Hidden until reviewed')).toBeInTheDocument();
    expect(within(piece).getByText(/^First reported Dec 1, 2026/)).toBeInTheDocument();
    const person = screen.getByRole('listitem', { name: 'Sam Lee' });
    expect(within(person).getByText('Account of Sam Lee · Reported by 1 person')).toBeInTheDocument();
    expect(within(person).getByText('Someone in danger')).toBeInTheDocument();
    expect(within(person).queryByText('Hidden until reviewed')).not.toBeInTheDocument();
    const [call] = await sent.to('POST', 'rest/v1/rpc/moderation_queue');
    expect(call!.body).toEqual({ page_size: 20 });
    expect(sentAs(call!)).toBe(OPERATOR.id);
  });

  it('loads the next page after the last row of a full one (keyset: first report, then subject id)', async () => {
    const first = Array.from({ length: 20 }, (_, i) =>
      row({
        subject_id: `f0000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
        subject_label: `Piece ${i}`,
        first_reported_at: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00+00:00`,
      }),
    );
    queueAnswers(first, [row({ subject_id: 'f0000000-0000-4000-8000-000000000099', subject_label: 'Piece 99' })]);
    const { user } = renderApp(<ModerationQueue />, { user: OPERATOR });
    expect(await screen.findByRole('link', { name: 'Piece 19' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Piece 99' })).toBeInTheDocument();
    const calls = await sent.to('POST', 'rest/v1/rpc/moderation_queue');
    expect(calls.map((c) => c.body)).toEqual([
      { page_size: 20 },
      {
        page_size: 20,
        after_first_reported_at: '2026-11-20T09:00:00+00:00',
        after_subject_id: 'f0000000-0000-4000-8000-000000000019',
      },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says when nothing waits', async () => {
    queueAnswers([]);
    renderApp(<ModerationQueue />, { user: OPERATOR });
    expect(await screen.findByText('No open reports. Everything reported has been looked at.')).toBeInTheDocument();
  });

  it('says so when the queue cannot be read', async () => {
    server.use(
      http.post(rpcUrl('moderation_queue'), () => pgrstError(403, '42501', 'Only Good Space operators can do this')),
    );
    renderApp(<ModerationQueue />, { user: OPERATOR });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load the reports');
  });
});
