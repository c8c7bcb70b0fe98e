import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BidsCard } from '@/features/bids/components/bids-card';
import { aBid } from '@/testing/factories';
import { renderApp } from '@/testing/render-app';
import { authUser, pgrstRows, recordRequests, restUrl, server, storeSession } from '@/testing/supabase-http';

const PROJECT = '8f4e2d1c-1111-4222-8333-944455556666';
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

describe('BidsCard: comparing bids with their milestones (docs/milestones.md)', () => {
  beforeEach(() => storeSession(CUSTOMER));

  it("lists each bid's milestones, and a bid without a split as one milestone, the whole bid", async () => {
    const sent = recordRequests();
    server.use(
      http.get(restUrl('project_bids'), ({ request }) =>
        pgrstRows(request, [
          aBid({
            project_id: PROJECT,
            bid_amount: 1200,
            milestones: [
              { title: 'Design board', amount: 300 },
              { title: 'Sourcing and styling', amount: 900 },
            ],
            designer: { full_name: 'Ada', designer_profile: { verified: null } },
          }),
          aBid({
            project_id: PROJECT,
            bid_amount: 850.5,
            designer: { full_name: 'Bo', designer_profile: { verified: null } },
          }),
        ]),
      ),
    );
    renderApp(<BidsCard projectId={PROJECT} />, { user: CUSTOMER });
    const ada = await screen.findByRole('list', { name: 'Milestones of the bid from Ada' });
    expect(
      within(ada)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Design board$300', '2. Sourcing and styling$900']);
    const bo = screen.getByRole('list', { name: 'Milestones of the bid from Bo' });
    expect(
      within(bo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. Design work$850.50']);
    const [read] = await sent.to('GET', 'rest/v1/project_bids');
    expect(read!.url.searchParams.get('select')).toContain('milestones');
    sent.stop();
  });
});
