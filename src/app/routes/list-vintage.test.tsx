import type { Session, User } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Component as ListVintage } from '@/app/routes/list-vintage';
import { AuthContext } from '@/features/auth/utils/auth-context';

// The wire: the user's role row (user_roles), as the database answers it.
let roleAnswer: () => Promise<{ data: { role: string } | null; error: unknown }>;
vi.mock('@/lib/supabase', () => ({
  supabase: { from: () => ({ select: () => ({ eq: () => ({ maybeSingle: () => roleAnswer() }) }) }) },
}));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const user = { id: 'u1', email: 'casey@example.com' } as User;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext value={{ status: 'signed-in', session: { user } as Session, user, event: 'INITIAL_SESSION' }}>
        <MemoryRouter initialEntries={['/list-vintage']}>
          <ListVintage />
        </MemoryRouter>
      </AuthContext>
    </QueryClientProvider>,
  );
}

function expectNoForm() {
  expect(screen.queryByLabelText('Title')).toBeNull();
  expect(screen.queryByRole('button', { name: 'List Item' })).toBeNull();
}

describe('List Vintage Item: only designers list', () => {
  beforeEach(() => {
    roleAnswer = () => Promise.resolve({ data: { role: 'customer' }, error: null });
  });

  it('tells a customer before they type, with the way to become a designer (Settings)', async () => {
    renderPage();
    const notice = await screen.findByRole('region', { name: 'Listing is for designers' });
    expect(notice).toHaveTextContent('Your account is a Client account.');
    expect(notice).toHaveTextContent('Settings → Change Account Type');
    expect(screen.getByRole('link', { name: 'Go to Settings' })).toHaveAttribute('href', '/settings');
    expectNoForm();
  });

  it('shows the form to a designer', async () => {
    roleAnswer = () => Promise.resolve({ data: { role: 'designer' }, error: null });
    renderPage();
    expect(await screen.findByLabelText('Title')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'List Item' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Listing is for designers' })).toBeNull();
  });

  it('shows neither while the account type loads', () => {
    roleAnswer = () => new Promise(() => {});
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your account…');
    expectNoForm();
    expect(screen.queryByRole('region', { name: 'Listing is for designers' })).toBeNull();
  });

  it('tells an account without a type the same way', async () => {
    roleAnswer = () => Promise.resolve({ data: null, error: null });
    renderPage();
    const notice = await screen.findByRole('region', { name: 'Listing is for designers' });
    expect(notice).not.toHaveTextContent('Client account');
    expectNoForm();
  });

  it('says so, and shows no form, when the account type cannot be read', async () => {
    roleAnswer = () => Promise.resolve({ data: null, error: { code: 'PGRST000', message: 'down' } });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your account type');
    expectNoForm();
  });
});
