import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { act, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_ITEMS } from '@/features/project-items/api/get-project-items';
import { BudgetTracker } from '@/features/project-items/components/budget-tracker';
import { queryConfig } from '@/lib/query-client';

const PROJECT = 'p1';

// The wire: the capped items list (project_items), the project's items_total (projects) and the items feed.
const itemsTotal = vi.fn<() => number>();
const items = vi.fn<() => unknown[]>();
let onItemsChange: (() => void) | null = null;
function query(table: string): unknown {
  const answer = () =>
    table === 'projects' ? { data: { items_total: itemsTotal() }, error: null } : { data: items(), error: null };
  const builder: Record<string, unknown> = {
    then: (resolve: (v: unknown) => void) => resolve(answer()),
    single: () => Promise.resolve(answer()),
  };
  for (const method of ['select', 'eq', 'order', 'limit']) builder[method] = () => builder;
  return builder;
}
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: (table: string) => query(table),
    channel: () => ({
      on(_type: string, _filter: unknown, handler: () => void) {
        onItemsChange = handler;
        return this;
      },
      subscribe() {
        return this;
      },
    }),
    removeChannel: () => Promise.resolve(),
  },
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** A page of the newest items: MAX_ITEMS rows of $1 each, as the list shows them. */
function cappedPage() {
  return Array.from({ length: MAX_ITEMS }, (_, i) => ({
    id: `i${i}`,
    project_id: PROJECT,
    name: `Item ${i}`,
    description: null,
    cost: 1,
    added_by: 'u1',
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, MAX_ITEMS - i)).toISOString(),
    adder: null,
  }));
}

/** The app's query settings (data stays fresh for a minute), without retries. */
function renderWithClient(ui: ReactElement) {
  const client = new QueryClient({
    defaultOptions: { ...queryConfig, queries: { ...queryConfig.queries, retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

function spent() {
  const term = screen.getByText('Spent', { selector: 'dt' });
  return within(term.parentElement!).getByRole('definition');
}

describe('BudgetTracker: Spent is the database items_total', () => {
  beforeEach(() => {
    onItemsChange = null;
    items.mockReset().mockReturnValue(cappedPage());
    itemsTotal.mockReset();
  });

  it('shows the project total, not the sum of the loaded items, when there are more items than the list holds', async () => {
    // 620 items in the project: the list holds the newest 500 ($500), the database counts every one ($2,120).
    renderWithClient(
      <BudgetTracker
        projectId={PROJECT}
        userId="u1"
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
  });

  it('reads the total again when the items feed reports a change', async () => {
    itemsTotal.mockReturnValue(2600);
    renderWithClient(
      <BudgetTracker
        projectId={PROJECT}
        userId="u1"
        budget={2500}
        budgetType="hard"
        itemsTotal={2120}
        itemsTotalUpdatedAt={Date.now()}
        editable
      />,
    );
    expect(await screen.findAllByTestId('project-item')).toHaveLength(MAX_ITEMS);
    expect(spent()).toHaveTextContent('$2,120');
    expect(itemsTotal).not.toHaveBeenCalled();
    // The other party added an item: the feed fires, the database's total is now $2,600.
    act(() => onItemsChange?.());
    await vi.waitFor(() => expect(spent()).toHaveTextContent('$2,600'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Budget exceeded by $100. Cannot add more items with hard cap.',
    );
  });

  it('reads the total when the project row it was given is older than the cache keeps data fresh', async () => {
    itemsTotal.mockReturnValue(90);
    renderWithClient(
      <BudgetTracker
        projectId={PROJECT}
        userId="u1"
        budget={1000}
        budgetType="soft"
        itemsTotal={40}
        itemsTotalUpdatedAt={0}
        editable={false}
      />,
    );
    await vi.waitFor(() => expect(spent()).toHaveTextContent('$90'));
  });
});
