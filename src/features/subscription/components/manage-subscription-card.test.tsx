import { FunctionsHttpError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { portalNavigation } from '@/features/subscription/api/open-customer-portal';
import { ManageSubscriptionCard } from '@/features/subscription/components/manage-subscription-card';
import { supabase } from '@/lib/supabase';

vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const invoke = vi.mocked(supabase.functions.invoke);
const active = {
  subscribed: true,
  plan: 'client',
  product_id: 'prod_sandbox_client',
  subscription_end: '2026-12-22T00:00:00.000Z',
};

function renderCard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ManageSubscriptionCard userId="u1" />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('ManageSubscriptionCard', () => {
  let open: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    invoke.mockReset();
    open = vi.spyOn(portalNavigation, 'open').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the active membership and opens the management page in a new tab', async () => {
    invoke.mockImplementation(((name: string) =>
      Promise.resolve(
        name === 'check-subscription'
          ? { data: active, error: null }
          : { data: { url: 'http://localhost:5173/sandbox/portal?session=s', provider: 'sandbox' }, error: null },
      )) as never);
    renderCard();
    const card = screen.getByRole('region', { name: /Subscription/ });
    expect(await screen.findByText('Active')).toBeInTheDocument();
    expect(card).toHaveTextContent('Client membership, $0.99 per month');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:5173/sandbox/portal?session=s'));
    expect(invoke).toHaveBeenCalledWith('customer-portal', {
      body: { returnUrl: `${window.location.origin}/settings` },
    });
  });

  it("says 'Failed to open subscription management' when the portal cannot be opened", async () => {
    invoke.mockImplementation(((name: string) =>
      Promise.resolve(
        name === 'check-subscription'
          ? { data: { ...active, subscribed: false, subscription_end: null, product_id: null }, error: null }
          : {
              data: null,
              error: new FunctionsHttpError(
                new Response(JSON.stringify({ error: 'Must be logged in', code: 'unauthorized' }), { status: 401 }),
              ),
            },
      )) as never);
    renderCard();
    expect(await screen.findByText('Not subscribed')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    expect(await screen.findByText('Failed to open subscription management')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Error opening customer portal', expect.anything());
    expect(open).not.toHaveBeenCalled();
  });
});
