import { screen } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NudgeDialog } from '@/features/bids/components/nudge-dialog';
import { NO_PROJECT_MESSAGE, nudgeGate } from '@/features/bids/utils/nudge-gate';
import {
  sentAs,
  authUser,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const CLIENT = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER_ID = 'd0000000-0000-4000-8000-000000000002';
const projects = [
  { id: 'a1000000-0000-4000-8000-000000000001', title: 'Moving to Austin' },
  { id: 'a2000000-0000-4000-8000-000000000002', title: 'Reading corner' },
];

/** The backend answers the nudge's insert with `answer` (201 with no body, or an error). */
function backendAnswers(answer: (request: Request) => Response) {
  server.use(http.post(restUrl('designer_nudges'), ({ request }) => answer(request)));
}

function renderDialog(onOpenChange = vi.fn()) {
  const { user } = renderApp(
    <NudgeDialog
      clientId={CLIENT.id}
      designer={{ id: DESIGNER_ID, name: 'Jordan' }}
      projects={projects}
      onOpenChange={onOpenChange}
    />,
  );
  return { onOpenChange, user };
}

describe('nudgeGate (docs/product.md, Designers and nudges)', () => {
  it('asks for a subscription first, then a project', () => {
    expect(nudgeGate({ subscribed: false, projectCount: 3 })).toBe('subscribe');
    expect(nudgeGate({ subscribed: true, projectCount: 0 })).toBe('no-project');
    expect(nudgeGate({ subscribed: true, projectCount: 1 })).toBe('open');
    expect(NO_PROJECT_MESSAGE).toBe('You need to create a project first');
  });
});

describe('NudgeDialog', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(CLIENT);
    sent = recordRequests();
    backendAnswers((request) => pgrstRows(request, []));
  });

  it('needs a chosen project', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please select a project');
    expect(await sent.all()).toEqual([]);
  });

  it('sends a pending nudge for the chosen project, as the client, and closes', async () => {
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), projects[1]!.id);
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await findToast('Nudge sent! The designer will be notified.', 'success');
    const inserts = await sent.to('POST', 'rest/v1/designer_nudges');
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.body).toEqual({
      client_id: CLIENT.id,
      designer_id: DESIGNER_ID,
      project_id: projects[1]!.id,
      status: 'pending',
    });
    expect(sentAs(inserts[0]!)).toBe(CLIENT.id);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says so when the nudge is a duplicate (23505)', async () => {
    backendAnswers(() =>
      pgrstError(
        409,
        '23505',
        'duplicate key value violates unique constraint "designer_nudges_designer_id_project_id_key"',
        `Key (designer_id, project_id)=(${DESIGNER_ID}, ${projects[0]!.id}) already exists.`,
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), projects[0]!.id);
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await findToast('You already sent a nudge to this designer for this project', 'error');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(raisedToasts('success')).toEqual([]);
  });

  it('reports any other failure as Failed to send nudge', async () => {
    backendAnswers(() =>
      pgrstError(403, '42501', 'new row violates row-level security policy for table "designer_nudges"'),
    );
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), projects[0]!.id);
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await findToast('Failed to send nudge', 'error');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    expect(await sent.to('POST', 'rest/v1/designer_nudges')).toHaveLength(1);
  });

  it('shows the database’s words when the hourly nudge limit is reached (429 PT429)', async () => {
    const sentence = "You're doing that too often. Try again in 42 minutes.";
    backendAnswers(() => pgrstError(429, 'PT429', sentence));
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByLabelText('Project'), projects[0]!.id);
    await user.click(screen.getByRole('button', { name: 'Send Nudge' }));
    await findToast(sentence, 'error');
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
