import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_ITEMS } from '@/features/projects/api/get-project-items';
import { BudgetTracker } from '@/features/projects/components/budget-tracker';
import { queryConfig } from '@/lib/query-client';
import { answerRealtime } from '@/testing/supabase-realtime';
import { authUser, pgrstRows, recordRequests, restUrl, server, storeSession } from '@/testing/supabase-http';

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const FEED = `realtime:project-items:${PROJECT_ID}`;

type Item = {
  id: string;
  project_id: string;
  name: string;
  description: string | null;
  cost: number;
  added_by: string;
  created_at: string;
  adder: { full_name: string } | null;
};
/** project_items' columns as Realtime describes a change's row (pg_type names). */
const ITEM_COLUMNS = [
  { name: 'id', type: 'uuid' },
  { name: 'project_id', type: 'uuid' },
  { name: 'name', type: 'text' },
  { name: 'description', type: 'text' },
  { name: 'cost', type: 'numeric' },
  { name: 'added_by', type: 'uuid' },
  { name: 'created_at', type: 'timestamptz' },
];

/** `count` items of $1 each, newest first, as PostgREST returns them with their adder. */
function itemsPage(count: number, newestSecond = count): Item[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `a0000000-0000-4000-8000-${String(newestSecond - i).padStart(12, '0')}`,
    project_id: PROJECT_ID,
    name: `Item ${newestSecond - i}`,
    description: null,
    cost: 1,
    added_by: USER.id,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, newestSecond - i)).toISOString(),
    adder: { full_name: 'Carl' },
  }));
}

/**
 * The database as the tracker reads it: the items list (project_items, capped by the app) and the project's
 * items_total (projects, `.single()`), whatever they are when each request arrives.
 */
const world = { items: [] as Item[], itemsTotal: 0 };
function backendAnswers() {
  server.use(
    http.get(restUrl('project_items'), ({ request }) => pgrstRows(request, world.items.slice(0, MAX_ITEMS))),
    http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [{ items_total: world.itemsTotal }])),
  );
}

/** The app's query settings (data stays fresh for a minute), without retries. */
function renderApp(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  return { client, ...render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>) };
}

function spent() {
  const term = screen.getByText('Spent', { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition');
}

describe('BudgetTracker: Spent is the database items_total', () => {
  let sent: ReturnType<typeof recordRequests>;
  let feed: ReturnType<typeof answerRealtime>;
  const totalReads = async () => sent.to('GET', 'rest/v1/projects');

  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    feed = answerRealtime();
    world.items = itemsPage(MAX_ITEMS);
    world.itemsTotal = 0;
    backendAnswers();
  });

  it('shows the project total, not the sum of the loaded items, when there are more items than the list holds', async () => {
    // 620 items in the project: the list holds the newest 500 ($500), the database counts every one ($2,120).
    world.items = itemsPage(620);
    world.itemsTotal = 2120;
    renderApp(
      <BudgetTracker
        projectId={PROJECT_ID}
        userId={USER.id}
        budget={2500}
        budgetType="hard"
        itemsTotal={2120}
        itemsTotalUpdatedAt={Date.now()}
        editable
      />,
    );
    expect(await screen.findAllByTestId('project-item')).toHaveLength(MAX_ITEMS);
    expect(spent()).toHaveTextContent('$2,120');
    expect(screen.getByText('Remaining', { selector: 'dt' }).nextElementSibling).toHaveTextContent('$380');
    // 84.8% of the budget: the warning follows the same figure.
    expect(screen.getByRole('alert')).toHaveTextContent('Approaching budget limit. $380 remaining.');
    expect(screen.getByText(`Showing the newest ${MAX_ITEMS} items; Spent counts every item.`)).toBeInTheDocument();
    // The list asked for the newest items of this project only, at most MAX_ITEMS of them.
    const [list] = await sent.to('GET', 'rest/v1/project_items');
    expect(list!.url.searchParams.get('project_id')).toBe(`eq.${PROJECT_ID}`);
    expect(list!.url.searchParams.get('order')).toBe('created_at.desc');
    expect(list!.url.searchParams.get('limit')).toBe(String(MAX_ITEMS));
    // The project row's total was fresh: not read again.
    expect(await totalReads()).toEqual([]);
  });

  it('reads the total again when the items feed reports a change', async () => {
    world.itemsTotal = 2120;
    feed.answerJoins();
    const { client } = renderApp(
      <BudgetTracker
        projectId={PROJECT_ID}
        userId={USER.id}
        budget={2500}
        budgetType="hard"
        itemsTotal={2120}
        itemsTotalUpdatedAt={Date.now()}
        editable
      />,
    );
    expect(await screen.findAllByTestId('project-item')).toHaveLength(MAX_ITEMS);
    expect(spent()).toHaveTextContent('$2,120');
    // The feed of this project's items is live, and its catch-up read (changes made before it was) is done.
    await waitFor(() => expect(feed.isJoined(FEED)).toBe(true));
    expect(feed.joins.map((join) => join.topic)).toEqual([FEED]);
    expect(feed.joins[0]!.bindings).toEqual([
      expect.objectContaining({
        event: '*',
        schema: 'public',
        table: 'project_items',
        filter: `project_id=eq.${PROJECT_ID}`,
      }),
    ]);
    await waitFor(async () => expect(await totalReads()).toHaveLength(1));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(spent()).toHaveTextContent('$2,120');

    // The other party adds a $480 item: the database's total is now $2,600, and the feed reports the insert.
    const added = { ...itemsPage(1, MAX_ITEMS + 1)[0]!, name: 'Walnut desk', cost: 480 };
    world.items = [added, ...world.items];
    world.itemsTotal = 2600;
    const { adder: _adder, ...record } = added;
    feed.change('project_items', 'INSERT', ITEM_COLUMNS, { record });
    await waitFor(() => expect(spent()).toHaveTextContent('$2,600'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Budget exceeded by $100. Cannot add more items with hard cap.',
    );
    expect(await screen.findByText('Walnut desk')).toBeInTheDocument();
    const reads = await totalReads();
    expect(reads).toHaveLength(2);
    expect(reads[1]!.url.searchParams.get('id')).toBe(`eq.${PROJECT_ID}`);
    expect(reads[1]!.url.searchParams.get('select')).toBe('items_total');
  });

  it('reads the total when the project row it was given is older than the cache keeps data fresh', async () => {
    world.items = itemsPage(3);
    world.itemsTotal = 90;
    renderApp(
      <BudgetTracker
        projectId={PROJECT_ID}
        userId={USER.id}
        budget={1000}
        budgetType="soft"
        itemsTotal={40}
        itemsTotalUpdatedAt={0}
        editable={false}
      />,
    );
    await waitFor(() => expect(spent()).toHaveTextContent('$90'));
    const [read] = await totalReads();
    expect(read!.url.searchParams.get('id')).toBe(`eq.${PROJECT_ID}`);
    expect(read!.url.searchParams.get('select')).toBe('items_total');
    // The feed never joined here: the read was the stale total's, not a catch-up.
    expect(feed.isJoined(FEED)).toBe(false);
  });
});
