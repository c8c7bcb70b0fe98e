import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SubmitBidDialog } from '@/features/bids/components/submit-bid-dialog';
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
import { renderApp } from '@/testing/render-app';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dora@example.com');

/** The backend answers the bid's insert with `answer` (201 with no body, or an error). */
function backendAnswers(answer: (request: Request) => Response) {
  server.use(http.post(restUrl('project_bids'), ({ request }) => answer(request)));
}

function renderDialog() {
  const onOpenChange = vi.fn();
  renderApp(<SubmitBidDialog projectId={PROJECT_ID} designerId={DESIGNER.id} open onOpenChange={onOpenChange} />);
  return { onOpenChange };
}

describe('SubmitBidDialog', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(DESIGNER);
    sent = recordRequests();
    backendAnswers((request) => pgrstRows(request, []));
  });

  it('shows only the first validation message and sends nothing', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bid amount is required');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    await userEvent.type(screen.getByLabelText('Bid Amount ($)'), '10.505');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bid amount must be a positive amount (cents at most)');
    expect(await sent.all()).toEqual([]);
  });

  it('sends amount with cents, optional days and the proposal, as the designer, and closes', async () => {
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Bid Amount ($)'), '850.50');
    await userEvent.type(screen.getByLabelText('Your Proposal'), '  Teak and plants  ');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByText('Bid submitted!')).toBeInTheDocument();
    const inserts = await sent.to('POST', 'rest/v1/project_bids');
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.body).toEqual({
      project_id: PROJECT_ID,
      designer_id: DESIGNER.id,
      bid_amount: 850.5,
      estimated_days: null,
      proposal: 'Teak and plants',
    });
    expect(sentAs(inserts[0]!)).toBe(DESIGNER.id);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("says 'Failed to submit bid' when the database refuses it (a second bid), and stays open", async () => {
    backendAnswers(() =>
      pgrstError(
        409,
        '23505',
        'duplicate key value violates unique constraint "project_bids_project_id_designer_id_key"',
        `Key (project_id, designer_id)=(${PROJECT_ID}, ${DESIGNER.id}) already exists.`,
      ),
    );
    const { onOpenChange } = renderDialog();
    await userEvent.type(screen.getByLabelText('Bid Amount ($)'), '850');
    await userEvent.type(screen.getByLabelText('Estimated Days (optional)'), '14');
    await userEvent.type(screen.getByLabelText('Your Proposal'), 'Teak and plants');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
    expect(await screen.findByText('Failed to submit bid')).toBeInTheDocument();
    expect((await sent.to('POST', 'rest/v1/project_bids'))[0]!.body).toMatchObject({ estimated_days: 14 });
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your Proposal')).toHaveValue('Teak and plants');
  });
});
