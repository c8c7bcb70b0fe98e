import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { Component as PaymentSuccess } from '@/app/routes/memberships/payment-success';
import { sentAs, authUser, functionUrl, pgrstRows, recordRequests, restUrl, server } from '@/testing/supabase-http';
import { subscriptionStatus } from '@/testing/subscription-answers';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const USER = authUser('d0000000-0000-4000-8000-000000000002', 'dana@example.com');

/** The backend: the user's role row (a designer) and what the check-subscription function says of the membership. */
function membership(subscribed: boolean) {
  server.use(
    http.get(restUrl('user_roles'), ({ request }) => pgrstRows(request, [{ role: 'designer' }])),
    http.post(functionUrl('check-subscription'), () => subscriptionStatus('designer', subscribed)),
  );
}

/** The membership checks sent so far, each asked as the user. */
async function checksSent(sent: ReturnType<typeof recordRequests>) {
  const checks = await sent.to('POST', 'functions/v1/check-subscription');
  for (const check of checks) expect(sentAs(check)).toBe(USER.id);
  return checks;
}

function renderPage() {
  return renderApp(<PaymentSuccess />, {
    user: USER,
    url: '/payment-success',
    before: ['/project/p1', '/sandbox/checkout?session=s1'],
    path: '/payment-success',
    routes: [
      { path: '/dashboard/designer', element: <p>designer dashboard</p> },
      { path: '/project/:projectId', element: <p>the project page</p> },
    ],
  });
}

describe('payment success: back to where the user subscribed', () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });

  it('returns to the stored page as soon as the membership is confirmed, in place of this page', async () => {
    localStorage.setItem('paymentReturnPath', '/project/p1?tab=bids');
    membership(true);
    const { router } = renderPage();
    expect(await screen.findByText('the project page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/project/p1?tab=bids');
    await findToast('Your Designer membership is active', 'success');
    expect(localStorage.getItem('paymentReturnPath')).toBeNull();
    // Replaced, not pushed: Back leads to the page before the payment success page.
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await checksSent(sent)).toHaveLength(1);
  });

  it('while the membership is not confirmed, stays and offers Continue back to the page, and the dashboard', async () => {
    localStorage.setItem('paymentReturnPath', '/project/p1?tab=bids');
    membership(false);
    const { router, user: person } = renderPage();
    expect(await screen.findByText(/taking you back to where you were/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeInTheDocument();
    await waitFor(async () => expect(await checksSent(sent)).not.toHaveLength(0));
    expect(screen.queryByText('the project page')).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('the project page')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=bids');
    expect(localStorage.getItem('paymentReturnPath')).toBeNull();
  });

  it('subscribed from Pricing: shows the membership and Continue to Dashboard, and stays (no page to return to)', async () => {
    localStorage.setItem('paymentReturnPath', '/pricing');
    membership(true);
    const { user: person } = renderPage();
    expect(await screen.findByText(/Your Designer membership is active until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(raisedToasts('success')).toEqual([]);
    await person.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByText('designer dashboard')).toBeInTheDocument();
    // The dashboard is the role's, read from the user's own role row.
    const [roleRead] = await sent.to('GET', 'rest/v1/user_roles');
    expect(roleRead!.url.searchParams.get('user_id')).toBe(`eq.${USER.id}`);
    expect(sentAs(roleRead!)).toBe(USER.id);
  });

  it('never follows a stored path off this site', async () => {
    localStorage.setItem('paymentReturnPath', '//evil.example/phish');
    membership(true);
    renderPage();
    expect(await screen.findByText(/Your Designer membership is active until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
