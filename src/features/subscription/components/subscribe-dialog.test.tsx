import { FunctionsHttpError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutNavigation } from '@/features/subscription/api/create-checkout';
import { SubscribeDialog } from '@/features/subscription/components/subscribe-dialog';
import { supabase } from '@/lib/supabase';
import type { Role } from '@/types/role';

vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke: vi.fn() } } }));

const invoke = vi.mocked(supabase.functions.invoke);

function httpError(status: number, body: { error: string; code: string }) {
  return new FunctionsHttpError(new Response(JSON.stringify(body), { status }));
}

function renderDialog(role: Role = 'customer', onOpenChange = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/project/p1?tab=bids']}>
        <SubscribeDialog open onOpenChange={onOpenChange} accountRole={role} />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { onOpenChange };
}

describe('SubscribeDialog', () => {
  let open: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    invoke.mockReset();
    open = vi.spyOn(checkoutNavigation, 'open').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
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
    expect(invoke).not.toHaveBeenCalled();
  });

  it('Subscribe Now starts the client checkout for a customer, keeps the page to return to and opens the url', async () => {
    invoke.mockResolvedValue({
      data: { url: 'http://localhost:3000/sandbox/checkout?session=s1', provider: 'sandbox' },
      error: null,
    } as never);
    renderDialog('customer');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('http://localhost:3000/sandbox/checkout?session=s1'));
    expect(invoke).toHaveBeenCalledWith('create-checkout', {
      body: {
        plan: 'client',
        successUrl: `${window.location.origin}/payment-success`,
        // Cancelling the payment also leads back to the page.
        cancelUrl: `${window.location.origin}/project/p1?tab=bids`,
      },
    });
    expect(localStorage.getItem('paymentReturnPath')).toBe('/project/p1?tab=bids');
  });

  it('asks a designer for the designer plan', async () => {
    invoke.mockResolvedValue({ data: { url: 'https://checkout.example/x' }, error: null } as never);
    renderDialog('designer');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    expect(invoke.mock.calls[0]?.[1]).toMatchObject({ body: { plan: 'designer' } });
  });

  it("says 'Please log in to continue' when the function wants a login", async () => {
    invoke.mockResolvedValue({
      data: null,
      error: httpError(401, { error: 'Must be logged in to subscribe', code: 'unauthorized' }),
    } as never);
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Please log in to continue')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('Error creating checkout', expect.anything());
    expect(open).not.toHaveBeenCalled();
  });

  it("says 'Failed to start checkout. Please try again.' on any other refusal", async () => {
    invoke.mockResolvedValue({ data: null, error: httpError(500, { error: 'boom', code: 'internal' }) } as never);
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
  });

  it("says 'Failed to open payment page' when the answer has no url", async () => {
    invoke.mockResolvedValue({ data: { provider: 'sandbox' }, error: null } as never);
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe Now' }));
    expect(await screen.findByText('Failed to open payment page')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
