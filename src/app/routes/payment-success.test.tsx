import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as PaymentSuccess } from '@/app/routes/payment-success';
import { AuthContext } from '@/features/auth/utils/auth-context';
import { supabase } from '@/lib/supabase';

// The wire: the user's role row and the check-subscription function.
vi.mock('@/lib/supabase', () => ({
  supabase: {
    from: () => ({
      select: () => ({
        eq: () => ({ maybeSingle: () => Promise.resolve({ data: { role: 'designer' }, error: null }) }),
      }),
    }),
    functions: { invoke: vi.fn() },
  },
}));
const invoke = vi.mocked(supabase.functions.invoke);
const toastSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { success: (m: string) => toastSuccess(m), error: vi.fn() } }));

function membership(subscribed: boolean) {
  invoke.mockResolvedValue({
    data: {
      subscribed,
      plan: subscribed ? 'designer' : null,
      product_id: null,
      subscription_end: subscribed ? '2026-12-25T00:00:00Z' : null,
    },
    error: null,
  } as never);
}

const user = { id: 'd1', email: 'dana@example.com' } as User;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/payment-success', element: <PaymentSuccess /> },
      { path: '/dashboard/designer', element: <p>designer dashboard</p> },
      { path: '/project/:projectId', element: <p>the project page</p> },
    ],
    { initialEntries: ['/project/p1', '/sandbox/checkout?session=s1', '/payment-success'], initialIndex: 2 },
  );
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' }}>
        <RouterProvider router={router} />
      </AuthContext>
    </QueryClientProvider>,
  );
  return { router, user: userEvent.setup() };
}

describe('payment success: back to where the user subscribed', () => {
  beforeEach(() => {
    localStorage.clear();
    invoke.mockReset();
    toastSuccess.mockReset();
  });

  it('returns to the stored page as soon as the membership is confirmed, in place of this page', async () => {
    localStorage.setItem('paymentReturnPath', '/project/p1?tab=bids');
    membership(true);
    const { router } = renderPage();
    expect(await screen.findByText('the project page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/project/p1?tab=bids');
    expect(toastSuccess).toHaveBeenCalledWith('Your Designer membership is active');
    expect(localStorage.getItem('paymentReturnPath')).toBeNull();
    // Replaced, not pushed: Back leads to the page before the payment success page.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('while the membership is not confirmed, stays and offers Continue back to the page, and the dashboard', async () => {
    localStorage.setItem('paymentReturnPath', '/project/p1?tab=bids');
    membership(false);
    const { router, user: person } = renderPage();
    expect(await screen.findByText(/taking you back to where you were/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue to Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(invoke).toHaveBeenCalled());
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
    expect(toastSuccess).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Continue to Dashboard' }));
    expect(await screen.findByText('designer dashboard')).toBeInTheDocument();
  });

  it('never follows a stored path off this site', async () => {
    localStorage.setItem('paymentReturnPath', '//evil.example/phish');
    membership(true);
    renderPage();
    expect(await screen.findByText(/Your Designer membership is active until/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});
