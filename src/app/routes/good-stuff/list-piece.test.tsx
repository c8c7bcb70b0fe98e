import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Component as ListPiece } from '@/app/routes/good-stuff/list-piece';
import { AuthContext } from '@/features/account/utils/auth-context';
import {
  sentAs,
  authUser,
  functionUrl,
  later,
  pgrstError,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  sessionFor,
  storeSession,
} from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'casey@example.com');

/** The user's role row (user_roles), as the database answers the page's read of it. */
function roleAnswer(answer: (request: Request) => Response | Promise<Response>) {
  server.use(http.get(restUrl('user_roles'), ({ request }) => answer(request)));
}
const roleIs = (role: string) => roleAnswer((request) => pgrstRows(request, [{ role }]));
/** check-subscription's answer for the designer plan. */
const membership = (subscribed: boolean) =>
  server.use(http.post(functionUrl('check-subscription'), () => subscriptionStatus('designer', subscribed)));

function renderPage() {
  const sent = recordRequests();
  storeSession(USER);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const session = sessionFor(USER);
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session, user: USER, event: 'INITIAL_SESSION' }}>
        <MemoryRouter initialEntries={['/list-vintage']}>
          <ListPiece />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
  return { sent };
}

/** The page read the user's own role row, once, as the user. */
async function expectRoleRead(sent: ReturnType<typeof recordRequests>) {
  await waitFor(async () => expect(await sent.to('GET', 'rest/v1/user_roles')).toHaveLength(1));
  const [read] = await sent.to('GET', 'rest/v1/user_roles');
  expect(read!.url.searchParams.get('select')).toBe('role');
  expect(read!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
  expect(sentAs(read!)).toBe(USER.id);
}

function expectNoForm() {
  expect(screen.queryByLabelText('Title')).toBeNull();
  expect(screen.queryByRole('button', { name: 'List Item' })).toBeNull();
}

describe('List Vintage Item: only designers list', () => {
  it('tells a customer before they type, with the way to become a designer (Settings)', async () => {
    roleIs('customer');
    const { sent } = renderPage();
    const notice = await screen.findByRole('region', { name: 'Listing is for designers' });
    expect(notice).toHaveTextContent('Your account is a Client account.');
    expect(notice).toHaveTextContent('Settings → Change Account Type');
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
    expectNoForm();
    await expectRoleRead(sent);
  });

  it('shows the form to a designer with a membership', async () => {
    roleIs('designer');
    membership(true);
    const { sent } = renderPage();
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List Item' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Listing is for designers' })).toBeNull();
    await expectRoleRead(sent);
  });

  it('shows neither while the account type loads', async () => {
    const answer = later<void>();
    roleAnswer(async (request) => {
      await answer.promise;
      return pgrstRows(request, [{ role: 'designer' }]);
    });
    const { sent } = renderPage();
    await expectRoleRead(sent);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expectNoForm();
    expect(screen.queryByRole('region', { name: 'Listing is for designers' })).toBeNull();
    membership(true);
    answer.give();
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
  });

  it('asks a designer without a membership to subscribe instead of showing the form the database would refuse', async () => {
    roleIs('designer');
    membership(false);
    const { sent } = renderPage();
    const notice = await screen.findByRole('region', { name: 'Listing is part of the designer membership' });
    expectNoForm();
    expect(await sent.to('POST', 'functions/v1/check-subscription')).toHaveLength(1);
    await userEvent.click(within(notice).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog', { name: 'Subscribe to Continue' })).toHaveTextContent('Designer');
  });

  it('tells an account without a type the same way', async () => {
    roleAnswer((request) => pgrstRows(request, []));
    renderPage();
    const notice = await screen.findByRole('region', { name: 'Listing is for designers' });
    expect(notice).not.toHaveTextContent('Client account');
    expectNoForm();
  });

  it('says so, and shows no form, when the account type cannot be read', async () => {
    roleAnswer(() => pgrstError(500, '57014', 'canceling statement due to statement timeout'));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your account type');
    expectNoForm();
  });
});
