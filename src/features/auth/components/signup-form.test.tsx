import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from '@/features/auth/components/signup-form';

const mocks = vi.hoisted(() => ({
  signUp: vi.fn(),
  toast: { success: vi.fn(), error: vi.fn() },
}));
vi.mock('@/lib/supabase', () => ({ supabase: { auth: { signUp: mocks.signUp } } }));
vi.mock('sonner', () => ({ toast: mocks.toast }));

function setup(defaultRole?: 'customer' | 'designer') {
  const user = userEvent.setup({ delay: null });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignUpForm defaultRole={defaultRole} redirectTo="http://app.local/" />
    </QueryClientProvider>,
  );
  async function fill(values: { password: string; role?: 'Customer' | 'Designer' }) {
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Username'), 'ada');
    await user.type(screen.getByLabelText('E-mail'), 'ada@goodspace.dev');
    await user.type(screen.getByLabelText('Password'), values.password);
    if (values.role) await user.click(screen.getByRole('radio', { name: new RegExp(values.role) }));
  }
  const submit = () => user.click(screen.getByRole('button', { name: 'Sign Up' }));
  return { user, fill, submit };
}

describe('SignUpForm', { timeout: 20_000 }, () => {
  beforeEach(() => {
    localStorage.clear();
    mocks.signUp.mockReset();
    mocks.toast.success.mockReset();
    mocks.toast.error.mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it("says 'Password too short' under 8 characters, as a toast and under the field", async () => {
    const { fill, submit } = setup('customer');
    await fill({ password: 'Ab1' });
    await submit();
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith('Password too short', expect.anything()));
    expect(mocks.toast.error).toHaveBeenCalledOnce();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Password too short');
    expect(mocks.signUp).not.toHaveBeenCalled();
  });

  it.each(['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])("says 'Password too weak' for %s", async (password) => {
    const { fill, submit } = setup('customer');
    await fill({ password });
    await submit();
    await waitFor(() => expect(mocks.toast.error).toHaveBeenCalledWith('Password too weak', expect.anything()));
    expect(mocks.signUp).not.toHaveBeenCalled();
  });

  it('shows only the first message: a missing name before a weak password, without a toast', async () => {
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Password'), 'weak');
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Full name is required'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(mocks.toast.error).not.toHaveBeenCalled();
  });

  it('requires a role when none was preselected', async () => {
    const { fill, submit } = setup();
    await fill({ password: 'Str0ngPass' });
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please choose customer or designer'));
  });

  it('sends the pending profile of the chosen role in the metadata (the style by name), then removes the local copy', async () => {
    const pending = { location: 'Portland, OR', space_size: 450, budget_range: 2500, preferred_style: 'artdeco' };
    localStorage.setItem('pendingCustomerProfile', JSON.stringify(pending));
    localStorage.setItem('pendingDesignerProfile', JSON.stringify({ bio: 'not this one' }));
    mocks.signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    const { fill, submit } = setup('customer');
    expect(screen.getByRole('radio', { name: /Customer/ })).toBeChecked();
    await fill({ password: 'Str0ngPass' });
    await submit();

    await waitFor(() => expect(mocks.toast.success).toHaveBeenCalled());
    expect(mocks.signUp).toHaveBeenCalledWith({
      email: 'ada@goodspace.dev',
      password: 'Str0ngPass',
      options: {
        emailRedirectTo: 'http://app.local/',
        data: {
          full_name: 'Ada Lovelace',
          username: 'ada',
          role: 'customer',
          // The landing form keeps the id; the profile stores the name the profile form shows.
          pending_profile: { ...pending, preferred_style: 'Art Deco' },
        },
      },
    });
    expect(mocks.toast.success).toHaveBeenCalledWith(
      'Check your email!',
      expect.objectContaining({ duration: 10_000 }),
    );
    expect(localStorage.getItem('pendingCustomerProfile')).toBeNull();
    expect(localStorage.getItem('pendingDesignerProfile')).not.toBeNull();
  });

  it("keeps the pending profile and logs when sign-up fails, with 'Signup failed' and the server's message", async () => {
    localStorage.setItem('pendingDesignerProfile', JSON.stringify({ bio: 'I love vintage teak.', specialties: [] }));
    mocks.signUp.mockResolvedValue({
      data: { user: null, session: null },
      error: new Error('User already registered'),
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { fill, submit } = setup();
    await fill({ password: 'Str0ngPass', role: 'Designer' });
    await submit();

    await waitFor(() =>
      expect(mocks.toast.error).toHaveBeenCalledWith('Signup failed', { description: 'User already registered' }),
    );
    expect(mocks.signUp.mock.calls[0]?.[0].options.data.pending_profile).toEqual({
      bio: 'I love vintage teak.',
      specialties: [],
    });
    expect(localStorage.getItem('pendingDesignerProfile')).not.toBeNull();
    expect(log).toHaveBeenCalledWith('Error saving designer profile', expect.any(Error));
  });

  it('sends no pending_profile when the landing form was not filled in', async () => {
    mocks.signUp.mockResolvedValue({ data: { user: { id: 'u1' }, session: null }, error: null });
    const { fill, submit } = setup('designer');
    await fill({ password: 'Str0ngPass' });
    await submit();
    await waitFor(() => expect(mocks.signUp).toHaveBeenCalled());
    expect(mocks.signUp.mock.calls[0]?.[0].options.data).toEqual({
      full_name: 'Ada Lovelace',
      username: 'ada',
      role: 'designer',
    });
  });
});
