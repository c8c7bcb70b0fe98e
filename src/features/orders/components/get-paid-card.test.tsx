import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { GetPaidCard } from '@/features/orders/components/get-paid-card';
import {
  authUser,
  functionUrl,
  pgrstRows,
  recordRequests,
  restUrl,
  server,
  storeSession,
} from '@/testing/supabase-http';
import { findToast, renderApp } from '@/testing/render-app';

const DESIGNER = authUser('d0000000-0000-4000-8000-00000000000d', 'dana@example.com');

function account(fields: Record<string, unknown> = {}) {
  return {
    provider: 'sandbox',
    can_be_paid: false,
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: false,
    requirements_due: [],
    disabled_reason: null,
    ...fields,
  };
}

function stored(row: Record<string, unknown> | null) {
  server.use(http.get(restUrl('seller_accounts'), ({ request }) => pgrstRows(request, row ? [row] : [])));
}

const state = () => screen.getByTestId('get-paid-state');
const region = () => screen.getByRole('region', { name: 'Get paid' });

describe('GetPaidCard (docs/product.md, Buy Now and orders)', () => {
  let sent: ReturnType<typeof recordRequests>;
  const opened: string[] = [];
  beforeEach(() => {
    storeSession(DESIGNER);
    sent = recordRequests();
    opened.length = 0;
    vi.spyOn(pageNavigation, 'open').mockImplementation((url) => void opened.push(url));
  });
  afterEach(() => {
    sent.stop();
    vi.restoreAllMocks();
  });

  it('not set up: says what it is for, and Get paid opens the onboarding the function answers', async () => {
    stored(null);
    server.use(
      http.post(functionUrl('connect-account'), () =>
        HttpResponse.json({ url: 'http://localhost:3000/sandbox/connect', provider: 'sandbox' }),
      ),
    );
    const { user } = renderApp(<GetPaidCard userId={DESIGNER.id} arrival={null} />);
    await user.click(await screen.findByRole('button', { name: 'Get paid' }));
    expect(region()).toHaveTextContent('Get paid for your Good Stuff sales. You keep 100% of each sale.');
    expect(region()).toHaveTextContent('Not set up');
    await waitFor(() => expect(opened).toEqual(['http://localhost:3000/sandbox/connect']));
    const [call] = await sent.to('POST', 'functions/v1/connect-account');
    const origin = window.location.origin;
    expect(call!.body).toEqual({
      action: 'onboard',
      returnUrl: `${origin}/settings?payouts=return`,
      refreshUrl: `${origin}/settings?payouts=refresh`,
    });
    // Its own row, read from the table.
    const [read] = await sent.to('GET', 'rest/v1/seller_accounts');
    expect(read!.url.searchParams.get('user_id')).toBe(`eq.${DESIGNER.id}`);
  });

  it('half way: says what is missing in plain words, unknown fields as other details, and offers Continue setup', async () => {
    stored(
      account({
        details_submitted: true,
        requirements_due: ['external_account', 'individual.dob.day', 'individual.dob.month', 'company.tax_id'],
      }),
    );
    renderApp(<GetPaidCard userId={DESIGNER.id} arrival={null} />);
    expect(await screen.findByRole('button', { name: 'Continue setup' })).toBeEnabled();
    expect(state()).toHaveTextContent('To finish, add your bank account, date of birth and other details.');
    expect(region()).toHaveTextContent('Setup in progress');
  });

  it('back from onboarding: asks the provider again (connect-account refresh) and shows Payouts enabled', async () => {
    stored(account());
    server.use(
      http.post(functionUrl('connect-account'), () =>
        HttpResponse.json({
          account: account({
            can_be_paid: true,
            charges_enabled: true,
            payouts_enabled: true,
            details_submitted: true,
          }),
        }),
      ),
    );
    renderApp(<GetPaidCard userId={DESIGNER.id} arrival="return" />);
    await waitFor(() => expect(state()).toHaveTextContent('Payouts enabled.'));
    expect((await sent.to('POST', 'functions/v1/connect-account'))[0]!.body).toEqual({ action: 'refresh' });
    expect(await sent.to('GET', 'rest/v1/seller_accounts')).toEqual([]);
    // A sandbox account has no Stripe dashboard; nothing left to set up.
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("with Stripe, a ready account opens Stripe's payout dashboard; a refusal says the function's words", async () => {
    stored(account({ provider: 'stripe', can_be_paid: true, payouts_enabled: true, details_submitted: true }));
    let refuse = true;
    server.use(
      http.post(functionUrl('connect-account'), () =>
        refuse
          ? HttpResponse.json({ error: 'Stripe is not reachable', code: 'provider_error' }, { status: 502 })
          : HttpResponse.json({ url: 'https://connect.stripe.com/express/login' }),
      ),
    );
    const { user } = renderApp(<GetPaidCard userId={DESIGNER.id} arrival={null} />);
    await user.click(await screen.findByRole('button', { name: 'Payout dashboard' }));
    await findToast('Stripe is not reachable', 'error');
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Payout dashboard' }));
    await waitFor(() => expect(opened).toEqual(['https://connect.stripe.com/express/login']));
    expect((await sent.to('POST', 'functions/v1/connect-account')).map((r) => r.body)).toEqual([
      { action: 'dashboard' },
      { action: 'dashboard' },
    ]);
  });
});
