import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReportButton } from '@/features/safety/components/report-button';
import {
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  sentAs,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'cora@example.com');
const PIECE = 'f0000000-0000-4000-8000-000000000001';

async function openReport() {
  const rendered = renderApp(<ReportButton subject={{ kind: 'piece', id: PIECE }} what="Teak sideboard" />, {
    user: USER,
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Report Teak sideboard' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report Teak sideboard' });
  return { ...rendered, dialog };
}

describe('Report (docs/trust-and-safety.md)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it('lists the reasons with their labels and asks for one before sending anything', async () => {
    const { user, dialog } = await openReport();
    const reasons = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(reasons).toEqual([
      'Scam or fraud',
      'Offensive',
      'Not as described',
      'Prohibited item',
      'Spam',
      'Someone in danger',
      'Other',
    ]);
    expect(
      within(dialog)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please choose a reason');
    expect(within(dialog).getByRole('group', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.to('POST', 'rest/v1/reports')).toEqual([]);
  });

  it('sends the subject, the reason and the trimmed details as the reporter, thanks them and closes', async () => {
    server.use(http.post(restUrl('reports'), ({ request }) => pgrstRows(request, [])));
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Not as described' }));
    await user.type(within(dialog).getByLabelText('Details (optional)'), '  The legs are not teak.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await findToast('Thanks for telling us. Good Space will look at it.', 'success');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [insert] = await sent.to('POST', 'rest/v1/reports');
    expect(insert!.body).toEqual({
      subject_kind: 'piece',
      subject_id: PIECE,
      reason: 'not_as_described',
      details: 'The legs are not teak.',
    });
    expect(sentAs(insert!)).toBe(USER.id);
  });

  it('sends no details when none are given, and refuses more than 1000 characters', async () => {
    server.use(http.post(restUrl('reports'), ({ request }) => pgrstRows(request, [])));
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    const details = within(dialog).getByLabelText('Details (optional)');
    // The field stops typing at 1000; a paste of more is what zod is there for.
    details.removeAttribute('maxlength');
    await user.click(details);
    await user.paste('x'.repeat(1001));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Details must be at most 1000 characters');
    expect(await sent.to('POST', 'rest/v1/reports')).toEqual([]);
    await user.clear(details);
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await findToast('Thanks for telling us. Good Space will look at it.', 'success');
    const [insert] = await sent.to('POST', 'rest/v1/reports');
    expect(insert!.body).toEqual({ subject_kind: 'piece', subject_id: PIECE, reason: 'spam', details: null });
  });

  it('says "You already reported this." when the database refuses a second open report (23505)', async () => {
    server.use(
      http.post(restUrl('reports'), () =>
        pgrstError(409, '23505', 'duplicate key value violates unique constraint "reports_open_once"'),
      ),
    );
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Scam or fraud' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You already reported this.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(raisedToasts('success')).toEqual([]);
  });

  it("shows the database's own sentence for any other refusal", async () => {
    server.use(http.post(restUrl('reports'), () => pgrstError(400, '42501', 'You cannot report your own piece.')));
    const { user, dialog } = await openReport();
    await user.click(within(dialog).getByRole('radio', { name: 'Other' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot report your own piece.');
  });
});
