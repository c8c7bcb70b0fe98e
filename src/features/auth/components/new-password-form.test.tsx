import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordForm } from '@/features/auth/components/new-password-form';

const mocks = vi.hoisted(() => ({
  updateUser: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: { updateUser: mocks.updateUser } } }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

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
  beforeEach(() => {
    mocks.updateUser.mockReset();
    mocks.toast.success.mockReset();
    mocks.toast.error.mockReset();
  });

  it("refuses entries that differ with 'Passwords don't match'", async () => {
    const { submit } = setup();
    await submit('Str0ngPass', 'Str0ngPas');
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith("Passwords don't match", expect.anything()));
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(mocks.updateUser).not.toHaveBeenCalled();
  });

  it("says 'Password too short' first, even when the entries also differ", async () => {
    const { submit } = setup();
    await submit('Ab1', 'Xy2');
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith('Password too short', expect.anything()));
    expect(mocks.toast.error).toHaveBeenCalledOnce();
    expect(mocks.updateUser).not.toHaveBeenCalled();
  });

  it("updates the password: 'Password updated!' and on", async () => {
    mocks.updateUser.mockResolvedValue({ data: { user: {} }, error: null });
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    await waitFor(() => expect(onUpdated).toHaveBeenCalled());
    expect(mocks.updateUser).toHaveBeenCalledWith({ password: 'Str0ngPass' });
    expect(mocks.toast.success).toHaveBeenCalledWith('Password updated!');
  });

  it("shows 'Update failed' with the server's message", async () => {
    mocks.updateUser.mockResolvedValue({ data: { user: null }, error: new Error('Auth session missing!') });
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Update failed', { description: 'Auth session missing!' }),
    );
    expect(onUpdated).not.toHaveBeenCalled();
  });
});
