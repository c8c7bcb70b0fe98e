import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { designStyles } from '../../src/config/design-styles.ts';
import { clientAs, createUser as signUp } from '@good-space/local-supabase/testing';
import { connect, deleteUsers } from './support/pg.ts';

/**
 * customer_profiles.preferred_style holds the style's display name (20261125000300_dashboard_totals.sql,
 * docs/decisions/0020). The landing form keeps the id ('midcentury'); a sign-up carrying it must end with the
 * name the profile form shows, and nothing but the 15 names can be stored.
 */
let c: pg.Client;
const created: string[] = [];
beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await deleteUsers(c, created);
  await c.end();
});

async function signUpCustomer(pending: Record<string, unknown>): Promise<string> {
  const user = await signUp({
    metadata: { full_name: 'Maya Test', username: 'maya', role: 'customer', pending_profile: pending },
  });
  created.push(user.id);
  return user.id;
}

async function storedProfile(userId: string) {
  const { rows } = await c.query<{ location: string | null; preferred_style: string | null }>(
    'select location, preferred_style from public.customer_profiles where user_id = $1',
    [userId],
  );
  return rows[0];
}

const as = clientAs;

describe('the landing style reaches the customer profile by name', () => {
  it('stores the name for the landing id, through the Auth sign-up', async () => {
    const id = await signUpCustomer({
      location: 'Portland, OR',
      space_size: 450,
      budget_range: 2500,
      preferred_style: 'midcentury',
    });
    expect(await storedProfile(id)).toEqual({ location: 'Portland, OR', preferred_style: 'Mid-Century Modern' });
  });

  it('keeps a name as it is, and leaves an unknown style out without losing the other fields', async () => {
    const named = await signUpCustomer({ location: 'Austin, TX', preferred_style: 'Art Deco' });
    expect(await storedProfile(named)).toEqual({ location: 'Austin, TX', preferred_style: 'Art Deco' });
    const unknown = await signUpCustomer({ location: 'Denver', preferred_style: 'retro' });
    expect(await storedProfile(unknown)).toEqual({ location: 'Denver', preferred_style: null });
  });

  it('maps every id of the app to the same name in the database', async () => {
    for (const { id, name } of designStyles) {
      const { rows } = await c.query<{ by_id: string; by_name: string }>(
        'select private.design_style_name($1) as by_id, private.design_style_name($2) as by_name',
        [id, name],
      );
      expect(rows[0]).toEqual({ by_id: name, by_name: name });
    }
  });

  it('refuses anything but a style name on the profile (23514), as the profile form does', async () => {
    const owner = await signUpCustomer({ location: 'Portland, OR' });
    const client = await as(owner);
    for (const style of ['midcentury', 'Retro', ' Coastal']) {
      const { error, status } = await client
        .from('customer_profiles')
        .update({ preferred_style: style })
        .eq('user_id', owner);
      expect(status, style).toBe(400);
      expect(error?.code).toBe('23514');
    }
    const ok = await client
      .from('customer_profiles')
      .update({ preferred_style: 'Cottage Core' })
      .eq('user_id', owner)
      .select('preferred_style');
    expect(ok.error).toBeNull();
    expect(ok.data).toEqual([{ preferred_style: 'Cottage Core' }]);
    const cleared = await client.from('customer_profiles').update({ preferred_style: null }).eq('user_id', owner);
    expect(cleared.error).toBeNull();
  });
});
