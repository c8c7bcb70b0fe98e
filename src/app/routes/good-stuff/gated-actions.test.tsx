import type { User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as BrowseDesigners } from '@/app/routes/designers/browse-designers';
import { Component as CustomerDashboard } from '@/app/routes/projects/dashboard-customer';
import { Component as DesignerDashboard } from '@/app/routes/projects/dashboard-designer';
import { Component as ProfileCustomer } from '@/app/routes/account/profile-customer';
import { Component as ProjectPage } from '@/app/routes/projects/project';
import { AuthContext } from '@/features/account/utils/auth-context';
import {
  sentAs,
  pgrstCount,
  authUser,
  functionUrl,
  later,
  pgrstRows,
  recordRequests,
  restUrl,
  rpcUrl,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';

/**
 * Every action that needs a membership (docs/product.md "Payments"), clicked right after its page appears, while
 * the membership check is still under way: the form must not open before the check answers; it opens when the
 * answer is "subscribed", and 'Subscribe to Continue' opens instead when it is not.
 *
 * The pages run with the app's real supabase-js client, answered at the HTTP boundary (src/testing/supabase-http.ts):
 * each case lists what its page reads; a read nobody answers fails the case.
 */

const PROJECT_ID = '8f4e2d1c-1111-4222-8333-944455556666';
const project = {
  id: PROJECT_ID,
  customer_id: 'c0000000-0000-4000-8000-00000000000f',
  designer_id: null,
  title: 'Sunny loft',
  description: 'A bright room with old floors',
  place_id: 'gn:5746545',
  place: { label: 'Portland, OR' },
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
  user_id: 'd0000000-0000-4000-8000-00000000000d',
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

const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
const DESIGNER = authUser('d0000000-0000-4000-8000-000000000002', 'dana@example.com');

/** A read of `table` answered with `rows`. */
const rows = (table: string, list: Record<string, unknown>[]) =>
  http.get(restUrl(table), ({ request }) => pgrstRows(request, list));

/**
 * The membership check stays under way until the test answers it: `answer(subscribed)` gives every check sent
 * so far and later the function's answer for the user's plan.
 */
function pendingCheck(plan: 'client' | 'designer') {
  const check = later<boolean>();
  server.use(http.post(functionUrl('check-subscription'), async () => subscriptionStatus(plan, await check.promise)));
  return (subscribed: boolean) => act(async () => check.give(subscribed));
}

function renderPage(Page: ComponentType, path: string, url: string, user: User) {
  storeSession(user);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: sessionFor(user), user, event: 'INITIAL_SESSION' }}>
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
  user: User;
  role: 'customer' | 'designer';
  /** What the backend answers the page's reads besides the membership (anything else fails the test). */
  backend: () => RequestHandler[];
  button: string;
  /** What the action shows once it may go on. */
  opened: () => HTMLElement | null;
};

const cases: Case[] = [
  {
    name: 'New Project (customer dashboard)',
    page: CustomerDashboard,
    url: '/dashboard/customer',
    user: CUSTOMER,
    role: 'customer',
    backend: () => [rows('projects', [])],
    button: 'New Project',
    opened: () => screen.queryByRole('dialog', { name: 'New Project' }),
  },
  {
    name: 'Plan my move (customer profile)',
    page: ProfileCustomer,
    url: '/profile/customer',
    user: CUSTOMER,
    role: 'customer',
    backend: () => [rows('customer_profiles', []), rows('designer_nudges', [])],
    button: 'Plan my move',
    opened: () => screen.queryByRole('dialog', { name: 'Moving soon?' }),
  },
  {
    name: 'Nudge (browse designers)',
    page: BrowseDesigners,
    url: '/browse-designers',
    user: CUSTOMER,
    role: 'customer',
    backend: () => [
      rows('customer_profiles', []),
      // The directory from search_designers (the customer has no place and jsdom no geolocation: no origin).
      http.post(rpcUrl('search_designers'), () =>
        HttpResponse.json([
          {
            ...designer,
            created_at: '2026-11-20T06:00:00Z',
            rating: null,
            review_count: 0,
            distance_miles: null,
            within_reach: null,
          },
        ]),
      ),
      rows('designer_nudges', []),
      // The Save hearts on the designer cards: none saved.
      rows('saved_designers', []),
      // The customer's pending projects, offered in the nudge form.
      rows('projects', [{ id: PROJECT_ID, title: 'Sunny loft' }]),
    ],
    button: 'Nudge Dana Designer',
    opened: () => screen.queryByRole('dialog', { name: 'Nudge Dana Designer' }),
  },
  {
    name: 'Submit Bid (designer dashboard)',
    page: DesignerDashboard,
    url: '/dashboard/designer',
    user: DESIGNER,
    role: 'designer',
    // The available list and its total come from rpcs (the 100-mile rule in the database), the rest from tables;
    // the designer's profile names no place (and jsdom has no geolocation): no origin.
    backend: () => [
      rows('designer_profiles', [{ latitude: null, longitude: null }]),
      http.post(rpcUrl('open_projects'), () =>
        HttpResponse.json([{ ...project, place: undefined, place_label: project.place.label }]),
      ),
      http.post(rpcUrl('open_project_count'), () => HttpResponse.json(1)),
      http.get(restUrl('projects'), ({ request }) => pgrstRows(request, [])),
      http.head(restUrl('projects'), () => pgrstCount(0)),
      http.head(restUrl('project_bids'), () => pgrstCount(0)),
      rows('saved_designers', []),
      // Earnings from milestones (docs/milestones.md): none yet.
      http.post(rpcUrl('designer_earnings'), () => HttpResponse.json({ released: 0, on_the_way: 0, held: 0 })),
    ],
    button: 'Submit Bid',
    opened: () => screen.queryByText('project page'),
  },
  {
    name: 'Place Bid (project page)',
    page: ProjectPage,
    path: '/project/:projectId',
    url: `/project/${PROJECT_ID}`,
    user: DESIGNER,
    role: 'designer',
    backend: () => [
      rows('projects', [project]),
      rows('user_roles', [{ role: 'designer' }]),
      rows('project_bids', []),
      // Not theirs yet: the location as typed is not given (the page shows the place's label).
      http.post(rpcUrl('project_locations'), () => HttpResponse.json([])),
    ],
    button: 'Place Bid',
    opened: () => screen.queryByRole('dialog', { name: 'Submit Your Bid' }),
  },
];

describe.each(cases)('$name while the membership check is under way', (c) => {
  let sent: ReturnType<typeof recordRequests>;
  let unanswered: string[];
  beforeEach(() => {
    sent = recordRequests();
    unanswered = [];
    server.events.on('request:unhandled', ({ request }) => {
      unanswered.push(`${request.method} ${request.url}`);
    });
    server.use(...c.backend());
  });
  afterEach(() => {
    vi.restoreAllMocks();
    // console.error is silenced above, where MSW reports a request no handler answered: asked here instead.
    expect(unanswered).toEqual([]);
  });

  async function clickWhileChecking() {
    const answer = pendingCheck(c.role === 'designer' ? 'designer' : 'client');
    const user = renderPage(c.page, c.path ?? c.url, c.url, c.user);
    const button = await screen.findByRole('button', { name: c.button }, { timeout: 10_000 });
    await user.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Checking your membership…')).toBeInTheDocument();
    expect(c.opened()).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Subscribe to Continue' })).toBeNull();
    // The check under way is the user's own.
    const checks = await sent.to('POST', 'functions/v1/check-subscription');
    expect(checks.length).toBeGreaterThan(0);
    for (const check of checks) expect(sentAs(check)).toBe(c.user.id);
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
