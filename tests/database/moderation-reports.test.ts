import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientAs, serviceClient } from '@good-space/local-supabase/testing';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';

/**
 * Reports and who can touch the moderation machinery (docs/trust-and-safety.md): a report names something the
 * reporter can see and that is not theirs, once while open, at most 20 an hour; the database fills in who is
 * responsible and keeps the status. No client makes itself an operator, reads another's reports or changes the
 * audit log; not even the service role changes the log.
 */
let c: pg.Client;
let seller: string;
let buyer: string;
let stranger: string;
let designer: string;
let customer: string;
let operator: string;
let listed: string;
let delisted: string;
let project: string;
let message: string;
let conversation: string;
let pieceMessage: string;
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Sal Seller' });
  buyer = await createUser(c, { role: 'customer', fullName: 'Bo Buyer' });
  stranger = await createUser(c, { role: 'customer', fullName: 'Stu Stranger' });
  designer = await createUser(c, { role: 'designer', fullName: 'Dee Designer' });
  customer = await createUser(c, { role: 'customer', fullName: 'Cy Customer' });
  operator = await createUser(c, { role: 'customer', fullName: 'Olga Operator' });
  people.push(seller, buyer, stranger, designer, customer, operator);
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
  const piece = async (status: string) =>
    (
      await c.query<{ id: string }>(
        `insert into public.catalog_items (designer_id, title, description, category, price, condition, status)
         values ($1, 'Rattan chair', 'Woven seat', 'chair', 40, 'good', $2) returning id`,
        [seller, status],
      )
    ).rows[0]!.id;
  listed = await piece('available');
  delisted = await piece('delisted');
  project = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'Sunny den', 'A den with plants and light', 'Austin', 100, 900, 'active') returning id`,
      [customer, designer],
    )
  ).rows[0]!.id;
  message = (
    await c.query<{ id: string }>(
      `insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Send me your bank login') returning id`,
      [project, designer],
    )
  ).rows[0]!.id;
  conversation = (
    await c.query<{ id: string }>(
      `insert into public.listing_conversations (catalog_item_id, buyer_id, seller_id) values ($1, $2, $3) returning id`,
      [listed, buyer, seller],
    )
  ).rows[0]!.id;
  pieceMessage = (
    await c.query<{ id: string }>(
      `insert into public.listing_messages (conversation_id, sender_id, body) values ($1, $2, 'Pay me outside the app') returning id`,
      [conversation, seller],
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

const report = (who: string, kind: string, id: string, reason = 'scam', details: string | null = null) =>
  asActor(
    c,
    user(who),
    `insert into public.reports (subject_kind, subject_id, reason, details) values ($1, $2, $3, $4)
     returning id, reporter_id, subject_user_id, status, details`,
    [kind, id, reason, details],
  );

describe('a report', () => {
  it('names what the reporter can see; the database fills in who is responsible and keeps it open', async () => {
    const r = await report(stranger, 'piece', listed, 'scam', '  Asks for a deposit  ');
    expect(r).toMatchObject({ ok: true });
    expect(r.rows[0]).toMatchObject({
      reporter_id: stranger,
      subject_user_id: seller,
      status: 'open',
      details: 'Asks for a deposit',
    });
    expect(await report(customer, 'project_message', message, 'offensive')).toMatchObject({ ok: true });
    expect(await report(buyer, 'piece_message', pieceMessage, 'scam')).toMatchObject({ ok: true });
    expect(await report(stranger, 'person', designer, 'spam')).toMatchObject({ ok: true });
    const rows = await c.query(
      `select subject_kind, subject_user_id from public.reports where reporter_id = any($1) order by subject_kind`,
      [[stranger, customer, buyer]],
    );
    expect(rows.rows).toEqual([
      { subject_kind: 'person', subject_user_id: designer },
      { subject_kind: 'piece', subject_user_id: seller },
      { subject_kind: 'project_message', subject_user_id: designer },
      { subject_kind: 'piece_message', subject_user_id: seller },
    ]);
  });

  it('is refused a second time while the first is open: "You already reported this."', async () => {
    const first = await report(buyer, 'piece', listed, 'not_as_described');
    expect(first).toMatchObject({ ok: true });
    expect(await report(buyer, 'piece', listed, 'spam')).toMatchObject({
      ok: false,
      code: '23505',
      message: 'You already reported this.',
    });
  });

  it("is refused for one's own things and oneself", async () => {
    const own: [string, string, string, string][] = [
      [seller, 'piece', listed, "You can't report your own listing"],
      [stranger, 'person', stranger, "You can't report yourself"],
      [designer, 'project_message', message, "You can't report your own message"],
      [seller, 'piece_message', pieceMessage, "You can't report your own message"],
      [customer, 'project', project, "You can't report your own project"],
    ];
    for (const [who, kind, id, sentence] of own) {
      expect({ kind, ...(await report(who, kind, id)) }).toMatchObject({
        kind,
        ok: false,
        code: '42501',
        message: sentence,
      });
    }
  });

  it('is refused for what the reporter cannot see, or what does not exist', async () => {
    const unseen: [string, string, string][] = [
      [stranger, 'piece', delisted], // a delisted piece of someone else, no conversation about it
      [stranger, 'project_message', message], // not in the project
      [stranger, 'piece_message', pieceMessage], // not in the conversation
      [stranger, 'project', project], // an active project of others
      [stranger, 'person', '00000000-0000-4000-8000-00000000dead'],
      [stranger, 'review', '00000000-0000-4000-8000-00000000dead'],
    ];
    for (const [who, kind, id] of unseen) {
      expect({ kind, ...(await report(who, kind, id)) }).toMatchObject({ kind, ok: false, code: 'P0002' });
    }
  });

  it('cannot set its status, who is responsible or how it was resolved, nor change or delete it', async () => {
    for (const column of ['status', 'subject_user_id', 'resolved_at', 'resolved_by']) {
      const value = column === 'status' ? "'actioned'" : column === 'resolved_at' ? 'now()' : `'${stranger}'`;
      const r = await inRolledBackTx(
        c,
        user(customer),
        `insert into public.reports (subject_kind, subject_id, reason, ${column}) values ('person', '${seller}', 'spam', ${value})`,
      );
      expect({ column, ...r }).toMatchObject({ column, ok: false, code: '42501' });
    }
    const mine = await report(customer, 'person', seller, 'spam');
    const id = mine.rows[0]!.id as string;
    expect(
      await inRolledBackTx(c, user(customer), `update public.reports set status = 'dismissed' where id = $1`, [id]),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(await inRolledBackTx(c, user(customer), `delete from public.reports where id = $1`, [id])).toMatchObject({
      ok: false,
      code: '42501',
    });
    // Through the API, the columns are refused the same way.
    const api = await (
      await clientAs(customer)
    )
      .from('reports')
      .insert({ subject_kind: 'person', subject_id: buyer, reason: 'spam', status: 'actioned' });
    expect(api.error?.code).toBe('42501');
  });

  it('is read by its reporter and operators only, never by another person or the one reported', async () => {
    const seen = async (who: string) =>
      (await asActor(c, user(who), `select reporter_id from public.reports where subject_id = $1`, [listed])).rows.map(
        (r) => r.reporter_id,
      );
    expect(await seen(seller)).toEqual([]);
    expect(await seen(customer)).toEqual([]);
    expect((await seen(stranger)).every((id) => id === stranger)).toBe(true);
    expect(new Set(await seen(operator))).toEqual(new Set([stranger, buyer]));
  });

  it('is limited to 20 an hour per person (429 with the sentence the app shows)', async () => {
    const reporter = await createUser(c, { role: 'customer', fullName: 'Rita Reporter' });
    people.push(reporter);
    const targets: string[] = [];
    for (let i = 0; i < 21; i++) targets.push(await createUser(c, { role: 'designer', fullName: `Target ${i}` }));
    people.push(...targets);
    for (let i = 0; i < 20; i++) expect(await report(reporter, 'person', targets[i]!)).toMatchObject({ ok: true });
    const refused = await report(reporter, 'person', targets[20]!);
    expect(refused).toMatchObject({ ok: false, code: 'PT429' });
    expect(refused.message).toMatch(/^You're doing that too often\. Try again in \d+ minutes?\.$/);
  });
});

describe('operators', () => {
  it('cannot be made by a client: the list is unreachable and every operator function refuses them', async () => {
    for (const sql of [
      `select * from private.operators`,
      `insert into private.operators (user_id) values ('${stranger}')`,
    ]) {
      expect(await inRolledBackTx(c, user(stranger), sql)).toMatchObject({ ok: false, code: '42501' });
    }
    expect((await asActor(c, user(stranger), `select public.is_operator() as yes`)).rows[0]).toEqual({ yes: false });
    expect((await asActor(c, user(operator), `select public.is_operator() as yes`)).rows[0]).toEqual({ yes: true });
    const api = await clientAs(stranger);
    const privateSchema = await api.schema('private').from('operators').insert({ user_id: stranger });
    expect(privateSchema.error).not.toBeNull();
    const calls: [string, Record<string, unknown>][] = [
      ['moderation_queue', {}],
      ['moderation_subject', { p_kind: 'piece', p_id: listed }],
      ['moderate', { p_kind: 'piece', p_id: listed, p_action: 'hide', p_reason: 'Mine now' }],
      ['suspend_account', { p_user: seller, p_reason: 'Rival' }],
      ['reinstate_account', { p_user: seller, p_reason: 'Rival' }],
    ];
    for (const [fn, args] of calls) {
      const { error } = await api.rpc(fn, args);
      expect({ fn, code: error?.code, message: error?.message }).toEqual({
        fn,
        code: '42501',
        message: 'Only Good Space operators can do this',
      });
    }
    const log = await inRolledBackTx(c, user(stranger), `select private.log_moderation('hide', 'piece', $1, $2, 'x')`, [
      listed,
      seller,
    ]);
    expect(log).toMatchObject({ ok: false, code: '42501' });
    const ending = await api.rpc('end_user_sessions', { p_user: seller });
    expect(ending.error).not.toBeNull();
    expect(
      (await c.query('select count(*)::int as n from private.operators where user_id = $1', [stranger])).rows[0],
    ).toEqual({ n: 0 });
    expect((await c.query(`select hidden_at from public.catalog_items where id = $1`, [listed])).rows[0]).toEqual({
      hidden_at: null,
    });
  });

  it('leave an audit log nobody changes, not even the service role', async () => {
    const logged = await asActor(
      c,
      user(operator),
      `select public.moderate('person', $1, 'warn', 'Spamming buyers') as id`,
      [designer],
    );
    expect(logged).toMatchObject({ ok: true });
    const id = logged.rows[0]!.id as string;
    for (const actor of [user(operator), { role: 'service_role' } as const]) {
      for (const sql of [
        `update public.moderation_actions set reason = 'nothing' where id = '${id}'`,
        `delete from public.moderation_actions where id = '${id}'`,
        `insert into public.moderation_actions (operator_id, operator_name, action, reason) values ('${operator}', 'x', 'warn', 'x')`,
      ]) {
        expect(await inRolledBackTx(c, actor, sql)).toMatchObject({ ok: false, code: '42501' });
      }
    }
    const service = serviceClient();
    const update = await service.from('moderation_actions').update({ reason: 'nothing' }).eq('id', id);
    const remove = await service.from('moderation_actions').delete().eq('id', id);
    expect([update.error?.code, remove.error?.code]).toEqual(['42501', '42501']);
    // The table owner is refused by the trigger too.
    await expect(c.query(`delete from public.moderation_actions where id = $1`, [id])).rejects.toThrow(
      'The audit log cannot be changed',
    );
    expect((await c.query(`select reason from public.moderation_actions where id = $1`, [id])).rows).toEqual([
      { reason: 'Spamming buyers' },
    ]);
  });
});
