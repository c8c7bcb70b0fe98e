import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { VerificationQueue } from '@/features/verification/components/verification-queue';
import { findToast, renderApp } from '@/testing/render-app';
import { functionUrl, pgrstRows, recordRequests, restUrl, rpcUrl, server, storageUrl } from '@/testing/supabase-http';

const DESIGNER = 'd0000000-0000-4000-8000-000000000002';
const base = {
  designer_id: DESIGNER,
  school_email: null,
  email_confirmed_at: null,
  document_paths: [] as string[],
  project_ids: [] as string[],
  designer: { full_name: 'Ada Lovelace', username: 'ada', verified: null },
};
const rows = [
  {
    ...base,
    id: 'r1',
    kind: 'student',
    method: 'school_email',
    school_email: 'ada@mail.uni.edu',
    email_confirmed_at: '2026-12-01T10:00:00Z',
    created_at: '2026-12-01T09:00:00Z',
  },
  {
    ...base,
    id: 'r2',
    kind: 'pro',
    method: 'registration',
    document_paths: [`${DESIGNER}/1-0.pdf`],
    created_at: '2026-12-01T11:00:00Z',
    designer: { full_name: 'Bo Builder', username: 'bo', verified: 'student' },
  },
  {
    ...base,
    id: 'r3',
    kind: 'pro',
    method: 'projects',
    project_ids: ['p1', 'p2', 'p3'],
    created_at: '2026-12-01T12:00:00Z',
    designer: { full_name: 'Cy Crafts', username: 'cy', verified: null },
  },
];

describe('VerificationQueue', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    server.use(
      http.get(restUrl('verification_requests'), ({ request }) => pgrstRows(request, rows)),
      http.post(storageUrl('object/sign/verification-documents'), () =>
        HttpResponse.json([
          {
            path: `${DESIGNER}/1-0.pdf`,
            signedURL: `/object/sign/verification-documents/${DESIGNER}/1-0.pdf?token=t`,
            error: null,
          },
        ]),
      ),
      http.post(rpcUrl('portfolio_projects'), ({ request }) =>
        pgrstRows(request, [
          { id: 'p1', title: 'Loft', completed_at: '2026-10-01' },
          { id: 'p2', title: 'Studio', completed_at: '2026-09-01' },
        ]),
      ),
    );
  });

  it('lists open requests oldest first with their evidence', async () => {
    renderApp(<VerificationQueue />);
    const items = await screen.findAllByTestId('verification-request');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Ada Lovelace',
      'Bo BuilderVerified student: Good Space confirmed this designer is a current student.',
      'Cy Crafts',
    ]);
    const [read] = await sent.to('GET', 'rest/v1/verification_requests');
    expect(read!.url.searchParams.get('status')).toBe('eq.open');
    expect(read!.url.searchParams.get('order')).toBe('created_at.asc,id.asc');
    expect(items[0]).toHaveTextContent('School e-mail ada@mail.uni.edu, confirmed');
    const doc = await within(items[1]!).findByRole('link', { name: 'Document 1 (opens in a new tab)' });
    expect(doc.getAttribute('href')).toContain(
      `/storage/v1/object/sign/verification-documents/${DESIGNER}/1-0.pdf?token=t`,
    );
    expect(await within(items[2]!).findByRole('link', { name: 'Loft' })).toHaveAttribute(
      'href',
      `/portfolio/${DESIGNER}`,
    );
    expect(within(items[2]!).getByText('A project no longer shown in the portfolio')).toBeInTheDocument();
  });

  it('needs a reason, then sends the decision to decide-verification', async () => {
    server.use(
      http.post(functionUrl('decide-verification'), () => HttpResponse.json({ action_id: 'a1', removed_files: 1 })),
    );
    const { user } = renderApp(<VerificationQueue />);
    await user.click(await screen.findByRole('button', { name: "Refuse Bo Builder's request" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Give a reason for this decision.');
    expect(within(dialog).getByLabelText('Reason')).toHaveAttribute('aria-invalid', 'true');
    await user.type(within(dialog).getByLabelText('Reason'), '  The document is unreadable. ');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await findToast('Refused', 'success');
    const [call, ...more] = await sent.to('POST', 'functions/v1/decide-verification');
    expect(more).toEqual([]);
    expect(call!.body).toEqual({ request_id: 'r2', approve: false, reason: 'The document is unreadable.' });
  });

  it('shows the refusal of someone who is not an operator', async () => {
    server.use(
      http.post(functionUrl('decide-verification'), () =>
        HttpResponse.json({ error: 'Only Good Space operators can do this', code: 'not_allowed' }, { status: 403 }),
      ),
    );
    const { user } = renderApp(<VerificationQueue />);
    await user.click(await screen.findByRole('button', { name: "Approve Ada Lovelace's request" }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Reason'), 'Confirmed.');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Only Good Space operators can do this');
  });
});
