import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoUserError } from '@/features/account/api/delete-account';
import { AccountTypeCard } from '@/features/account/components/account-type-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import {
  authUser,
  functionUrl,
  pgrstError,
  recordRequests,
  rpcUrl,
  server,
  storeSession,
  type SentRequest,
} from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';
import { renderApp } from '@/testing/render-app';

const USER = authUser('00000000-0000-4000-8000-0000000000a1', 'ann@example.com');

/** The `sub` of the request's bearer token: whom it was sent as (null for the publishable key). */
function sentAs(request: SentRequest): string | null {
  const payload = (request.headers.get('authorization') ?? '').split('.')[1];
  if (!payload) return null;
  return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: string }).sub;
}

/** rpc switch_account_type, as a signed-in user calls it: it returns the new role (a JSON string). */
function switchAnswers() {
  server.use(
    http.post(rpcUrl('switch_account_type'), async ({ request }) => {
      const { new_role } = (await request.clone().json()) as { new_role: string };
      return HttpResponse.json(new_role);
    }),
  );
}

let sent: ReturnType<typeof recordRequests>;
beforeEach(() => {
  sent = recordRequests();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AccountTypeCard', () => {
  it('switches a customer to designer, says so and redirects after 1.5 seconds', async () => {
    storeSession(USER);
    switchAnswers();
    const onSwitched = vi.fn();
    renderApp(<AccountTypeCard userId={USER.id} currentRole="customer" onSwitched={onSwitched} />);
    expect(screen.getByRole('region', { name: 'Account type' })).toHaveTextContent('You use Good Space as a Client');

    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Change to Designer?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change to Designer' }));

    expect(await screen.findByText('Account changed to Designer! Redirecting...')).toBeInTheDocument();
    const [call, ...more] = await sent.to('POST', 'rest/v1/rpc/switch_account_type');
    expect(more).toEqual([]);
    expect(call!.body).toEqual({ new_role: 'designer' });
    expect(sentAs(call!)).toBe(USER.id);
    expect(onSwitched).not.toHaveBeenCalled();
    await waitFor(() => expect(onSwitched).toHaveBeenCalledWith('designer'), { timeout: 3000 });
  });

  it('switches a designer to client', async () => {
    storeSession(USER);
    switchAnswers();
    renderApp(<AccountTypeCard userId={USER.id} currentRole="designer" onSwitched={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change to Client' }));
    expect(await screen.findByText('Account changed to Client! Redirecting...')).toBeInTheDocument();
    const calls = await sent.to('POST', 'rest/v1/rpc/switch_account_type');
    expect(calls.map((r) => r.body)).toEqual([{ new_role: 'customer' }]);
  });

  it('without a known account type it says so and changes nothing', async () => {
    renderApp(<AccountTypeCard userId="u1" currentRole={null} onSwitched={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    expect(await screen.findByText('Could not determine your current account type')).toBeInTheDocument();
    expect(await sent.all()).toEqual([]);
  });

  it("shows 'Failed to change account type' when the database refuses", async () => {
    expectConsoleError('Error changing account type');
    // Signed out, the request runs as anon, which may not execute the function.
    server.use(
      http.post(rpcUrl('switch_account_type'), () =>
        pgrstError(401, '42501', 'permission denied for function switch_account_type'),
      ),
    );
    const onSwitched = vi.fn();
    renderApp(<AccountTypeCard userId="u1" currentRole="customer" onSwitched={onSwitched} />);
    await userEvent.click(screen.getByRole('button', { name: 'Change Account Type' }));
    await userEvent.click(screen.getByRole('button', { name: 'Change to Designer' }));
    expect(await screen.findByText('Failed to change account type')).toBeInTheDocument();
    expect(onSwitched).not.toHaveBeenCalled();
  });
});

describe('DeleteAccountCard', () => {
  it('asks first; Cancel keeps the account', async () => {
    renderApp(<DeleteAccountCard userId="u1" onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await sent.all()).toEqual([]);
  });

  it("deletes through the delete-account function (not the SQL function), says 'Account deleted successfully' and hands over", async () => {
    storeSession(USER);
    server.use(http.post(functionUrl('delete-account'), () => HttpResponse.json({ deleted: true, removedFiles: 3 })));
    const onDeleted = vi.fn();
    renderApp(<DeleteAccountCard userId={USER.id} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Account deleted successfully')).toBeInTheDocument();
    // One call of the function, as the user, with no body (the account is the caller's; nothing names it); no
    // database call of the app's own.
    const all = await sent.all();
    expect(all.map((r) => `${r.method} ${r.url.pathname}`)).toEqual(['POST /functions/v1/delete-account']);
    expect(all[0]!.body).toBeNull();
    expect(sentAs(all[0]!)).toBe(USER.id);
    expect(onDeleted).toHaveBeenCalledTimes(1);
    // While the page is being left, no second deletion can start (it would find no user).
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
  });

  it("says 'Failed to delete account. Please try again.' on an error", async () => {
    expectConsoleError('Error deleting account');
    // The function cannot be reached (supabase-js: 'Failed to send a request to the Edge Function').
    storeSession(USER);
    server.use(http.post(functionUrl('delete-account'), () => HttpResponse.error()));
    const onDeleted = vi.fn();
    renderApp(<DeleteAccountCard userId={USER.id} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('Failed to delete account. Please try again.')).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('says why when money held in a funded milestone stops the deletion', async () => {
    expectConsoleError('Error deleting account');
    storeSession(USER);
    const reason =
      'This account has money held in funded milestones: release or settle them before deleting the account.';
    server.use(
      http.post(functionUrl('delete-account'), () =>
        HttpResponse.json({ error: reason, code: 'money_held' }, { status: 409 }),
      ),
    );
    const onDeleted = vi.fn();
    renderApp(<DeleteAccountCard userId={USER.id} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it("says 'No user logged in' without a user", async () => {
    expectConsoleError('Error deleting account');
    renderApp(<DeleteAccountCard userId={null} onDeleted={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('No user logged in')).toBeInTheDocument();
    expect(await sent.all()).toEqual([]);
  });

  it("says 'No user logged in' when the function finds no user (401)", async () => {
    expectConsoleError('Error deleting account');
    // A session Auth no longer accepts (signed out elsewhere): the function answers 401 with its JSON error.
    storeSession(USER);
    server.use(
      http.post(functionUrl('delete-account'), () =>
        HttpResponse.json({ error: 'No user logged in', code: 'not_logged_in' }, { status: 401 }),
      ),
    );
    const onDeleted = vi.fn();
    renderApp(<DeleteAccountCard userId={USER.id} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, delete my account' }));
    expect(await screen.findByText('No user logged in')).toBeInTheDocument();
    // This answer's own toast, not one left by the test before: the 401 became the 'No user logged in' error.
    expect(console.error).toHaveBeenCalledWith('Error deleting account', expect.any(NoUserError));
    expect(await sent.to('POST', 'functions/v1/delete-account')).toHaveLength(1);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
