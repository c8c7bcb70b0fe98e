import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';
import { gotrueError, sentAs, authUrl, authUser, recordRequests, server, storeSession } from '@/testing/supabase-http';

const mocks = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

/** The user the reset link signed in (its recovery session is stored, as supabase-js keeps it). */
const RECOVERING = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

function setup() {
  const user = userEvent.setup({ delay: null });
  const onUpdated = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <NewPasswordForm onUpdated={onUpdated} />
    </QueryClientProvider>,
  );
  async function submit(password: string, confirm: string) {
    if (password) await user.type(screen.getByLabelText('New password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }
  return { submit, onUpdated };
}

describe('NewPasswordForm', { timeout: 20_000 }, () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    mocks.toast.success.mockReset();
    mocks.toast.error.mockReset();
    storeSession(RECOVERING);
  });

  it("refuses entries that differ with 'Passwords don't match'", async () => {
    const { submit } = setup();
    await submit('Str0ngPass', 'Str0ngPas');
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Passwords don't match", expect.anything()));
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.all()).toEqual([]);
  });

  it("says 'Password too short' first, even when the entries also differ", async () => {
    const { submit } = setup();
    await submit('Ab1', 'Xy2');
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith('Password too short', expect.anything()));
    expect(mocks.toast.error).toHaveBeenCalledOnce();
    expect(await sent.all()).toEqual([]);
  });

  it("updates the password: 'Password updated!' and on", async () => {
    server.use(
      http.put(authUrl('user'), () =>
        HttpResponse.json({ ...RECOVERING, updated_at: '2026-11-22T06:00:00Z' }, { status: 200 }),
      ),
    );
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    expect(mocks.toast.success).toHaveBeenCalledWith('Password updated!');
    const [update, ...more] = await sent.to('PUT', 'auth/v1/user');
    expect(more).toEqual([]);
    expect(sentAs(update!)).toBe(RECOVERING.id);
    expect(update!.body).toEqual({ password: 'Str0ngPass', code_challenge: null, code_challenge_method: null });
  });

  it("shows 'Update failed' with the auth server's message when it refuses the password", async () => {
    server.use(
      http.put(authUrl('user'), () =>
        gotrueError(422, 'same_password', 'New password should be different from the old password.'),
      ),
    );
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Update failed', {
        description: 'New password should be different from the old password.',
      }),
    );
    expect(onUpdated).not.toHaveBeenCalled();
    expect(mocks.toast.success).not.toHaveBeenCalled();
  });

  it("shows 'Update failed' when the recovery session is gone, and asks the server nothing", async () => {
    localStorage.clear();
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Update failed', { description: 'Auth session missing!' }),
    );
    expect(onUpdated).not.toHaveBeenCalled();
    expect(await sent.all()).toEqual([]);
  });
});
