import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BrowseDesigners } from '@/app/routes/browse-designers';
import { Component as CustomerDashboard } from '@/app/routes/dashboard-customer';
import { Component as DesignerDashboard } from '@/app/routes/dashboard-designer';
import { Component as ProfileCustomer } from '@/app/routes/profile-customer';
import { Component as ProjectPage } from '@/app/routes/project';
import { AuthContext } from '@/features/auth/utils/auth-context';
import { supabase } from '@/lib/supabase';

/**
 * Every action that needs a membership (docs/product.md "Payments"), clicked right after its page appears, while
 * the membership check is still under way: the form must not open before the check answers; it opens when the
 * answer is "subscribed", and 'Subscribe to Continue' opens instead when it is not.
 */

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const project = {
  id: PROJECT_ID,
  customer_id: 'c-other',
  designer_id: null,
  title: 'Sunny loft',
  description: 'A bright room with old floors',
  location: 'Portland, OR',
  latitude: null,
  longitude: null,
  space_size: 400,
  budget: 1000,
  budget_type: 'soft',
  preferred_style: 'Scandinavian',
  status: 'pending',
  items_total: 0,
  created_at: '2026-11-22T06:00:00Z',
  updated_at: '2026-11-22T06:00:00Z',
  completed_at: null,
};
const designer = {
  user_id: 'd1',
  full_name: 'Dana Designer',
  username: 'dana',
  bio: 'Thrifted mid-century rooms.',
  base_rate: 300,
  rate_per_item: 0,
  rate_per_sqft: 0,
  specialties: ['Mid-Century Modern'],
  experience_years: 4,
  location: 'Portland, OR',
  latitude: null,
  longitude: null,
};

// The wire, by table or rpc: what each page reads besides the membership. Every query builder call returns the
// builder; awaiting it gives the rows (or an rpc's value), .maybeSingle()/.single() the first row.
let rows: Record<string, unknown[] | number> = {};
function table(name: string): unknown {
  const result = () => {
    const data = rows[name] ?? [];
    return { data, error: null, count: Array.isArray(data) ? data.length : null };
  };
  const first = () => {
    const data = rows[name] ?? [];
    return Array.isArray(data) ? (data[0] ?? null) : data;
  };
  const builder: unknown = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === 'then') return (resolve: (v: unknown) => void) => resolve(result());
        if (key === 'maybeSingle' || key === 'single') return () => Promise.resolve({ data: first(), error: null });
        return () => builder;
      },
    },
  );
  return builder;
}
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: (name: string) => table(name),
    rpc: (name: string) => table(name),
    functions: { invoke: vi.fn() },
    storage: { from: () => ({ list: () => Promise.resolve({ data: [], error: null }) }) },
    channel: () => ({
      on() {
        return this;
      },
      subscribe() {
        return this;
      },
    }),
    removeChannel: () => Promise.resolve(),
    auth: { getSession: () => Promise.resolve({ data: { session: null } }) },
  },
}));
const invoke = vi.mocked(supabase.functions.invoke);

/** The membership check stays under way until the test answers it. */
function pendingCheck() {
  let answer: (value: { data: unknown; error: unknown }) => void = () => {};
  invoke.mockImplementation((name: string) => {
    if (name !== 'check-subscription') throw new Error(`unexpected function ${name}`);
    return new Promise((resolve) => (answer = resolve)) as never;
  });
  return (subscribed: boolean) =>
    act(async () =>
      answer({
        data: { subscribed, plan: subscribed ? 'client' : null, product_id: null, subscription_end: null },
        error: null,
      }),
    );
}

function renderPage(Page: ComponentType, path: string, url: string, userId: string) {
  const user = { id: userId, email: `${userId}@example.com` } as User;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' }}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={<Page />} />
            {path === '/project/:projectId' ? null : <Route path="/project/:projectId" element={<p>project page</p>} />}
          </Routes>
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

type Case = {
  name: string;
  page: ComponentType;
  path?: string;
  url: string;
  userId: string;
  role: 'customer' | 'designer';
  tables: () => Record<string, unknown[] | number>;
  button: string;
  /** What the action shows once it may go on. */
  opened: () => HTMLElement | null;
};

const cases: Case[] = [
  {
    name: 'New Project (customer dashboard)',
    page: CustomerDashboard,
    url: '/dashboard/customer',
    userId: 'c1',
    role: 'customer',
    tables: () => ({}),
    button: 'New Project',
    opened: () => screen.queryByRole('dialog', { name: 'New Project' }),
  },
  {
    name: 'Plan my move (customer profile)',
    page: ProfileCustomer,
    url: '/profile/customer',
    userId: 'c1',
    role: 'customer',
    tables: () => ({}),
    button: 'Plan my move',
    opened: () => screen.queryByRole('dialog', { name: 'Moving soon?' }),
  },
  {
    name: 'Nudge (browse designers)',
    page: BrowseDesigners,
    url: '/browse-designers',
    userId: 'c1',
    role: 'customer',
    tables: () => ({ designer_profiles: [designer], projects: [{ id: PROJECT_ID, title: 'Sunny loft' }] }),
    button: 'Nudge Dana Designer',
    opened: () => screen.queryByRole('dialog', { name: 'Nudge Dana Designer' }),
  },
  {
    name: 'Submit Bid (designer dashboard)',
    page: DesignerDashboard,
    url: '/dashboard/designer',
    userId: 'd1',
    role: 'designer',
    // The available list and its total come from rpcs (the 100-mile rule in the database), the rest from tables.
    tables: () => ({ open_projects: [project], open_project_count: 1, projects: [project], designer_bids: [] }),
    button: 'Submit Bid',
    opened: () => screen.queryByText('project page'),
  },
  {
    name: 'Place Bid (project page)',
    page: ProjectPage,
    path: '/project/:projectId',
    url: `/project/${PROJECT_ID}`,
    userId: 'd1',
    role: 'designer',
    tables: () => ({ projects: [project], user_roles: [{ role: 'designer' }], project_bids: [] }),
    button: 'Place Bid',
    opened: () => screen.queryByRole('dialog', { name: 'Submit Your Bid' }),
  },
];

describe.each(cases)('$name while the membership check is under way', (c) => {
  beforeEach(() => {
    rows = c.tables();
    invoke.mockReset();
    // jsdom has no geolocation: the pages log it and show everything.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  async function clickWhileChecking() {
    const answer = pendingCheck();
    const user = renderPage(c.page, c.path ?? c.url, c.url, c.userId);
    const button = await screen.findByRole('button', { name: c.button }, { timeout: 10_000 });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Checking your membership…')).toBeInTheDocument();
    expect(c.opened()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Subscribe to Continue' })).toBeNull();
    return { answer, button };
  }

  it('opens nothing until the check answers, then opens the form for a member', async () => {
    const { answer, button } = await clickWhileChecking();
    await answer(true);
    await waitFor(() => expect(c.opened()).not.toBeNull());
    expect(screen.queryByRole('dialog', { name: 'Subscribe to Continue' })).toBeNull();
    // Submit Bid has left the page for the project; the others stay, no longer busy.
    if (document.contains(button)) expect(button).not.toHaveAttribute('aria-busy');
  });

  it("asks to subscribe instead, and never opens the form, when the check says 'not subscribed'", async () => {
    const { answer, button } = await clickWhileChecking();
    await answer(false);
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Continue' });
    expect(dialog).toHaveTextContent(c.role === 'designer' ? '$9.99 per month' : '$0.99 per month');
    expect(c.opened()).toBeNull();
    expect(button).not.toHaveAttribute('aria-busy');
  });
});
