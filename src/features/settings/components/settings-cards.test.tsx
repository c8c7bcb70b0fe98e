import { FunctionsHttpError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoUserError } from '@/features/settings/api/delete-account';
import { AccountTypeCard } from '@/features/settings/components/account-type-card';
import { DeleteAccountCard } from '@/features/settings/components/delete-account-card';
import { supabase } from '@/lib/supabase';

vi.mock('@/lib/supabase', () => ({ supabase: { rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

const rpc = vi.mocked(supabase.rpc);
const invoke = vi.mocked(supabase.functions.invoke);

function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  rpc.mockReset();
  invoke.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('AccountTypeCard', () => {
  it('switches a customer to designer, says so and redirects after 1.5 seconds', async () => {
    rpc.mockResolvedValue({ data: 'designer', error: null } as never);
    const onSwitched = vi.fn();
    renderWithClient(<AccountTypeCard userId="u1" currentRole="customer" onSwitched={onSwitched} />);
    expect(screen.getByRole('region', { name: 'Account type' })).toHaveTextContent('You use Good Space as a Client');

    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Change to Designer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change to Designer' }));

    expect(await screen.findByText('Account changed to Designer! Redirecting...')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('switch_account_type', { new_role: 'designer' });
    expect(onSwitched).not.toHaveBeenCalled();
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith('designer'), { timeout: 3000 });
  });

  it('switches a designer to client', async () => {
    rpc.mockResolvedValue({ data: 'customer', error: null } as never);
    renderWithClient(<AccountTypeCard userId="u1" currentRole="designer" onSwitched={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change to Client' }));
    expect(await screen.findByText('Account changed to Client! Redirecting...')).toBeInTheDocument();
    expect(rpc).toHaveBeenCalledWith('switch_account_type', { new_role: 'customer' });
  });

  it('without a known account type it says so and changes nothing', async () => {
    renderWithClient(<AccountTypeCard userId="u1" currentRole={null} onSwitched={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    expect(await screen.findByText('Could not determine your current account type')).toBeInTheDocument();
    expect(rpc).not.toHaveBeenCalled();
  });

  it("shows 'Failed to change account type' when the database refuses", async () => {
    rpc.mockResolvedValue({ data: null, error: { message: 'nope', code: '42501' } } as never);
    const onSwitched = vi.fn();
    renderWithClient(<AccountTypeCard userId="u1" currentRole="customer" onSwitched={onSwitched} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change to Designer' }));
    expect(await screen.findByText('Failed to change account type')).toBeInTheDocument();
    expect(onSwitched).not.toHaveBeenCalled();
  });
});

describe('DeleteAccountCard', () => {
  it('asks first; Cancel keeps the account', async () => {
    renderWithClient(<DeleteAccountCard userId="u1" onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it("deletes through the delete-account function (not the SQL function), says 'Account deleted successfully' and hands over", async () => {
    invoke.mockResolvedValue({ data: { deleted: true, removedFiles: 3 }, error: null } as never);
    const onDeleted = vi.fn();
    renderWithClient(<DeleteAccountCard userId="u1" onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('delete-account', {});
    expect(rpc).not.toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalledTimes(1);
    // While the page is being left, no second deletion can start (it would find no user).
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  });

  it("says 'Failed to delete account. Please try again.' on an error", async () => {
    invoke.mockResolvedValue({
      data: null,
      error: new Error('Failed to send a request to the Edge Function'),
    } as never);
    const onDeleted = vi.fn();
    renderWithClient(<DeleteAccountCard userId="u1" onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("says 'No user logged in' without a user", async () => {
    renderWithClient(<DeleteAccountCard userId={null} onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('No user logged in')).toBeInTheDocument();
    expect(invoke).not.toHaveBeenCalled();
  });

  it("says 'No user logged in' when the function finds no user (401)", async () => {
    const answer = new Response(JSON.stringify({ error: 'No user logged in', code: 'not_logged_in' }), { status: 401 });
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(answer) } as never);
    const onDeleted = vi.fn();
    renderWithClient(<DeleteAccountCard userId="u1" onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('No user logged in')).toBeInTheDocument();
    // This answer's own toast, not one left by the test before: the 401 became the 'No user logged in' error.
    expect(console.error).toHaveBeenCalledWith('Error deleting account', expect.any(NoUserError));
    expect(invoke).toHaveBeenCalledWith('delete-account', {});
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
