import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';

/**
 * Working together in conversations (docs/working-together.md): photos in a project's messages and in a piece
 * conversation (uploaded to the conversation's folder of message-photos first, at most 6, a message may be photos
 * only), who may upload and read those photos, how far each person has read (Seen) and the unread counts.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let buyer: string;
let stranger: string;
let operator: string;
let people: string[] = [];
let projectId: string;
let pieceId: string;
let conversationId: string;

beforeAll(async () => {
  c = await connect();
  customer = await createUser(c, { role: 'customer', fullName: 'Maya Customer', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Jordan Designer', subscribe: 'designer' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bea Buyer', subscribe: 'client' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Otto Stranger', subscribe: 'client' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
  people = [customer, designer, buyer, stranger, operator];
  projectId = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, $2, 'Reading corner', 'A cosy corner to read in', 'Austin, TX', 70, 600, 'soft', 'active') returning id`,
      [customer, designer],
    )
  ).rows[0]!.id;
  pieceId = (
    await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition)
       values ($1, 'Rattan chair', 'A 1970s rattan lounge chair', 'chair', 120, 'good') returning id`,
      [designer],
    )
  ).rows[0]!.id;
  conversationId = (
    await c.query<{ id: string }>(
      `insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
      [pieceId, buyer, designer],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

const upload = (who: string, name: string) =>
  asActor(
    c,
    user(who),
    `insert into storage.objects (bucket_id, name, owner_id) values ('message-photos', $1, $2) returning name`,
    [name, who],
  );
const sendProject = (who: string, content: string | null, photos: string[]) =>
  asActor(
    c,
    user(who),
    content === null
      ? `insert into public.messages (project_id, sender_id, photos) values ($1, $2, $3) returning content, photos`
      : `insert into public.messages (project_id, sender_id, photos, content) values ($1, $2, $3, $4) returning content, photos`,
    content === null ? [projectId, who, photos] : [projectId, who, photos, content],
  );
const sendPiece = (who: string, body: string, photos: string[]) =>
  asActor(
    c,
    user(who),
    `insert into public.listing_messages (conversation_id, sender_id, body, photos) values ($1, $2, $3, $4) returning body, photos`,
    [conversationId, who, body, photos],
  );

describe('photos in messages', () => {
  it("a project's message carries up to 6 photos of its folder, uploaded first; a message may be photos only", async () => {
    const folder = `project/${projectId}`;
    for (let i = 1; i <= 7; i++) expect(await upload(customer, `${folder}/p${i}.webp`)).toMatchObject({ ok: true });
    const seven = Array.from({ length: 7 }, (_, i) => `${folder}/p${i + 1}.webp`);
    const refusals: [string | null, string[], string][] = [
      ['Look', seven, 'Add at most 6 photos to a message'],
      ['  ', [], 'Write a message or add a photo'],
      ['Look', [`${folder}/never-uploaded.webp`], 'A photo was not found: upload it again'],
      // Another conversation's folder, or the bare file name: not this conversation's photo.
      ['Look', [`piece/${conversationId}/p1.webp`], 'A photo was not found: upload it again'],
      ['Look', ['p1.webp'], 'A photo was not found: upload it again'],
    ];
    for (const [content, photos, message] of refusals) {
      expect(await sendProject(customer, content, photos), message).toMatchObject({
        ok: false,
        code: '23514',
        message,
      });
    }
    expect(await sendProject(customer, ' Before and after ', seven.slice(0, 2))).toMatchObject({
      ok: true,
      rows: [{ content: 'Before and after', photos: seven.slice(0, 2) }],
    });
    // Photos only: no content at all, or an empty one.
    expect(await sendProject(customer, null, seven.slice(2, 4))).toMatchObject({
      ok: true,
      rows: [{ content: '', photos: seven.slice(2, 4) }],
    });
    expect(await sendProject(customer, '', seven.slice(4, 5))).toMatchObject({ ok: true });
    const notices = (
      await c.query(
        `select user_id, title, body from public.notifications where project_id = $1 and kind = 'message_received'
         order by created_at`,
        [projectId],
      )
    ).rows;
    expect(notices).toEqual([
      { user_id: designer, title: 'Maya Customer sent you a message about "Reading corner"', body: 'Before and after' },
      { user_id: designer, title: 'Maya Customer sent 2 photos about "Reading corner"', body: null },
      { user_id: designer, title: 'Maya Customer sent a photo about "Reading corner"', body: null },
    ]);
    // Text alone still needs 1 to 2000 characters.
    expect(await sendProject(customer, 'x'.repeat(2001), [])).toMatchObject({ ok: false, code: '23514' });
  });

  it('a piece conversation carries photos of its own folder the same way', async () => {
    const folder = `piece/${conversationId}`;
    expect(await upload(buyer, `${folder}/leg.webp`)).toMatchObject({ ok: true });
    expect(await sendPiece(buyer, '', [`project/${projectId}/p1.webp`])).toMatchObject({
      ok: false,
      code: '23514',
      message: 'A photo was not found: upload it again',
    });
    expect(await sendPiece(buyer, '', [])).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Write a message or add a photo',
    });
    expect(await sendPiece(buyer, '', [`${folder}/leg.webp`])).toMatchObject({
      ok: true,
      rows: [{ body: '', photos: [`${folder}/leg.webp`] }],
    });
    expect(
      (
        await c.query(
          `select user_id, title from public.notifications where kind = 'listing_message' and data ->> 'conversation_id' = $1`,
          [conversationId],
        )
      ).rows,
    ).toEqual([{ user_id: designer, title: 'Bea Buyer sent a photo about "Rattan chair"' }]);
    // A stranger cannot write in the conversation, photos or not (the messages' own policy).
    expect(await sendPiece(stranger, 'Hi', [])).toMatchObject({ ok: false, code: '42501' });
  });

  it("the conversation's people upload and read its folder; strangers neither; operators read; nobody overwrites; the uploader deletes own", async () => {
    const projectFolder = `project/${projectId}`;
    const pieceFolder = `piece/${conversationId}`;
    expect(await upload(designer, `${projectFolder}/d.webp`)).toMatchObject({ ok: true });
    expect(await upload(designer, `${pieceFolder}/s.webp`)).toMatchObject({ ok: true });
    for (const [who, folder] of [
      [stranger, projectFolder],
      [stranger, pieceFolder],
      [buyer, projectFolder],
      [customer, pieceFolder],
    ] as const) {
      expect(await upload(who, `${folder}/x.webp`), `${who} ${folder}`).toMatchObject({ ok: false, code: '42501' });
    }
    // A folder that is not a conversation's: refused even to its people.
    expect(await upload(customer, `${projectId}/x.webp`)).toMatchObject({ ok: false, code: '42501' });
    expect(await upload(customer, `order/${projectId}/x.webp`)).toMatchObject({ ok: false, code: '42501' });

    const read = async (who: string, folder: string) =>
      (
        await asActor(
          c,
          user(who),
          `select name from storage.objects where bucket_id = 'message-photos' and name like $1`,
          [`${folder}/%`],
        )
      ).rowCount;
    // One after the other: the reads share one connection.
    const reads = async (who: string[], folder: string) => {
      const counts: number[] = [];
      for (const w of who) counts.push(await read(w, folder));
      return counts;
    };
    expect(await reads([customer, designer, operator, stranger, buyer], projectFolder)).toEqual([8, 8, 8, 0, 0]);
    expect(await reads([buyer, designer, operator, stranger, customer], pieceFolder)).toEqual([2, 2, 2, 0, 0]);
    expect(
      await asActor(
        c,
        user(customer),
        `update storage.objects set name = name || '.x' where bucket_id = 'message-photos' and name like $1 returning 1`,
        [`${projectFolder}/%`],
      ),
    ).toMatchObject({ ok: true, rowCount: 0 });
    const remove = (who: string, name: string) =>
      inRolledBackTx(
        c,
        user(who),
        `delete from storage.objects where bucket_id = 'message-photos' and name = $1 returning 1`,
        [name],
        `select set_config('storage.allow_delete_query', 'true', true)`,
      );
    expect(await remove(customer, `${projectFolder}/d.webp`)).toMatchObject({ ok: true, rowCount: 0 });
    expect(await remove(operator, `${projectFolder}/d.webp`)).toMatchObject({ ok: true, rowCount: 0 });
    expect(await remove(designer, `${projectFolder}/d.webp`)).toMatchObject({ ok: true, rowCount: 1 });
  });

  it('a message Good Space removes loses its photos with its text, for its people, and gets them back when restored', async () => {
    const folder = `project/${projectId}`;
    expect(await upload(designer, `${folder}/rug.webp`)).toMatchObject({ ok: true });
    const sent = await asActor(
      c,
      user(designer),
      `insert into public.messages (project_id, sender_id, content, photos) values ($1, $2, 'This rug?', $3) returning id`,
      [projectId, designer, [`${folder}/rug.webp`]],
    );
    expect(sent).toMatchObject({ ok: true });
    const id = String(sent.rows[0]!.id);
    const seen = async (who: string) =>
      (
        await asActor(
          c,
          user(who),
          `select name from storage.objects where bucket_id = 'message-photos' and name = $1`,
          [`${folder}/rug.webp`],
        )
      ).rowCount;
    const row = async () =>
      (await c.query(`select content, photos from public.messages where id = $1`, [id])).rows[0] as {
        content: string;
        photos: string[];
      };
    expect(await seen(customer)).toBe(1);

    await c.query(`select private.hide_content('project_message', $1)`, [id]);
    expect(await row()).toEqual({ content: 'Removed by Good Space', photos: [] });
    expect(await seen(customer)).toBe(0);
    expect(await seen(designer)).toBe(0);
    expect(await seen(operator)).toBe(1);

    await c.query(`select private.restore_content('project_message', $1)`, [id]);
    expect(await row()).toEqual({ content: 'This rug?', photos: [`${folder}/rug.webp`] });
    expect(await seen(customer)).toBe(1);
  });
});

describe('read state', () => {
  const mark = (who: string, kind: string, id: string) =>
    asActor(c, user(who), `select user_id, kind, last_read_at from public.mark_conversation_read($1, $2)`, [kind, id]);
  const unread = async (who: string) =>
    (
      await asActor(
        c,
        user(who),
        `select kind, conversation_id, unread from public.unread_counts() order by kind, conversation_id`,
      )
    ).rows;

  it('marks how far a person has read, never backwards; the other person reads it (Seen), nobody else', async () => {
    expect(await mark(stranger, 'project', projectId)).toMatchObject({
      ok: false,
      code: 'P0002',
      message: 'Conversation not found',
    });
    expect(await mark(buyer, 'project', projectId)).toMatchObject({ ok: false, code: 'P0002' });
    expect(await mark(customer, 'piece', projectId)).toMatchObject({ ok: false, code: 'P0002' });
    expect(await mark(customer, 'order', projectId)).toMatchObject({ ok: false, code: '23514' });

    const first = await mark(designer, 'project', projectId);
    expect(first).toMatchObject({ ok: true, rows: [{ user_id: designer, kind: 'project' }] });
    const at = first.rows[0]!.last_read_at as Date;
    // A row already later than now stays where it is.
    await c.query(
      `update public.conversation_reads set last_read_at = now() + interval '1 hour' where user_id = $1 and kind = 'project' and conversation_id = $2`,
      [designer, projectId],
    );
    const again = await mark(designer, 'project', projectId);
    expect((again.rows[0]!.last_read_at as Date).getTime()).toBeGreaterThan(at.getTime() + 3_000_000);
    await c.query(
      `update public.conversation_reads set last_read_at = $3 where user_id = $1 and kind = 'project' and conversation_id = $2`,
      [designer, projectId, at],
    );

    const seen = async (who: string) =>
      (
        await asActor(
          c,
          user(who),
          `select user_id from public.conversation_reads where kind = 'project' and conversation_id = $1`,
          [projectId],
        )
      ).rows;
    expect(await seen(customer)).toEqual([{ user_id: designer }]);
    expect(await seen(designer)).toEqual([{ user_id: designer }]);
    expect(await seen(stranger)).toEqual([]);
    expect(await seen(buyer)).toEqual([]);
    // Written only through mark_conversation_read.
    expect(
      await asActor(
        c,
        user(designer),
        `insert into public.conversation_reads (user_id, kind, conversation_id) values ($1, 'project', $2)`,
        [designer, projectId],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(
      await asActor(c, user(designer), `update public.conversation_reads set last_read_at = now() - interval '1 day'`),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it("counts the other person's messages after one's last read, per conversation; reading clears it", async () => {
    const otherProject = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
         values ($1, $2, 'Quiet study', 'A calm room to work in', 'Austin, TX', 70, 600, 'soft', 'active') returning id`,
        [customer, designer],
      )
    ).rows[0]!.id;
    await mark(customer, 'project', projectId);
    await mark(customer, 'project', otherProject);
    await mark(designer, 'piece', conversationId);
    await mark(buyer, 'piece', conversationId);
    expect(await unread(customer)).toEqual([]);

    expect(await sendProject(designer, 'One', [])).toMatchObject({ ok: true });
    expect(await sendProject(designer, 'Two', [])).toMatchObject({ ok: true });
    expect(await sendProject(customer, 'My own does not count', [])).toMatchObject({ ok: true });
    expect(await sendPiece(designer, 'Still available', [])).toMatchObject({ ok: true });
    expect(await unread(customer)).toEqual([{ kind: 'project', conversation_id: projectId, unread: 2 }]);
    expect(await unread(buyer)).toEqual([{ kind: 'piece', conversation_id: conversationId, unread: 1 }]);
    expect(await unread(designer)).toEqual([{ kind: 'project', conversation_id: projectId, unread: 1 }]);
    expect(await unread(stranger)).toEqual([]);

    await mark(customer, 'project', projectId);
    expect(await unread(customer)).toEqual([]);
  });
});

describe('who may join a conversation’s private channel (realtime.messages policies)', () => {
  /**
   * Hosted's Realtime.Tenants.Authorization, as the joining user: a probe row is written by Realtime itself (the
   * table's owner), then selected as the user with realtime.topic() = the channel's topic (may receive); an insert
   * as the user (may send and track presence). Always rolled back.
   */
  async function allowed(who: string, topic: string, extension: string): Promise<{ read: boolean; write: boolean }> {
    await c.query('begin');
    try {
      const probe = (await c.query<{ id: string }>(
        `set local role supabase_realtime_admin;
           insert into realtime.messages (topic, extension) values ('${topic}', '${extension}') returning id`,
      )) as unknown as pg.QueryResult<{ id: string }>[];
      const id = probe[1]!.rows[0]!.id;
      await c.query('reset role');
      await c.query(
        `select set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true),
                set_config('realtime.topic', $2, true)`,
        [JSON.stringify({ sub: who, role: 'authenticated', aud: 'authenticated' }), topic],
      );
      const read = (await c.query(`select 1 from realtime.messages where id = $1`, [id])).rowCount === 1;
      await c.query('savepoint send');
      let write = true;
      try {
        await c.query(`insert into realtime.messages (topic, extension) values ($1, $2)`, [topic, extension]);
      } catch (err) {
        expect((err as { code?: string }).code).toBe('42501');
        write = false;
        await c.query('rollback to savepoint send');
      }
      return { read, write };
    } finally {
      await c.query('rollback');
    }
  }
  const both = { read: true, write: true };
  const none = { read: false, write: false };

  it("a project's customer and designer, for broadcast and presence; nobody else", async () => {
    const topic = `project:${projectId}`;
    for (const ext of ['broadcast', 'presence']) {
      expect(await allowed(customer, topic, ext), `customer ${ext}`).toEqual(both);
      expect(await allowed(designer, topic, ext), `designer ${ext}`).toEqual(both);
      expect(await allowed(stranger, topic, ext), `stranger ${ext}`).toEqual(none);
      expect(await allowed(buyer, topic, ext), `buyer ${ext}`).toEqual(none);
      expect(await allowed(operator, topic, ext), `operator ${ext}`).toEqual(none);
    }
    // Only broadcast and presence; a malformed or unknown topic is nobody's.
    expect(await allowed(customer, topic, 'postgres_changes')).toEqual(none);
    expect(await allowed(customer, `project:${projectId.slice(0, 8)}`, 'broadcast')).toEqual(none);
    expect(await allowed(customer, `projects:${projectId}`, 'broadcast')).toEqual(none);
    expect(await allowed(customer, `project:${conversationId}`, 'broadcast')).toEqual(none);
  });

  it("a piece conversation's buyer and seller; nobody else", async () => {
    const topic = `piece-chat:${conversationId}`;
    for (const ext of ['broadcast', 'presence']) {
      expect(await allowed(buyer, topic, ext), `buyer ${ext}`).toEqual(both);
      expect(await allowed(designer, topic, ext), `seller ${ext}`).toEqual(both);
      expect(await allowed(customer, topic, ext), `customer ${ext}`).toEqual(none);
      expect(await allowed(stranger, topic, ext), `stranger ${ext}`).toEqual(none);
    }
    expect(await allowed(buyer, `piece-chat:${projectId}`, 'broadcast')).toEqual(none);
  });

  it('a suspended person is refused; a block keeps what the two already share', async () => {
    await c.query(`update public.profiles set suspended_at = now() where id = $1`, [buyer]);
    try {
      expect(await allowed(buyer, `piece-chat:${conversationId}`, 'broadcast')).toEqual(none);
      expect(await allowed(buyer, `piece-chat:${conversationId}`, 'presence')).toEqual(none);
      // The other person is not refused for it.
      expect(await allowed(designer, `piece-chat:${conversationId}`, 'broadcast')).toEqual(both);
    } finally {
      await c.query(`update public.profiles set suspended_at = null where id = $1`, [buyer]);
    }
    await c.query(`insert into public.blocks (blocker_id, blocked_id) values ($1, $2)`, [designer, buyer]);
    try {
      expect(await allowed(buyer, `piece-chat:${conversationId}`, 'broadcast')).toEqual(both);
      expect(await allowed(designer, `piece-chat:${conversationId}`, 'presence')).toEqual(both);
    } finally {
      await c.query(`delete from public.blocks where blocker_id = $1 and blocked_id = $2`, [designer, buyer]);
    }
  });

  it('a two-factor account signed in with a password only (aal1) is refused', async () => {
    await c.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values (gen_random_uuid(), $1, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXP')`,
      [customer],
    );
    try {
      expect(await allowed(customer, `project:${projectId}`, 'broadcast')).toEqual(none);
    } finally {
      await c.query(`delete from auth.mfa_factors where user_id = $1`, [customer]);
    }
  });
});
