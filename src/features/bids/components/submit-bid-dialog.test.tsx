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
      milestones: null,
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

  describe('Split into milestones (docs/milestones.md)', () => {
    async function fillBid(amount: string) {
      await userEvent.type(screen.getByLabelText('Bid Amount ($)'), amount);
      await userEvent.type(screen.getByLabelText('Your Proposal'), 'Board, then sourcing');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Split into milestones' }));
    }

    it('sends the rows with the bid when they add up to it, and says the running total', async () => {
      renderDialog();
      await fillBid('1200');
      await userEvent.type(screen.getByLabelText('Milestone 1 title'), '  Design board ');
      await userEvent.type(screen.getByLabelText('Milestone 1 amount ($)'), '300');
      await userEvent.type(screen.getByLabelText('Milestone 2 title'), 'Sourcing and styling');
      await userEvent.type(screen.getByLabelText('Milestone 2 amount ($)'), '900');
      expect(screen.getByText('Milestones total $1,200 of $1,200')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByText('Bid submitted!')).toBeInTheDocument();
      const [insert] = await sent.to('POST', 'rest/v1/project_bids');
      expect(insert!.body).toMatchObject({
        bid_amount: 1200,
        milestones: [
          { title: 'Design board', amount: 300 },
          { title: 'Sourcing and styling', amount: 900 },
        ],
      });
    });

    it('refuses rows that do not add up to the bid, in words, and sends nothing', async () => {
      renderDialog();
      await fillBid('1200');
      await userEvent.type(screen.getByLabelText('Milestone 1 title'), 'Design board');
      await userEvent.type(screen.getByLabelText('Milestone 1 amount ($)'), '300');
      await userEvent.type(screen.getByLabelText('Milestone 2 title'), 'Sourcing');
      await userEvent.type(screen.getByLabelText('Milestone 2 amount ($)'), '800.50');
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The milestones must add up to the bid ($1,200.00)');
      expect(screen.getByText('Milestones total $1,100.50 of $1,200')).toHaveAttribute('aria-invalid', 'true');
      expect(await sent.all()).toEqual([]);
    });

    it('names the first bad row: a missing title, then an amount with more than cents', async () => {
      renderDialog();
      await fillBid('500');
      await userEvent.type(screen.getByLabelText('Milestone 1 amount ($)'), '250');
      await userEvent.type(screen.getByLabelText('Milestone 2 title'), 'Styling');
      await userEvent.type(screen.getByLabelText('Milestone 2 amount ($)'), '249.999');
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Give each milestone a title of up to 80 characters');
      expect(screen.getByLabelText('Milestone 1 title')).toHaveAttribute('aria-invalid', 'true');
      await userEvent.type(screen.getByLabelText('Milestone 1 title'), 'Board');
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Each milestone needs an amount above $0 with at most 2 decimals',
      );
      expect(screen.getByLabelText('Milestone 2 amount ($)')).toHaveAttribute('aria-invalid', 'true');
      expect(await sent.all()).toEqual([]);
    });

    it('adds rows up to 4 and removes them, by keyboard too', async () => {
      renderDialog();
      await fillBid('400');
      const add = screen.getByRole('button', { name: 'Add milestone' });
      await userEvent.click(add);
      add.focus();
      await userEvent.keyboard('{Enter}');
      expect(screen.getByLabelText('Milestone 4 title')).toBeInTheDocument();
      expect(add).toBeDisabled();
      await userEvent.click(screen.getByRole('button', { name: 'Remove milestone 4' }));
      expect(screen.queryByLabelText('Milestone 4 title')).toBeNull();
      expect(add).toBeEnabled();
      for (const n of [1, 2, 3]) {
        await userEvent.type(screen.getByLabelText(`Milestone ${n} title`), `Part ${n}`);
        await userEvent.type(screen.getByLabelText(`Milestone ${n} amount ($)`), n === 3 ? '200' : '100');
      }
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByText('Bid submitted!')).toBeInTheDocument();
      const [insert] = await sent.to('POST', 'rest/v1/project_bids');
      expect((insert!.body as { milestones: unknown[] }).milestones).toHaveLength(3);
    });

    it('sends no split when the box is unticked again', async () => {
      renderDialog();
      await fillBid('400');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Split into milestones' }));
      await userEvent.click(screen.getByRole('button', { name: 'Submit Bid' }));
      expect(await screen.findByText('Bid submitted!')).toBeInTheDocument();
      const [insert] = await sent.to('POST', 'rest/v1/project_bids');
      expect(insert!.body).toMatchObject({ bid_amount: 400, milestones: null });
    });
  });
});
