import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CompleteProjectDialog } from '@/features/projects/components/complete-project-dialog';
import { pgrstError, pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const DESIGNER_ID = 'd0000000-0000-4000-8000-000000000002';

/** The backend answers the completion with `answer` (the updated rows it returns, or an error). */
function backendAnswers(answer: (request: Request) => Response) {
  server.use(http.patch(restUrl('projects'), ({ request }) => answer(request)));
}
const completes = () => backendAnswers((request) => pgrstRows(request, [{ id: PROJECT_ID }]));

/** The one update the dialog sent: its filter, what it asked back, and the values. */
async function sentUpdate(sent: ReturnType<typeof recordRequests>) {
  const updates = await sent.to('PATCH', 'rest/v1/projects');
  expect(updates).toHaveLength(1);
  const [update] = updates;
  expect(update!.url.searchParams.get('id')).toBe(`eq.${PROJECT_ID}`);
  expect(update!.url.searchParams.get('select')).toBe('id');
  return update!.body;
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const onCompleted = vi.fn();
  const view = renderApp(
    <CompleteProjectDialog
      open
      onOpenChange={onOpenChange}
      projectId={PROJECT_ID}
      designerId={DESIGNER_ID}
      onCompleted={onCompleted}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Complete this project' });
  const show = within(dialog).getByRole('checkbox', { name: "Show this project in my designer's portfolio" });
  const costs = within(dialog).getByRole('checkbox', { name: 'Also show what it cost' });
  return { ...view, dialog, show, costs, onOpenChange, onCompleted };
}

describe('CompleteProjectDialog: portfolio consent asked at completion (docs/decisions/0017)', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    completes();
  });

  it('starts with both choices off; completing without saying yes shows nothing', async () => {
    const { user, dialog, show, costs, onCompleted } = renderDialog();
    expect(show).not.toBeChecked();
    expect(costs).not.toBeChecked();
    expect(costs).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(await sentUpdate(sent)).toEqual({
      status: 'completed',
      portfolio_consent: false,
      portfolio_show_costs: false,
    });
    await findToast('Project marked as complete', 'success');
  });

  it('sends both consents with the completion when the customer ticks them (keyboard)', async () => {
    const { user, dialog, show, costs, onCompleted, onOpenChange } = renderDialog();
    show.focus();
    await user.keyboard(' ');
    expect(show).toBeChecked();
    expect(costs).toBeEnabled();
    await user.click(costs);
    expect(costs).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await vi.waitFor(() => expect(onCompleted).toHaveBeenCalled());
    expect(await sentUpdate(sent)).toEqual({
      status: 'completed',
      portfolio_consent: true,
      portfolio_show_costs: true,
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('unticking the portfolio unticks the costs', async () => {
    const { user, show, costs } = renderDialog();
    await user.click(show);
    await user.click(costs);
    await user.click(show);
    expect(costs).not.toBeChecked();
    expect(costs).toBeDisabled();
  });

  it("reports 'Failed to complete project' when the database refuses, and stays open", async () => {
    backendAnswers(() => pgrstError(400, '23514', 'Invalid project status change'));
    const { user, dialog, onCompleted, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await findToast('Failed to complete project', 'error');
    expect(onCompleted).not.toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('an update that changed no row (not the customer) is a failure, not a completion', async () => {
    backendAnswers((request) => pgrstRows(request, []));
    const { user, dialog, onCompleted } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Mark as Complete' }));
    await findToast('Failed to complete project', 'error');
    expect(onCompleted).not.toHaveBeenCalled();
  });

  it('Cancel completes nothing', async () => {
    const { user, dialog, onOpenChange } = renderDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await sent.to('PATCH', 'rest/v1/projects')).toEqual([]);
  });
});
