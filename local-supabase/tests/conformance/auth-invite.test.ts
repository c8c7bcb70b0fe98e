import { describe, expect, it } from 'vitest';
import {
  anonClient,
  API_URL,
  createUser,
  extractLink,
  latestMailTo,
  serviceClient,
  sql,
  stackConfig,
  uniqueEmail,
} from '../../src/testing/index.ts';

// POST /auth/v1/invite as supabase/auth answers it (internal/api/invite.go, mail.go sendInvite), through
// supabase-js's auth.admin.inviteUserByEmail.

describe('inviting a user by e-mail', () => {
  it('creates an unconfirmed user without a password, mails the invite, and the link signs them in', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { team: 'north' },
      redirectTo: 'http://localhost:5173/welcome',
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.invited_at).toBeTruthy();
    expect(user.confirmation_sent_at).toBe(user.invited_at);
    expect(user.email_confirmed_at).toBeFalsy();
    expect(user.user_metadata).toEqual({ team: 'north' });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities!.map((i) => i.provider)).toEqual(['email']);
    const [stored] = await sql<{ encrypted_password: string | null }>(
      'select encrypted_password from auth.users where id = $1',
      [user.id],
    );
    expect(stored!.encrypted_password ?? '').toBe('');

    const mail = await latestMailTo(email);
    expect(mail.Subject).toBe('You have been invited');
    const link = extractLink(mail.HTML);
    expect(link).toMatch(new RegExp(`^${API_URL}/auth/v1/verify\\?token=[0-9a-f]{56}&type=invite&redirect_to=`));
    const res = await fetch(link, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = res.headers.get('location')!;
    expect(location.startsWith('http://localhost:5173/welcome#')).toBe(true);
    const fragment = new URLSearchParams(location.split('#')[1]);
    expect(fragment.get('type')).toBe('invite');
    const { data: got } = await anonClient().auth.getUser(fragment.get('access_token')!);
    expect(got.user!.id).toBe(user.id);
    expect(got.user!.email_confirmed_at).toBeTruthy();
  });

  it('refuses a malformed address with 400 and a confirmed one with 422 email_exists, creating nothing', async () => {
    const bad = await serviceClient().auth.admin.inviteUserByEmail('not-an-address');
    expect(bad.error!.status).toBe(400);
    expect(bad.error!.code).toBe('validation_failed');
    expect(bad.error!.message).toBe('Unable to validate email address: invalid format');

    const { email } = await createUser();
    const taken = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(taken.error!.status).toBe(422);
    expect(taken.error!.code).toBe('email_exists');
    const [row] = await sql<{ invited_at: string | null }>('select invited_at from auth.users where email = $1', [
      email,
    ]);
    expect(row!.invited_at).toBeNull();
  });

  it('is for admins only: the anon key gets 403 not_admin', async () => {
    const res = await fetch(`${API_URL}/auth/v1/invite`, {
      method: 'POST',
      headers: {
        apikey: stackConfig.anonKey,
        Authorization: `Bearer ${stackConfig.anonKey}`,
        'Content-Type': 'application/json',
        'X-Supabase-Api-Version': '2024-01-01',
      },
      body: JSON.stringify({ email: uniqueEmail('nope') }),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
  });
});
