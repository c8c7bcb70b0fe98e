import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs } from '@good-space/local-supabase/testing';
import { connect, createUser, deleteUsers } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * Storage policies through the Storage API (docs/decisions/0003): project photos for the project's
 * participants only, portfolios written by their owner and listable by signed-in users, Good Stuff pictures
 * written and listed by their owner; and account deletion (the delete-account function, ADR 0018) taking the
 * caller's files with it.
 */
let c: pg.Client;
let w: World;
const extra: string[] = [];
// A tiny valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
});
afterAll(async () => {
  await destroyWorld(c, w);
  await deleteUsers(c, extra);
  await c.end();
});

const as = clientAs;
const upload = (client: SupabaseClient, bucket: string, path: string) =>
  client.storage.from(bucket).upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
const names = async (client: SupabaseClient, bucket: string, folder: string) => {
  const { data, error } = await client.storage.from(bucket).list(folder);
  if (error) throw error;
  return (data ?? []).map((f) => f.name).sort();
};

describe('storage policies', () => {
  it('project-photos: the customer and the assigned designer upload, list and sign; others cannot', async () => {
    const owner = await as(w.owner);
    const designer = await as(w.assigned);
    expect((await upload(owner, 'project-photos', `${w.activeProject}/before-1.png`)).error).toBeNull();
    expect((await upload(designer, 'project-photos', `${w.activeProject}/after-1.png`)).error).toBeNull();
    expect(await names(owner, 'project-photos', w.activeProject)).toEqual(['after-1.png', 'before-1.png']);
    expect(await names(designer, 'project-photos', w.activeProject)).toEqual(['after-1.png', 'before-1.png']);
    const signed = await designer.storage
      .from('project-photos')
      .createSignedUrl(`${w.activeProject}/before-1.png`, 3600);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);

    for (const stranger of [await as(w.otherCustomer), await as(w.otherDesigner)]) {
      expect(await names(stranger, 'project-photos', w.activeProject)).toEqual([]);
      expect((await upload(stranger, 'project-photos', `${w.activeProject}/before-9.png`)).error).not.toBeNull();
      expect(
        (await stranger.storage.from('project-photos').createSignedUrl(`${w.activeProject}/before-1.png`, 60)).error,
      ).not.toBeNull();
    }
    expect((await upload(anonClient(), 'project-photos', `${w.activeProject}/x.png`)).error).not.toBeNull();
    // The designer removes what they uploaded, not the customer's photo; the owner may remove any.
    expect((await designer.storage.from('project-photos').remove([`${w.activeProject}/before-1.png`])).data).toEqual(
      [],
    );
    expect((await owner.storage.from('project-photos').remove([`${w.activeProject}/after-1.png`])).data).toHaveLength(
      1,
    );
  });

  it("removing a project photo removes its note, whoever removes it, and no other photo's note", async () => {
    const owner = await as(w.owner);
    const designer = await as(w.assigned);
    const mine = `${w.activeProject}/after-note.png`;
    const kept = `${w.activeProject}/before-note.png`;
    expect((await upload(designer, 'project-photos', mine)).error).toBeNull();
    expect((await upload(owner, 'project-photos', kept)).error).toBeNull();
    for (const path of [mine, kept]) {
      const { error } = await owner
        .from('project_photo_notes')
        .upsert({ project_id: w.activeProject, photo_path: path, note: 'Keep the lamp', added_by: w.owner });
      expect(error).toBeNull();
    }
    // The designer who uploaded the photo removes it; the owner's note on it goes too (RLS alone would not let them).
    expect((await designer.storage.from('project-photos').remove([mine])).data).toHaveLength(1);
    const notes = await c.query<{ photo_path: string }>(
      `select photo_path from public.project_photo_notes where project_id = $1 and photo_path in ($2, $3)`,
      [w.activeProject, mine, kept],
    );
    expect(notes.rows.map((r) => r.photo_path)).toEqual([kept]);
    expect((await owner.storage.from('project-photos').remove([kept])).data).toHaveLength(1);
  });

  it('project-photos refuses non-images and files over 5 MB', async () => {
    const owner = await as(w.owner);
    const text = await owner.storage
      .from('project-photos')
      .upload(`${w.activeProject}/note.txt`, new Blob(['hi'], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect(text.error).not.toBeNull();
    const big = await owner.storage
      .from('project-photos')
      .upload(`${w.activeProject}/big.png`, new Blob([Buffer.alloc(5 * 1024 * 1024 + 1)], { type: 'image/png' }), {
        contentType: 'image/png',
      });
    expect(big.error).not.toBeNull();
  });

  it('designer-portfolio: owner writes under their folder; signed-in users list designers; public URLs for all', async () => {
    const designer = await as(w.assigned);
    expect((await upload(designer, 'designer-portfolio', `${w.assigned}/work-1.png`)).error).toBeNull();
    expect((await upload(designer, 'designer-portfolio', `${w.otherDesigner}/work-1.png`)).error).not.toBeNull();
    expect(await names(await as(w.otherCustomer), 'designer-portfolio', w.assigned)).toEqual(['work-1.png']);
    expect(await names(anonClient(), 'designer-portfolio', w.assigned)).toEqual([]);
    const publicUrl = anonClient().storage.from('designer-portfolio').getPublicUrl(`${w.assigned}/work-1.png`)
      .data.publicUrl;
    expect((await fetch(publicUrl)).status).toBe(200);
    expect(
      (await (await as(w.otherDesigner)).storage.from('designer-portfolio').remove([`${w.assigned}/work-1.png`])).data,
    ).toEqual([]);
  });

  it('catalog-images: owner writes and lists their folder; nobody else lists it', async () => {
    const designer = await as(w.assigned);
    expect((await upload(designer, 'catalog-images', `${w.assigned}/chair.png`)).error).toBeNull();
    expect(await names(designer, 'catalog-images', w.assigned)).toEqual(['chair.png']);
    expect(await names(await as(w.otherDesigner), 'catalog-images', w.assigned)).toEqual([]);
    expect((await upload(await as(w.otherDesigner), 'catalog-images', `${w.assigned}/x.png`)).error).not.toBeNull();
  });

  it("deleting the account removes the caller's files and leaves everyone else's", async () => {
    const leaving = await createUser(c, { role: 'designer', subscribe: 'designer' });
    const staying = await createUser(c, { role: 'designer', subscribe: 'designer' });
    extra.push(leaving, staying);
    const l = await as(leaving);
    const s = await as(staying);
    for (const [client, id] of [
      [l, leaving],
      [s, staying],
    ] as const) {
      expect((await upload(client, 'designer-portfolio', `${id}/p.png`)).error).toBeNull();
      expect((await upload(client, 'catalog-images', `${id}/k.png`)).error).toBeNull();
    }
    const { error } = await l.functions.invoke('delete-account');
    expect(error).toBeNull();
    const pub = (bucket: string, path: string) =>
      fetch(anonClient().storage.from(bucket).getPublicUrl(path).data.publicUrl).then((r) => r.status);
    expect(await pub('designer-portfolio', `${leaving}/p.png`)).not.toBe(200);
    expect(await pub('catalog-images', `${leaving}/k.png`)).not.toBe(200);
    expect(await pub('designer-portfolio', `${staying}/p.png`)).toBe(200);
    expect(await pub('catalog-images', `${staying}/k.png`)).toBe(200);
    expect((await c.query(`select count(*)::int n from auth.users where id = $1`, [leaving])).rows[0].n).toBe(0);
  });
});
