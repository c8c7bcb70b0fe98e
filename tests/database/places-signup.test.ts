import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { anonClient, uniqueEmail } from '@good-space/local-supabase/testing';
import { connect, deleteUsers } from './support/pg.ts';

/**
 * The landing form's chosen place survives sign-up (20261126000300_place_follow_ups.sql, docs/decisions/0024):
 * the pending profile carries place_id in the sign-up metadata (src/lib/pending-profile.ts) and the sign-up
 * trigger puts it on the new profile when it names a place; an unknown id is left out and sign-up still succeeds.
 * Signed up through Auth's public /signup with the publishable key, as the app does; the gazetteer is the one the
 * global setup loaded.
 */
let c: pg.Client;
const created: string[] = [];
type Place = { id: string; label: string; latitude: number; longitude: number };
let austin: Place;
/** The smaller of the two places labelled 'Burbank, CA': typed alone, the label would name the bigger one. */
let smallBurbank: Place;

beforeAll(async () => {
  c = await connect();
  const places = async (label: string) =>
    (
      await c.query<Place>(
        `select id, label, latitude, longitude from public.places where label = $1 order by population desc, id`,
        [label],
      )
    ).rows;
  austin = (await places('Austin, TX'))[0]!;
  const burbanks = await places('Burbank, CA');
  expect(burbanks.length).toBeGreaterThan(1);
  smallBurbank = burbanks.at(-1)!;
});

afterAll(async () => {
  await deleteUsers(c, created);
  await c.end();
});

async function signUp(role: 'customer' | 'designer', pending: Record<string, unknown>): Promise<string> {
  const { data, error } = await anonClient().auth.signUp({
    email: uniqueEmail(role),
    password: 'Passw0rd-Good',
    options: { data: { full_name: 'Pat Place', username: 'patplace', role, pending_profile: pending } },
  });
  expect(error).toBeNull();
  const id = data.user!.id;
  created.push(id);
  return id;
}

async function profile(table: 'customer_profiles' | 'designer_profiles', userId: string) {
  const { rows } = await c.query<{ location: string | null; place_id: string | null; latitude: number | null }>(
    `select location, place_id, latitude from public.${table} where user_id = $1`,
    [userId],
  );
  return rows[0];
}

describe('sign-up with a place from the landing form', () => {
  it("puts the customer's chosen place on the profile, with the place's coordinates", async () => {
    const id = await signUp('customer', {
      location: 'Burbank, CA',
      place_id: smallBurbank.id,
      space_size: 600,
      budget_range: 2000,
      preferred_style: 'midcentury',
    });
    expect(await profile('customer_profiles', id)).toEqual({
      location: 'Burbank, CA',
      place_id: smallBurbank.id,
      latitude: smallBurbank.latitude,
    });
  });

  it("puts the designer's chosen place on the profile; a place without a location gives its label", async () => {
    const id = await signUp('designer', { place_id: austin.id, bio: 'Terracotta and rattan', base_rate: 300 });
    expect(await profile('designer_profiles', id)).toMatchObject({ location: austin.label, place_id: austin.id });
  });

  it('ignores an unknown or malformed place id: sign-up succeeds and the location decides as typed', async () => {
    const unknown = await signUp('customer', { location: 'Behind the old mill', place_id: 'gn:999999999' });
    expect(await profile('customer_profiles', unknown)).toEqual({
      location: 'Behind the old mill',
      place_id: null,
      latitude: null,
    });
    const forged = await signUp('designer', {
      location: 'Austin, TX',
      place_id: 'not a place',
      bio: 'Teak and walnut, restored',
      base_rate: 250,
    });
    // The text names Austin exactly, so the trigger places it by its label.
    expect(await profile('designer_profiles', forged)).toMatchObject({
      location: 'Austin, TX',
      place_id: austin.id,
    });
    const numeric = await signUp('customer', { location: 'Somewhere quiet', place_id: 5746545 });
    expect(await profile('customer_profiles', numeric)).toEqual({
      location: 'Somewhere quiet',
      place_id: null,
      latitude: null,
    });
  });
});
