import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { sentAs, authUser, functionUrl, recordRequests, server, storeSession } from '@/testing/supabase-http';
import type { Role } from '@/types/role';
import { expectConsoleError } from '@/testing/console';
import { renderApp } from '@/testing/render-app';

const USER = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

/** The create-checkout function answers with `answer` (its JSON, or its `{ error, code }` refusal). */
function functionAnswers(answer: () => Response) {
  server.use(http.post(functionUrl('create-checkout'), () => answer()));
}

/** The checkouts the dialog asked for: each one's JSON payload, after checking it went out as the user. */
async function sentCheckouts(sent: ReturnType<typeof recordRequests>) {
  const checkouts = await sent.to('POST', 'functions/v1/create-checkout');
  for (const checkout of checkouts) expect(sentAs(checkout)).toBe(USER.id);
  return checkouts.map((checkout) => checkout.body);
}

function renderDialog(role: Role = 'customer', onOpenChange = vi.fn()) {
  renderApp(<SubscribeDialog open onOpenChange={onOpenChange} accountRole={role} />, {
    url: '/project/p1?tab=bids',
  });
  return { onOpenChange };
}

describe('SubscribeDialog', () => {
  let open: ReturnType<typeof vi.spyOn>;
  let sent: ReturnType<typeof recordRequests>;

  beforeEach(() => {
    storeSession(USER);
    sent = recordRequests();
    open = vi.spyOn(pageNavigation, 'open').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('is an accessible dialog titled Subscribe to Continue with the role plan price', () => {
    renderDialog('designer');
    const dialog = screen.getByRole('dialog', { name: 'Subscribe to Continue' });
    expect(dialog).toHaveTextContent('$9.99 per month');
    expect(dialog).toHaveTextContent('Browsing and bidding on projects');
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Later' })).toBeEnabled();
  });

  it('Later closes the dialog without starting a checkout', async () => {
    const { onOpenChange } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(await sent.all()).toEqual([]);
  });

  it('Subscribe Now starts the client checkout for a customer, keeps the page to return to and opens the url', async () => {
    functionAnswers(() =>
      HttpResponse.json({ url: 'http://localhost:3000/sandbox/checkout?session=s1', provider: 'sandbox' }),
    );
    renderDialog('customer');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout?session=s1'));
    expect(await sentCheckouts(sent)).toEqual([
      {
        plan: 'client',
        successUrl: `${window.location.origin}/payment-success`,
        // Cancelling the payment also leads back to the page.
        cancelUrl: `${window.location.origin}/project/p1?tab=bids`,
      },
    ]);
    expect(localStorage.getItem('paymentReturnPath')).toBe('/project/p1?tab=bids');
  });

  it('asks a designer for the designer plan', async () => {
    functionAnswers(() =>
      HttpResponse.json({ url: 'https://checkout.stripe.com/c/pay/cs_test_x', provider: 'stripe' }),
    );
    renderDialog('designer');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://checkout.stripe.com/c/pay/cs_test_x'));
    expect(await sentCheckouts(sent)).toEqual([expect.objectContaining({ plan: 'designer' })]);
  });

  it("says 'Please log in to continue' when the function wants a login", async () => {
    expectConsoleError('Error creating checkout');
    functionAnswers(() =>
      HttpResponse.json({ error: 'Must be logged in to subscribe', code: 'not_logged_in' }, { status: 401 }),
    );
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Error creating checkout', expect.anything());
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'Failed to submit. Please try again.' on any other refusal", async () => {
    expectConsoleError('Error creating checkout');
    functionAnswers(() => HttpResponse.json({ error: 'Internal error', code: 'internal_error' }, { status: 500 }));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Failed to submit. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });

  it("says 'Failed to open payment page' when the answer has no url", async () => {
    expectConsoleError('Error creating checkout');
    functionAnswers(() => HttpResponse.json({ provider: 'sandbox' }));
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Failed to open payment page')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
