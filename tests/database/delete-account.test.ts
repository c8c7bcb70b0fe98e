import { existsSync, readFileSync } from 'node:fs';
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { storedObjectPath } from '@good-space/local-supabase';
import {
  anonClient,
  API_URL,
  createUser,
  serviceClient,
  signedInClient,
  sql,
  stackConfig,
} from '@good-space/local-supabase/testing';

/**
 * Account deletion through the delete-account function on the real local stack (ADR 0018): the leaving user's
 * files go through Storage, so their bytes leave the disk as they leave hosted Supabase's object store; then the
 * account goes, with everything the foreign keys and triggers do. Photos they uploaded to someone else's project
 * stay; nobody can delete someone else's account; without a user nothing changes.
 */
const admin = serviceClient();
const survivors: string[] = [];
// A tiny valid PNG (1×1).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

afterAll(async () => {
  for (const id of survivors) await admin.auth.admin.deleteUser(id);
});

interface Person {
  id: string;
  email: string;
  password: string;
  client: SupabaseClient;
}

async function person(role: 'customer' | 'designer'): Promise<Person> {
  const u = await createUser({ metadata: { full_name: `Leaving ${role}`, username: `del-${role}`, role } });
  return { ...u, client: await signedInClient(u.email, u.password) };
}

async function project(customer: string, designer: string | null): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
     values ($1, $2, 'Sunny room', 'A room to furnish with thrifted finds', 'Austin', 120, 1500, $3) returning id`,
    [customer, designer, designer ? 'active' : 'pending'],
  );
  return row!.id;
}

async function upload(who: Person, bucket: string, name: string): Promise<void> {
  const { error } = await who.client.storage
    .from(bucket)
    .upload(name, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
  if (error) throw new Error(`upload ${bucket}/${name} failed: ${error.message}`);
}

async function uploadMany(who: Person, bucket: string, names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 20)
    await Promise.all(names.slice(i, i + 20).map((n) => upload(who, bucket, n)));
}

/** Where each object's bytes are on disk, read before the rows go (the version names the file). */
async function filesOnDisk(bucket: string, folder: string): Promise<Map<string, string>> {
  const rows = await sql<{ name: string; version: string }>(
    `select name, version from storage.objects where bucket_id = $1 and (storage.foldername(name))[1] = $2`,
    [bucket, folder],
  );
  return new Map(rows.map((r) => [r.name, storedObjectPath(stackConfig, r.version)!]));
}

/** Every name in a folder as Storage lists it (service role, every page, one level). */
async function listed(bucket: string, folder: string): Promise<string[]> {
  const names: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { data, error } = await admin.storage.from(bucket).list(folder, { limit: 100, offset });
    if (error) throw error;
    names.push(...data.map((f) => f.name));
    if (data.length < 100) return names.sort();
  }
}

async function downloadStatus(bucket: string, name: string): Promise<number> {
  const res = await fetch(`${API_URL}/storage/v1/object/authenticated/${bucket}/${name}`, {
    headers: { apikey: stackConfig.secretKey, Authorization: `Bearer ${stackConfig.secretKey}` },
  });
  await res.arrayBuffer();
  return res.status;
}

async function authUserExists(id: string): Promise<boolean> {
  return (await sql(`select 1 from auth.users where id = $1`, [id])).length === 1;
}

async function failure(error: unknown): Promise<{ status: number; body: { error: string; code?: string } }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error: string; code?: string } };
}

describe('delete-account', () => {
  // Hundreds of uploads: a generous limit, which only has to catch a hang on a busy machine.
  it(
    "a designer's portfolio (past one page), Good Stuff pictures and account go; their photo on a client's project stays",
    { timeout: 180_000 },
    async () => {
      const leaving = await person('designer');
      const client = await person('customer');
      const other = await person('designer');
      survivors.push(client.id, other.id);
      const clientsProject = await project(client.id, leaving.id);

      // 330 portfolio photos, one in a sub-folder: Storage lists 100 a page, and the function sweeps at most three
      // times, so a function that read only the first page of each folder would leave files behind.
      const portfolio = [
        ...Array.from({ length: 329 }, (_, i) => `${leaving.id}/work-${String(i).padStart(3, '0')}.png`),
        `${leaving.id}/2025/kitchen.png`,
      ];
      await uploadMany(leaving, 'designer-portfolio', portfolio);
      await uploadMany(leaving, 'catalog-images', [`${leaving.id}/lamp.png`, `${leaving.id}/chair.png`]);
      await upload(leaving, 'project-photos', `${clientsProject}/after-1.png`);
      await upload(client, 'project-photos', `${clientsProject}/before-1.png`);
      await upload(other, 'designer-portfolio', `${other.id}/work.png`);

      const leavingBytes = new Map([
        ...(await filesOnDisk('designer-portfolio', leaving.id)),
        ...(await filesOnDisk('catalog-images', leaving.id)),
      ]);
      expect(leavingBytes.size).toBe(332);
      for (const file of leavingBytes.values()) expect(readFileSync(file)).toEqual(PNG);
      const keptBytes = [
        ...(await filesOnDisk('project-photos', clientsProject)).values(),
        ...(await filesOnDisk('designer-portfolio', other.id)).values(),
      ];
      expect(keptBytes).toHaveLength(3);

      const { data, error } = await leaving.client.functions.invoke('delete-account');
      expect(error).toBeNull();
      expect(data).toEqual({ deleted: true, removedFiles: 332 });

      // Gone from Storage: nothing listed, nothing to download, and the bytes are off the disk.
      expect(await listed('designer-portfolio', leaving.id)).toEqual([]);
      expect(await listed('designer-portfolio', `${leaving.id}/2025`)).toEqual([]);
      expect(await listed('catalog-images', leaving.id)).toEqual([]);
      expect(await downloadStatus('designer-portfolio', portfolio[0]!)).toBe(400);
      expect(await downloadStatus('catalog-images', `${leaving.id}/lamp.png`)).toBe(400);
      const { error: downloadError } = await admin.storage.from('designer-portfolio').download(portfolio[329]!);
      expect(downloadError).toMatchObject({ statusCode: '404' });
      for (const [name, file] of leavingBytes) expect(existsSync(file), name).toBe(false);

      // The client's project keeps both photos (the designer's too) and is open for bids again.
      expect(await listed('project-photos', clientsProject)).toEqual(['after-1.png', 'before-1.png']);
      expect(await listed('designer-portfolio', other.id)).toEqual(['work.png']);
      for (const file of keptBytes) expect(existsSync(file)).toBe(true);
      const [reopened] = await sql(`select status, designer_id from public.projects where id = $1`, [clientsProject]);
      expect(reopened).toEqual({ status: 'pending', designer_id: null });

      // The account: gone, rows and all, and it cannot sign in.
      expect(await authUserExists(leaving.id)).toBe(false);
      expect(await sql(`select 1 from public.profiles where id = $1`, [leaving.id])).toEqual([]);
      const signIn = await anonClient().auth.signInWithPassword({ email: leaving.email, password: leaving.password });
      expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
    },
  );

  it("a customer's project photos go with their projects, whoever uploaded them; the designer keeps their own files", async () => {
    const leaving = await person('customer');
    const designer = await person('designer');
    survivors.push(designer.id);
    const active = await project(leaving.id, designer.id);
    const pending = await project(leaving.id, null);
    await upload(leaving, 'project-photos', `${active}/before-1.png`);
    await upload(designer, 'project-photos', `${active}/after-1.png`);
    await upload(leaving, 'project-photos', `${pending}/before-1.png`);
    await upload(designer, 'designer-portfolio', `${designer.id}/work.png`);
    const photoBytes = [
      ...(await filesOnDisk('project-photos', active)).values(),
      ...(await filesOnDisk('project-photos', pending)).values(),
    ];
    expect(photoBytes).toHaveLength(3);
    const designerBytes = [...(await filesOnDisk('designer-portfolio', designer.id)).values()];

    const { data, error } = await leaving.client.functions.invoke('delete-account');
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, removedFiles: 3 });

    expect(await listed('project-photos', active)).toEqual([]);
    expect(await listed('project-photos', pending)).toEqual([]);
    expect(await downloadStatus('project-photos', `${active}/after-1.png`)).toBe(400);
    for (const file of photoBytes) expect(existsSync(file)).toBe(false);
    expect(await sql(`select 1 from public.projects where customer_id = $1`, [leaving.id])).toEqual([]);
    expect(await listed('designer-portfolio', designer.id)).toEqual(['work.png']);
    expect(existsSync(designerBytes[0]!)).toBe(true);
    expect(await authUserExists(leaving.id)).toBe(false);

    // Called again with the same (now stale) session: no user, and nothing else changes.
    const again = await leaving.client.functions.invoke('delete-account');
    expect(await failure(again.error)).toEqual({
      status: 401,
      body: { error: 'No user logged in', code: 'not_logged_in' },
    });
    expect(await listed('designer-portfolio', designer.id)).toEqual(['work.png']);
  });

  it('money held in a funded milestone stops the deletion before any file goes, with the reason', async () => {
    const leaving = await person('customer');
    const designer = await person('designer');
    survivors.push(leaving.id, designer.id);
    const active = await project(leaving.id, designer.id);
    // Funded as the money functions leave it (docs/milestones.md).
    await sql(
      `insert into public.project_milestones (project_id, customer_id, designer_id, position, title, amount, status,
                                              provider, funded_at)
       values ($1, $2, $3, 1, 'Design work', 300, 'funded', 'sandbox', now())`,
      [active, leaving.id, designer.id],
    );
    await upload(leaving, 'project-photos', `${active}/before-1.png`);

    const { error } = await leaving.client.functions.invoke('delete-account');
    expect(await failure(error)).toEqual({
      status: 409,
      body: {
        error: 'This account has money held in funded milestones: release or settle them before deleting the account.',
        code: 'money_held',
      },
    });
    expect(await listed('project-photos', active)).toEqual(['before-1.png']);
    expect(await authUserExists(leaving.id)).toBe(true);
    // Settled, the account goes as any other.
    await sql(`update public.project_milestones set status = 'released', released_amount = 300 where project_id = $1`, [
      active,
    ]);
    expect((await leaving.client.functions.invoke('delete-account')).error).toBeNull();
    expect(await authUserExists(leaving.id)).toBe(false);
  });

  it('a retry after a failure midway finishes the job', async () => {
    const leaving = await person('designer');
    await uploadMany(leaving, 'designer-portfolio', [`${leaving.id}/a.png`, `${leaving.id}/b.png`]);
    await upload(leaving, 'catalog-images', `${leaving.id}/lamp.png`);
    // A first attempt that stopped after removing part of the files: the account is still there.
    const { error: partial } = await admin.storage.from('designer-portfolio').remove([`${leaving.id}/a.png`]);
    expect(partial).toBeNull();
    expect(await authUserExists(leaving.id)).toBe(true);

    const { data, error } = await leaving.client.functions.invoke('delete-account');
    expect(error).toBeNull();
    expect(data).toEqual({ deleted: true, removedFiles: 2 });
    expect(await listed('designer-portfolio', leaving.id)).toEqual([]);
    expect(await listed('catalog-images', leaving.id)).toEqual([]);
    expect(await authUserExists(leaving.id)).toBe(false);
  });

  it("nobody deletes someone else's account, and a call without a user changes nothing", async () => {
    const target = await person('designer');
    const caller = await person('customer');
    survivors.push(target.id, caller.id);
    await upload(target, 'designer-portfolio', `${target.id}/work.png`);
    const targetBytes = [...(await filesOnDisk('designer-portfolio', target.id)).values()];
    const unchanged = async () => {
      expect(await authUserExists(target.id)).toBe(true);
      expect(await authUserExists(caller.id)).toBe(true);
      expect(await listed('designer-portfolio', target.id)).toEqual(['work.png']);
      expect(existsSync(targetBytes[0]!)).toBe(true);
    };

    // The account to delete is never read from the body.
    const named = await caller.client.functions.invoke('delete-account', { body: { userId: target.id } });
    expect(await failure(named.error)).toEqual({
      status: 400,
      body: { error: 'delete-account takes no parameters', code: 'unexpected_parameters' },
    });
    await unchanged();

    // Signed out: supabase-js sends the project's anon key, which is no user.
    const anonymous = await anonClient('legacy').functions.invoke('delete-account');
    expect(await failure(anonymous.error)).toEqual({
      status: 401,
      body: { error: 'No user logged in', code: 'not_logged_in' },
    });
    await unchanged();

    // No token at all: refused before the function runs (verify_jwt), as on hosted.
    const bare = await fetch(`${API_URL}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { apikey: stackConfig.anonKey },
    });
    await bare.arrayBuffer();
    expect(bare.status).toBe(401);
    await unchanged();

    // A signed-out session's token: Auth no longer accepts it.
    const token = (await target.client.auth.getSession()).data.session!.access_token;
    await target.client.auth.signOut();
    const stale = await fetch(`${API_URL}/functions/v1/delete-account`, {
      method: 'POST',
      headers: { apikey: stackConfig.anonKey, Authorization: `Bearer ${token}` },
    });
    expect({ status: stale.status, body: await stale.json() }).toEqual({
      status: 401,
      body: { error: 'No user logged in', code: 'not_logged_in' },
    });
    await unchanged();
  });
});
