import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalNavigation } from '@/features/memberships/api/open-customer-portal';
import { ManageSubscriptionCard } from '@/features/memberships/components/manage-subscription-card';
import { sentAs, authUser, functionUrl, recordRequests, server, storeSession } from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';
import { renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');
/** check-subscription's answer for a customer with a running client membership. */
const active = {
  subscribed: true,
  plan: 'client',
  product_id: 'prod_sandbox_client',
  price_id: 'price_sandbox_client',
  subscription_end: '2026-12-22T00:00:00.000Z',
  status: 'active',
  cancel_at_period_end: false,
  provider: 'sandbox',
};

/** The two functions the card calls: the membership check and the management page's URL. */
function functionsAnswer(answers: { membership: () => Response; portal: () => Response }) {
  server.use(
    http.post(functionUrl('check-subscription'), () => answers.membership()),
    http.post(functionUrl('customer-portal'), () => answers.portal()),
  );
}

function renderCard() {
  renderApp(<ManageSubscriptionCard userId={USER.id} />);
}

describe('ManageSubscriptionCard', () => {
  let open: ReturnType<typeof vi.spyOn>;
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    open = vi.spyOn(portalNavigation, 'open').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the active membership and opens the management page in a new tab', async () => {
    functionsAnswer({
      membership: () => HttpResponse.json(active),
      portal: () => HttpResponse.json({ url: 'http://localhost:5173/sandbox/portal?session=s', provider: 'sandbox' }),
    });
    renderCard();
    const card = screen.getByRole('region', { name: /Subscription/ });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent('Client membership, $0.99 per month');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:5173/sandbox/portal?session=s'));
    const portals = await sent.to('POST', 'functions/v1/customer-portal');
    expect(portals.map((request) => request.body)).toEqual([{ returnUrl: `${window.location.origin}/settings` }]);
    expect(sentAs(portals[0]!)).toBe(USER.id);
    expect(sentAs((await sent.to('POST', 'functions/v1/check-subscription'))[0]!)).toBe(USER.id);
  });

  it("says 'Failed to open subscription management' when the portal cannot be opened", async () => {
    expectConsoleError('Error opening customer portal');
    functionsAnswer({
      membership: () =>
        HttpResponse.json({
          ...active,
          subscribed: false,
          product_id: null,
          price_id: null,
          subscription_end: null,
          status: 'canceled',
          cancel_at_period_end: false,
        }),
      portal: () => HttpResponse.json({ error: 'Must be logged in', code: 'not_logged_in' }, { status: 401 }),
    });
    renderCard();
    expect(await screen.findByText('Not subscribed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to open subscription management')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Error opening customer portal', expect.anything());
    expect(open).not.toHaveBeenCalled();
  });
});
