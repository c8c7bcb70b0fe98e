import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NewPasswordForm } from '@/features/account/components/new-password-form';
import { gotrueError, sentAs, authUrl, authUser, recordRequests, server, storeSession } from '@/testing/supabase-http';
import { findToast, raisedToasts, renderApp } from '@/testing/render-app';

/** The user the reset link signed in (its recovery session is stored, as supabase-js keeps it). */
const RECOVERING = authUser('c0000000-0000-4000-8000-000000000001', 'carl@example.com');

function setup() {
  const user = userEvent.setup({ delay: null });
  const onUpdated = vi.fn();
  renderApp(<NewPasswordForm email={RECOVERING.email} onUpdated={onUpdated} />);
  async function submit(password: string, confirm: string) {
    if (password) await user.type(screen.getByLabelText('New password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
  }
  async function submitCode(code: string) {
    const field = await screen.findByLabelText('Code from the e-mail');
    await user.clear(field);
    if (code) await user.type(field, code);
    await user.click(screen.getByRole('button', { name: 'Confirm and update password' }));
  }
  return { user, submit, submitCode, onUpdated };
}

/** GoTrue's answer to a password without a nonce on a session older than a day (secure_password_change). */
const needsCode = () => gotrueError(400, 'reauthentication_needed', 'Password update requires reauthentication');

describe('NewPasswordForm', { timeout: 20_000 }, () => {
  let sent: ReturnType<typeof recordRequests>;
  beforeEach(() => {
    sent = recordRequests();
    storeSession(RECOVERING);
  });

  it("refuses entries that differ with 'Passwords don't match'", async () => {
    const { submit } = setup();
    await submit('Str0ngPass', 'Str0ngPas');
    await findToast("Passwords don't match", 'error');
    expect(screen.getByRole('alert')).toHaveTextContent("Passwords don't match");
    expect(screen.getByLabelText('Confirm password')).toHaveAttribute('aria-invalid', 'true');
    expect(await sent.all()).toEqual([]);
  });

  it("says 'Password too short' first, even when the entries also differ", async () => {
    const { submit } = setup();
    await submit('Ab1', 'Xy2');
    await findToast('Password too short', 'error');
    expect(raisedToasts('error')).toHaveLength(1);
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
    await findToast('Password updated!', 'success');
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
    expect(await findToast('Update failed', 'error')).toHaveTextContent(
      'New password should be different from the old password.',
    );
    expect(onUpdated).not.toHaveBeenCalled();
    expect(raisedToasts('success')).toEqual([]);
  });

  it("shows 'Update failed' when the recovery session is gone, and asks the server nothing", async () => {
    localStorage.clear();
    const { submit, onUpdated } = setup();
    await submit('Str0ngPass', 'Str0ngPass');
    expect(await findToast('Update failed', 'error')).toHaveTextContent('Auth session missing!');
    expect(onUpdated).not.toHaveBeenCalled();
    expect(await sent.all()).toEqual([]);
  });

  describe('on a sign-in older than a day', () => {
    it('sends a code, asks for it by the address, and updates the password with it as the nonce', async () => {
      server.use(
        http.put(authUrl('user'), async ({ request }) => {
          const body = (await request.clone().json()) as { nonce?: string };
          return body.nonce === '482913'
            ? HttpResponse.json({ ...RECOVERING, updated_at: '2026-11-22T06:00:00Z' }, { status: 200 })
            : needsCode();
        }),
        http.get(authUrl('reauthenticate'), () => HttpResponse.json({}, { status: 200 })),
      );
      const { submit, submitCode, onUpdated } = setup();
      await submit('Str0ngPass', 'Str0ngPass');

      const code = await screen.findByLabelText('Code from the e-mail');
      expect(screen.getByRole('form', { name: "Confirm it's you" })).toHaveTextContent(
        'enter the code we sent to carl@example.com',
      );
      expect(code).toHaveFocus();
      expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await waitFor(async () => expect(await sent.to('GET', 'auth/v1/reauthenticate')).toHaveLength(1));
      expect(sentAs((await sent.to('GET', 'auth/v1/reauthenticate'))[0]!)).toBe(RECOVERING.id);
      expect(onUpdated).not.toHaveBeenCalled();
      expect(raisedToasts('error')).toEqual([]);

      await submitCode('482 913');
      await waitFor(() => expect(onUpdated).toHaveBeenCalled());
      await findToast('Password updated!', 'success');
      const updates = await sent.to('PUT', 'auth/v1/user');
      expect(updates.map((u) => u.body as { password: string; nonce?: string })).toEqual([
        expect.objectContaining({ password: 'Str0ngPass' }),
        expect.objectContaining({ password: 'Str0ngPass', nonce: '482913' }),
      ]);
      expect(updates[0]!.body).not.toHaveProperty('nonce');
    });

    it('says a wrong or expired code is wrong, on the field, and stays on the step', async () => {
      server.use(
        http.put(authUrl('user'), async ({ request }) => {
          const body = (await request.clone().json()) as { nonce?: string };
          return body.nonce
            ? gotrueError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
            : needsCode();
        }),
        http.get(authUrl('reauthenticate'), () => HttpResponse.json({}, { status: 200 })),
      );
      const { submit, submitCode, onUpdated } = setup();
      await submit('Str0ngPass', 'Str0ngPass');
      await submitCode('111111');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('That code is wrong or has expired. Check the e-mail, or send a new code.');
      const field = screen.getByLabelText('Code from the e-mail');
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAttribute('aria-describedby', alert.id);
      expect(onUpdated).not.toHaveBeenCalled();
      expect(raisedToasts('success')).toEqual([]);
    });

    it('checks the code has 6 digits before sending it', async () => {
      server.use(
        http.put(authUrl('user'), () => needsCode()),
        http.get(authUrl('reauthenticate'), () => HttpResponse.json({}, { status: 200 })),
      );
      const { submit, submitCode } = setup();
      await submit('Str0ngPass', 'Str0ngPass');
      await submitCode('');
      expect(await screen.findByRole('alert')).toHaveTextContent('Enter the code from the e-mail');
      await submitCode('12ab5');
      expect(await screen.findByRole('alert')).toHaveTextContent('The code has 6 digits');
      expect(await sent.to('PUT', 'auth/v1/user')).toHaveLength(1);
    });

    it('sends a new code on request, and says so when the server refuses to send one yet', async () => {
      let calls = 0;
      server.use(
        http.put(authUrl('user'), () => needsCode()),
        http.get(authUrl('reauthenticate'), () =>
          ++calls === 1
            ? HttpResponse.json({}, { status: 200 })
            : gotrueError(
                429,
                'over_email_send_rate_limit',
                'For security purposes, you can only request this after 42 seconds.',
              ),
        ),
      );
      const { user, submit } = setup();
      await submit('Str0ngPass', 'Str0ngPass');
      await screen.findByLabelText('Code from the e-mail');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled());
      await user.click(screen.getByRole('button', { name: 'Send a new code' }));
      expect(await findToast('Could not send the code', 'error')).toHaveTextContent(
        'For security purposes, you can only request this after 42 seconds.',
      );
      expect(await sent.to('GET', 'auth/v1/reauthenticate')).toHaveLength(2);
    });

    it('goes back to the password when the server refuses the password itself', async () => {
      server.use(
        http.put(authUrl('user'), async ({ request }) => {
          const body = (await request.clone().json()) as { nonce?: string };
          return body.nonce
            ? gotrueError(422, 'same_password', 'New password should be different from the old password.')
            : needsCode();
        }),
        http.get(authUrl('reauthenticate'), () => HttpResponse.json({}, { status: 200 })),
      );
      const { submitCode, submit } = setup();
      await submit('Str0ngPass', 'Str0ngPass');
      await submitCode('482913');
      expect(await findToast('Update failed', 'error')).toHaveTextContent(
        'New password should be different from the old password.',
      );
      expect(await screen.findByLabelText('New password')).toBeInTheDocument();
      expect(screen.queryByLabelText('Code from the e-mail')).not.toBeInTheDocument();
    });
  });
});
