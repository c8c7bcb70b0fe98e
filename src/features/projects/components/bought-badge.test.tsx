import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { BudgetTracker } from '@/features/projects/components/budget-tracker';
import { authUser, pgrstRows, recordRequests, restUrl, server, storeSession } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

function item(n: number, fields: Record<string, unknown>) {
  return {
    id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    project_id: PROJECT_ID,
    name: `Item ${n}`,
    description: null,
    cost: 60,
    added_by: USER.id,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, 0, n)).toISOString(),
    catalog_item_id: null,
    bought_at: null,
    order_id: null,
    adder: { full_name: 'Carl' },
    ...fields,
  };
}

describe("BudgetTracker: a Good Stuff item its project's people bought says Bought (docs/product.md, Buy Now and orders)", () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
  });

  it('reads when each item was bought and badges those that were', async () => {
    server.use(
      http.get(restUrl('project_items'), ({ request }) =>
        pgrstRows(request, [
          item(2, {
            name: 'Good Stuff: Teak side table',
            catalog_item_id: 'f0000000-0000-4000-8000-000000000001',
            bought_at: '2026-11-29T10:00:00Z',
            order_id: 'e0000000-0000-4000-8000-000000000001',
          }),
          item(1, { name: 'Good Stuff: Brass lamp', catalog_item_id: 'f0000000-0000-4000-8000-000000000002' }),
        ]),
      ),
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [{ items_total: 120 }])),
    );
    renderApp(
      <BudgetTracker
        projectId={PROJECT_ID}
        userId={USER.id}
        budget={500}
        budgetType="soft"
        itemsTotal={120}
        itemsTotalUpdatedAt={Date.now()}
        editable
      />,
    );
    const [bought, notYet] = await screen.findAllByTestId('project-item');
    expect(within(bought!).getByText('Bought')).toBeInTheDocument();
    expect(within(notYet!).queryByText('Bought')).not.toBeInTheDocument();
    expect(within(notYet!).getByText('Good Stuff')).toBeInTheDocument();
    const [read] = await sent.to('GET', 'rest/v1/project_items');
    expect(read!.url.searchParams.get('select')).toContain('bought_at');
  });
});
