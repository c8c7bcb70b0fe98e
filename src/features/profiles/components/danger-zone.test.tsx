import { FunctionsHttpError } from '@supabase/supabase-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DangerZone } from '@/features/profiles/components/danger-zone';
import { supabase } from '@/lib/supabase';

vi.mock('@/lib/supabase', () => ({ supabase: { rpc: vi.fn(), functions: { invoke: vi.fn() } } }));

const invoke = vi.mocked(supabase.functions.invoke);

function renderZone(onDeleted: () => void) {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <DangerZone onDeleted={onDeleted} />
      <Toaster />
    </QueryClientProvider>,
  );
}

async function confirmDeletion() {
  await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
}

beforeEach(() => {
  invoke.mockReset();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('DangerZone', () => {
  it('deletes through the delete-account function (not the SQL function), then hands over', async () => {
    invoke.mockResolvedValue({ data: { deleted: true, removedFiles: 3 }, error: null } as never);
    const onDeleted = vi.fn();
    renderZone(onDeleted);
    await confirmDeletion();
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    expect(invoke).toHaveBeenCalledWith('delete-account', {});
    expect(supabase.rpc).not.toHaveBeenCalled();
    expect(onDeleted).toHaveBeenCalledTimes(1);
    // While the page is being left, no second deletion can start (it would find no user).
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  });

  it("says 'No user logged in' when the function finds no user, and stays", async () => {
    const answer = new Response(JSON.stringify({ error: 'No user logged in', code: 'not_logged_in' }), { status: 401 });
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(answer) } as never);
    const onDeleted = vi.fn();
    renderZone(onDeleted);
    await confirmDeletion();
    expect(await screen.findByText('No user logged in')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("says 'Failed to delete account. Please try again.' when the deletion fails", async () => {
    const answer = new Response(JSON.stringify({ error: 'Internal error', code: 'internal_error' }), { status: 500 });
    invoke.mockResolvedValue({ data: null, error: new FunctionsHttpError(answer) } as never);
    const onDeleted = vi.fn();
    renderZone(onDeleted);
    await confirmDeletion();
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
