import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignUpForm } from '@/features/account/components/signup-form';
import { gotrueError, authUrl, recordRequests, server } from '@/testing/supabase-http';
import { expectConsoleError } from '@/testing/console';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

const NEW_USER_ID = 'a0000000-0000-4000-8000-00000000000a';

/**
 * GoTrue's answer to a new e-mail with confirmations on (hosted's default): the user, unconfirmed, and no session;
 * its metadata is the sign-up's `data` with the identity's own keys.
 */
function confirmationSent(body: { email: string; data: Record<string, unknown> }) {
  const now = '2026-11-22T06:00:00.123456Z';
  const identityData = { email: body.email, email_verified: false, phone_verified: false, sub: NEW_USER_ID };
  return HttpResponse.json({
    id: NEW_USER_ID,
    aud: 'authenticated',
    role: 'authenticated',
    email: body.email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: { ...identityData, ...body.data },
    identities: [
      {
        identity_id: 'b0000000-0000-4000-8000-00000000000b',
        id: NEW_USER_ID,
        user_id: NEW_USER_ID,
        identity_data: { ...identityData, ...body.data },
        provider: 'email',
        last_sign_in_at: now,
        created_at: now,
        updated_at: now,
        email: body.email,
      },
    ],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  });
}
const signUpsSucceed = () =>
  server.use(
    http.post(authUrl('signup'), async ({ request }) =>
      confirmationSent((await request.json()) as { email: string; data: Record<string, unknown> }),
    ),
  );

/** The one sign-up the form sent: where the confirmation link leads, and the body. */
async function sentSignUp(sent: ReturnType<typeof recordRequests>) {
  const signUps = await sent.to('POST', 'auth/v1/signup');
  expect(signUps).toHaveLength(1);
  expect(signUps[0]!.url.searchParams.get('redirect_to')).toBe('http://app.local/');
  return signUps[0]!.body as { email: string; password: string; data: Record<string, unknown> };
}

function setup(defaultRole?: 'customer' | 'designer') {
  const user = userEvent.setup({ delay: null });
  renderApp(<SignUpForm defaultRole={defaultRole} redirectTo="http://app.local/" />);
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
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
  });
  afterEach(() => vi.restoreAllMocks());

  it("says 'Password too short' under 8 characters, as a toast and under the field", async () => {
    const { fill, submit } = setup('customer');
    await fill({ password: 'Ab1' });
    await submit();
    await findToast('Password too short', 'error');
    expect(raisedToasts('error')).toHaveLength(1);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Password too short');
    expect(await sent.all()).toEqual([]);
  });

  it.each(['alllowercase1', 'ALLUPPERCASE1', 'NoDigitsHere'])("says 'Password too weak' for %s", async (password) => {
    const { fill, submit } = setup('customer');
    await fill({ password });
    await submit();
    await findToast('Password too weak', 'error');
    expect(await sent.all()).toEqual([]);
  });

  it('shows only the first message: a missing name before a weak password, without a toast', async () => {
    const { user, submit } = setup();
    await user.type(screen.getByLabelText('Password'), 'weak');
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Full name is required'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(raisedToasts('error')).toEqual([]);
    expect(await sent.all()).toEqual([]);
  });

  it('requires a role when none was preselected', async () => {
    const { fill, submit } = setup();
    await fill({ password: 'Str0ngPass' });
    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please choose customer or designer'));
    expect(await sent.all()).toEqual([]);
  });

  it('sends the pending profile of the chosen role in the metadata (the style by name), then removes the local copy', async () => {
    const pending = { location: 'Portland, OR', space_size: 450, budget_range: 2500, preferred_style: 'artdeco' };
    localStorage.setItem('pendingCustomerProfile', JSON.stringify(pending));
    localStorage.setItem('pendingDesignerProfile', JSON.stringify({ bio: 'not this one' }));
    signUpsSucceed();
    const { fill, submit } = setup('customer');
    expect(screen.getByRole('radio', { name: /Customer/ })).toBeChecked();
    await fill({ password: 'Str0ngPass' });
    await submit();

    await findToast('Check your email!', 'success');
    expect(await sentSignUp(sent)).toEqual({
      email: 'ada@goodspace.dev',
      password: 'Str0ngPass',
      data: {
        full_name: 'Ada Lovelace',
        username: 'ada',
        role: 'customer',
        // The landing form keeps the id; the profile stores the name the profile form shows.
        pending_profile: { ...pending, preferred_style: 'Art Deco' },
      },
      gotrue_meta_security: {},
      code_challenge: null,
      code_challenge_method: null,
    });
    // It stays 10 s (the app's others last 4 s): time to read where the link went.
    expect(toast.getHistory()).toContainEqual(
      expect.objectContaining({ title: 'Check your email!', duration: 10_000 }),
    );
    expect(localStorage.getItem('pendingCustomerProfile')).toBeNull();
    expect(localStorage.getItem('pendingDesignerProfile')).not.toBeNull();
  });

  it("keeps the pending profile and logs when sign-up fails, with 'Signup failed' and the server's message", async () => {
    localStorage.setItem('pendingDesignerProfile', JSON.stringify({ bio: 'I love vintage teak.', specialties: [] }));
    // Hosted's default mailer sends a few confirmation e-mails an hour; then GoTrue refuses the sign-up.
    server.use(
      http.post(authUrl('signup'), () => gotrueError(429, 'over_email_send_rate_limit', 'email rate limit exceeded')),
    );
    expectConsoleError('Error saving designer profile');
    const { fill, submit } = setup();
    await fill({ password: 'Str0ngPass', role: 'Designer' });
    await submit();

    expect(await findToast('Signup failed', 'error')).toHaveTextContent('email rate limit exceeded');
    expect((await sentSignUp(sent)).data.pending_profile).toEqual({
      bio: 'I love vintage teak.',
      specialties: [],
    });
    expect(localStorage.getItem('pendingDesignerProfile')).not.toBeNull();
    expect(console.error).toHaveBeenCalledWith('Error saving designer profile', expect.any(Error));
  });

  it('sends no pending_profile when the landing form was not filled in', async () => {
    signUpsSucceed();
    const { fill, submit } = setup('designer');
    await fill({ password: 'Str0ngPass' });
    await submit();
    await findToast('Check your email!', 'success');
    expect((await sentSignUp(sent)).data).toEqual({
      full_name: 'Ada Lovelace',
      username: 'ada',
      role: 'designer',
    });
  });
});
