import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Component as AdminLayout } from '@/app/routes/admin/admin-layout';
import { authUser, recordRequests, rpcUrl, sentAs, server } from '@/testing/supabase-http';
import { renderApp } from '@/testing/render-app';

const OPERATOR = authUser('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test');
const CUSTOMER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** The console's layout at /admin with a stand-in page under it. */
function renderConsole(user: typeof OPERATOR | null, url = '/admin') {
  return renderApp(<p>Elsewhere</p>, {
    user,
    url,
    path: '/elsewhere',
    routes: [
      {
        path: '/admin',
        element: <AdminLayout />,
        children: [
          { index: true, element: <p>The queue</p> },
          { path: '/admin/log', element: <p>The log</p> },
        ],
      },
    ],
  });
}

function operatorAnswer(isOperator: boolean) {
  server.use(http.post(rpcUrl('is_operator'), () => HttpResponse.json(isOperator)));
}

describe('The console guard, /admin', () => {
  it('shows a signed-out visitor the 404 page and asks nothing', async () => {
    const sent = recordRequests();
    renderConsole(null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.queryByText('The queue')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Console' })).not.toBeInTheDocument();
    expect(await sent.all()).toEqual([]);
  });

  it('shows a signed-in user who is not an operator exactly the 404 page', async () => {
    const sent = recordRequests();
    operatorAnswer(false);
    renderConsole(CUSTOMER, '/admin/log');
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist or has moved.')).toBeInTheDocument();
    expect(screen.queryByText('The log')).not.toBeInTheDocument();
    expect(screen.queryByText(/console|operator|admin/i)).not.toBeInTheDocument();
    const [ask] = await sent.to('POST', 'rest/v1/rpc/is_operator');
    expect(sentAs(ask!)).toBe(CUSTOMER.id);
  });

  it('shows the 404 page when the check fails', async () => {
    server.use(http.post(rpcUrl('is_operator'), () => HttpResponse.json({ message: 'boom' }, { status: 500 })));
    renderConsole(CUSTOMER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
  });

  it("opens the console for an operator, with its navigation and the page asked for", async () => {
    operatorAnswer(true);
    const { user } = renderConsole(OPERATOR);
    expect(await screen.findByText('The queue')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Audit log' }));
    expect(screen.getByRole('link', { name: 'Verification' })).toHaveAttribute('href', '/admin/verification');
    expect(nav).toContainElement(screen.getByRole('link', { name: 'Disputes' }));
    expect(screen.getByRole('link', { name: 'Disputes' })).toHaveAttribute('href', '/admin/disputes');
    await user.click(screen.getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByText('The log')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Reports' })).not.toHaveAttribute('aria-current');
  });
});
