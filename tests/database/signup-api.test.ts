import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signedInClient, sql, uniqueEmail } from '@good-space/local-supabase/testing';
import { deleteUsers, connect } from './support/pg.ts';

/** The sign-up trigger behind the real Auth service, and the seeded demo logins through Auth. */
const created: string[] = [];
afterAll(async () => {
  const c = await connect();
  await deleteUsers(c, created);
  await c.end();
});

describe('sign-up and demo logins through Auth', () => {
  it('a designer signing up with a pending profile gets profile, role and designer profile', async () => {
    const email = uniqueEmail('designer');
    const user = await createUser({
      email,
      metadata: {
        full_name: 'Rita Rattan',
        username: 'ritar',
        role: 'designer',
        pending_profile: {
          location: 'Austin, TX',
          bio: 'Rattan and terracotta for small rooms',
          specialties: ['Bohemian'],
          base_rate: 275,
        },
      },
    });
    created.push(user.id);
    const client = await signedInClient(user.email, user.password);
    const { data: role } = await client.from('user_roles').select('role').eq('user_id', user.id).single();
    expect(role).toEqual({ role: 'designer' });
    // The address is not an API column of profiles (docs/security.md, "E-mail addresses stay private"): one reads
    // their own from the session.
    const { data: profile } = await client.from('profiles').select('full_name').eq('id', user.id).single();
    expect(profile).toEqual({ full_name: 'Rita Rattan' });
    expect((await client.auth.getUser()).data.user?.email).toBe(email);
    const { data: dp } = await client
      .from('designer_profiles')
      .select('username, bio, specialties, base_rate, location')
      .eq('user_id', user.id)
      .single();
    expect(dp).toEqual({
      username: 'ritar',
      bio: 'Rattan and terracotta for small rooms',
      specialties: ['Bohemian'],
      base_rate: 275,
      location: 'Austin, TX',
    });
  });

  it('an invalid role is refused and leaves no user behind', async () => {
    const email = uniqueEmail('admin');
    await expect(createUser({ email, metadata: { full_name: 'X', role: 'admin' } })).rejects.toThrow();
    expect(await sql(`select 1 from auth.users where email = $1`, [email])).toEqual([]);
  });

  it('the seeded demo accounts sign in with their documented password', async () => {
    for (const email of ['customer@goodspace.test', 'designer@goodspace.test', 'nosub@goodspace.test']) {
      const client = await signedInClient(email, 'GoodSpace123');
      const { data } = await client.auth.getUser();
      expect(data.user?.email).toBe(email);
    }
    const maya = await signedInClient('customer@goodspace.test', 'GoodSpace123');
    const { data: projects } = await maya
      .from('projects')
      .select('title, status')
      .order('created_at', { ascending: false });
    expect(projects?.map((p) => p.status).sort()).toEqual(['active', 'completed', 'pending', 'pending']);
  });
});
