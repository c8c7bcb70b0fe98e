import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { AcceptedBidCard } from '@/features/bids/components/accepted-bid-card';
import { aBid } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { authUser, pgrstRows, recordRequests, restUrl, sentAs, server } from '@/testing/supabase-http';

const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dora@example.com');
const DEPARTED = 'd0000000-0000-4000-8000-000000000003';

const dora = { full_name: 'Dora Designer', designer_profile: { verified: 'pro' } };

describe('AcceptedBidCard: the accepted bid on the project page, for both parties', () => {
  it("shows the customer the assigned designer's accepted bid: designer, amount, estimated days, proposal", async () => {
    const sent = recordRequests();
    server.use(
      http.get(restUrl('project_bids'), ({ request }) =>
        pgrstRows(request, [
          // A reopened project's departed designer keeps an accepted bid; it is not this project's any more.
          aBid({ project_id: PROJECT, designer_id: DEPARTED, status: 'accepted', bid_amount: 999 }),
          aBid({ project_id: PROJECT, status: 'rejected', bid_amount: 700 }),
          aBid({
            project_id: PROJECT,
            designer_id: DESIGNER.id,
            status: 'accepted',
            bid_amount: 1250.5,
            estimated_days: 21,
            proposal: 'Warm woods,\nlinen and a reading corner.',
            designer: dora,
          }),
        ]),
      ),
    );
    renderApp(<AcceptedBidCard projectId={PROJECT} designerId={DESIGNER.id} viewer="customer" />, {
      user: CUSTOMER,
    });
    const card = await screen.findByRole('region', { name: 'Accepted bid' });
    expect(within(card).getByText('The bid you accepted.')).toBeVisible();
    const value = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(value('Designer')).toContain('Dora Designer');
    expect(value('Amount')).toBe('$1,250.50');
    expect(value('Estimated time')).toBe('21 days');
    expect(value('Proposal')).toBe('Warm woods,\nlinen and a reading corner.');
    expect(within(card).queryByText('$999')).toBeNull();
    const [read] = await sent.to('GET', 'rest/v1/project_bids');
    expect(read!.url.searchParams.get('project_id')).toBe(`eq.${PROJECT}`);
    expect(sentAs(read!)).toBe(CUSTOMER.id);
    sent.stop();
  });

  it('shows the designer their own accepted bid (the only one row-level security gives them)', async () => {
    server.use(
      http.get(restUrl('project_bids'), ({ request }) =>
        pgrstRows(request, [
          aBid({
            project_id: PROJECT,
            designer_id: DESIGNER.id,
            status: 'accepted',
            bid_amount: 800,
            estimated_days: null,
            designer: dora,
          }),
        ]),
      ),
    );
    renderApp(<AcceptedBidCard projectId={PROJECT} designerId={DESIGNER.id} viewer="designer" />, {
      user: DESIGNER,
    });
    const card = await screen.findByRole('region', { name: 'Accepted bid' });
    expect(within(card).getByText('Your bid the client accepted.')).toBeVisible();
    expect(within(card).getByText('$800')).toBeVisible();
    expect(within(card).getByText('Not given')).toBeVisible();
  });
});
