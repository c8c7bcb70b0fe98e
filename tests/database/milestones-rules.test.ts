import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, inRolledBackTx, user } from './support/pg.ts';
import { milestoneSteps } from './support/milestones.ts';

/**
 * Funded milestones, the parties' side (docs/milestones.md): the bid's split, the milestones made at acceptance, what
 * the customer and the designer may do and what each is refused (wrong party, wrong state, bad input; outsiders see
 * nothing), the photos' storage rules, the earnings, and the guards on completing or deleting while money is held.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let outsider: string;
let otherDesigner: string;
let people: string[] = [];
let s: ReturnType<typeof milestoneSteps>;

beforeAll(async () => {
  c = await connect();
  s = milestoneSteps(c);
  customer = await createUser(c, { role: 'customer', fullName: 'Jordan Client', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Ada Designer', subscribe: 'designer' });
  outsider = await createUser(c, { role: 'customer', fullName: 'Otto Outside', subscribe: 'client' });
  otherDesigner = await createUser(c, { role: 'designer', fullName: 'Dora Other', subscribe: 'designer' });
  people = [customer, designer, outsider, otherDesigner];
});
afterAll(async () => {
  await s.forget(people);
  await deleteUsers(c, people);
  await c.end();
});

async function pendingProject(): Promise<string> {
  return (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, 'Reading nook', 'A quiet corner to read', 'Austin', 120, 3000, 'soft', 'pending') returning id`,
      [customer],
    )
  ).rows[0]!.id;
}

/** A designer's bid through the API's grants, as the Submit bid dialog sends it. */
const bid = (project: string, amount: number, milestones: unknown) =>
  inRolledBackTx(
    c,
    user(designer),
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, milestones)
     values ($1, $2, $3, 'A calm reading corner', $4::jsonb) returning milestones`,
    [project, designer, amount, milestones === null ? null : JSON.stringify(milestones)],
  );

describe('the bid split', () => {
  it('takes 1 to 4 titled amounts that add up to the bid, stored trimmed', async () => {
    const p = await pendingProject();
    const ok = await bid(p, 1200, [
      { title: '  Design board ', amount: 300 },
      { title: 'Sourcing and styling', amount: 900 },
    ]);
    expect(ok).toMatchObject({ ok: true });
    expect(ok.rows[0]!.milestones).toEqual([
      { title: 'Design board', amount: 300 },
      { title: 'Sourcing and styling', amount: 900 },
    ]);
    expect(await bid(p, 1200, null)).toMatchObject({ ok: true, rows: [{ milestones: null }] });
    expect(await bid(p, 100.5, [{ title: 'All', amount: 100.5 }])).toMatchObject({ ok: true });
  });

  it('refuses a split that is too long, untitled, badly priced or off the sum, in the product’s words', async () => {
    const p = await pendingProject();
    const five = Array.from({ length: 5 }, (_, i) => ({ title: `Part ${i + 1}`, amount: 100 }));
    const cases: [unknown, string][] = [
      [five, 'Split the bid into at most 4 milestones'],
      [[], 'Split the bid into at most 4 milestones'],
      [{ title: 'Not a list', amount: 500 }, 'Split the bid into at most 4 milestones'],
      [[{ title: '   ', amount: 500 }], 'Give each milestone a title of up to 80 characters'],
      [[{ title: 'x'.repeat(81), amount: 500 }], 'Give each milestone a title of up to 80 characters'],
      [[{ amount: 500 }], 'Give each milestone a title of up to 80 characters'],
      [[{ title: 'All', amount: 500, note: 'extra' }], 'Give each milestone a title of up to 80 characters'],
      [[{ title: 'All', amount: 0 }], 'Each milestone needs an amount above $0 with at most 2 decimals'],
      [[{ title: 'All', amount: -5 }], 'Each milestone needs an amount above $0 with at most 2 decimals'],
      [[{ title: 'All', amount: 499.999 }], 'Each milestone needs an amount above $0 with at most 2 decimals'],
      [[{ title: 'All', amount: '500' }], 'Each milestone needs an amount above $0 with at most 2 decimals'],
      [
        [
          { title: 'Board', amount: 300 },
          { title: 'Rest', amount: 800 },
        ],
        'The milestones must add up to the bid ($1,200.00)',
      ],
    ];
    for (const [split, message] of cases) {
      const r = await bid(p, 1200, split);
      expect(r, JSON.stringify(split)).toMatchObject({ ok: false, code: '23514', message });
    }
  });
});

describe('accepting a bid', () => {
  it('makes the project’s milestones from the split, in order, with both parties', async () => {
    const {
      project,
      bid: b,
      milestones,
    } = await s.acceptedProject(customer, designer, 1200, [
      { title: 'Design board', amount: 300 },
      { title: 'Sourcing and styling', amount: 900 },
    ]);
    expect(milestones.map((m) => [m.position, m.title, Number(m.amount), m.status, m.bid_id])).toEqual([
      [1, 'Design board', 300, 'not_funded', b],
      [2, 'Sourcing and styling', 900, 'not_funded', b],
    ]);
    for (const m of milestones)
      expect([m.customer_id, m.designer_id, m.project_id]).toEqual([customer, designer, project]);
  });

  it('makes one "Design work" milestone of the whole bid when it was not split', async () => {
    const { milestones } = await s.acceptedProject(customer, designer, 850.25);
    expect(milestones.map((m) => [m.position, m.title, Number(m.amount)])).toEqual([[1, 'Design work', 850.25]]);
  });

  it('gives projects already active (the seed, imported bids) their one milestone', async () => {
    const seeded = await c.query(
      `select count(*)::int as projects,
              count(*) filter (where exists (select 1 from public.project_milestones m
                                              where m.project_id = p.id and m.title = 'Design work'
                                                and m.amount = b.bid_amount and m.designer_id = b.designer_id))::int as with_milestone
         from public.projects p join public.project_bids b on b.project_id = p.id and b.status = 'accepted'
        where p.status = 'active' and p.id::text like 'b0000000-%'`,
    );
    expect(seeded.rows[0]!.projects).toBeGreaterThan(0);
    expect(seeded.rows[0]!.with_milestone).toBe(seeded.rows[0]!.projects);
  });
});

describe('what the parties do', () => {
  it('submit: the designer sends a funded milestone with a note and photos; the customer is told', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 500);
    const m = milestones[0]!;
    // Not funded yet.
    expect(await s.as(designer, `select public.submit_milestone($1, 'Done')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This milestone is not funded yet, so it cannot be submitted',
    });
    await s.fund(customer, m);
    const photo = await s.photo(project, designer);
    // The wrong party, an outsider, bad input.
    expect(await s.as(customer, `select public.submit_milestone($1, 'Done')`, [m.id])).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Only the designer can submit a milestone',
    });
    expect(await s.as(otherDesigner, `select public.submit_milestone($1, 'Done')`, [m.id])).toMatchObject({
      ok: false,
      code: 'P0002',
      message: 'Milestone not found',
    });
    expect(await s.as(designer, `select public.submit_milestone($1, '   ')`, [m.id])).toMatchObject({
      ok: false,
      code: '23514',
    });
    expect(await s.as(designer, `select public.submit_milestone($1, $2)`, [m.id, 'x'.repeat(2001)])).toMatchObject({
      ok: false,
      code: '23514',
    });
    const tooMany = Array.from({ length: 7 }, () => photo);
    expect(await s.as(designer, `select public.submit_milestone($1, 'Done', $2)`, [m.id, tooMany])).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Add at most 6 photos',
    });
    for (const bad of [`${project}/missing.webp`, `${outsider}/after.webp`]) {
      expect(await s.as(designer, `select public.submit_milestone($1, 'Done', $2)`, [m.id, [bad]])).toMatchObject({
        ok: false,
        code: '23514',
        message: 'A photo was not found: upload it again',
      });
    }

    const done = await s.as(designer, `select * from public.submit_milestone($1, ' The board is ready ', $2)`, [
      m.id,
      [photo],
    ]);
    expect(done).toMatchObject({ ok: true });
    const row = done.rows[0]!;
    expect(row).toMatchObject({
      status: 'submitted',
      submission_note: 'The board is ready',
      submission_photos: [photo],
    });
    const days =
      (new Date(row.auto_release_at as string).getTime() - new Date(row.submitted_at as string).getTime()) / 864e5;
    expect(days).toBe(14);
    expect(await s.notifications(project, 'milestone_submitted')).toEqual([
      {
        user_id: customer,
        kind: 'milestone_submitted',
        title: 'Ada Designer submitted "Design work" on "Sunny living room"',
        body: 'The board is ready',
        actor_id: designer,
        link: `/project/${project}#milestones`,
      },
    ]);
    // Submitted already.
    expect(await s.as(designer, `select public.submit_milestone($1, 'Again')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
    });
  });

  it('request changes: the customer sends a submitted milestone back with a note; the automatic release stops', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 500);
    const m = milestones[0]!;
    await s.fund(customer, m);
    expect(await s.as(customer, `select public.request_milestone_changes($1, 'More plants')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This milestone has not been submitted yet, so it cannot be sent back for changes',
    });
    expect(await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [m.id])).toMatchObject({ ok: true });
    expect(await s.as(designer, `select public.request_milestone_changes($1, 'More plants')`, [m.id])).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(await s.as(outsider, `select public.request_milestone_changes($1, 'More plants')`, [m.id])).toMatchObject({
      ok: false,
      code: 'P0002',
    });
    expect(await s.as(customer, `select public.request_milestone_changes($1, '')`, [m.id])).toMatchObject({
      ok: false,
      code: '23514',
    });
    const r = await s.as(customer, `select * from public.request_milestone_changes($1, 'More plants, please')`, [m.id]);
    expect(r).toMatchObject({
      ok: true,
      rows: [{ status: 'changes_requested', changes_note: 'More plants, please', auto_release_at: null }],
    });
    expect(await s.notifications(project, 'milestone_changes_requested')).toEqual([
      expect.objectContaining({
        user_id: designer,
        title: 'Jordan Client requested changes to "Design work"',
        body: 'More plants, please',
      }),
    ]);
    // Submitted again: the clock starts over.
    expect(await s.as(designer, `select (public.submit_milestone($1, 'With plants')).status`, [m.id])).toMatchObject({
      ok: true,
      rows: [{ status: 'submitted' }],
    });
  });

  it('ask to cancel: only a funded milestone never submitted, once; the designer agrees by refunding it all', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 600);
    const m = milestones[0]!;
    expect(await s.as(customer, `select public.request_milestone_cancel($1)`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
    });
    await s.fund(customer, m);
    expect(await s.as(designer, `select public.request_milestone_cancel($1)`, [m.id])).toMatchObject({
      ok: false,
      code: '42501',
    });
    // Agreeing before being asked is refused.
    expect(
      await s.svc(`select public.milestone_refund_open($1, $2, 600, 'cancel_agreed')`, [designer, m.id]),
    ).toMatchObject({ ok: false, code: '55000', message: 'The customer has not asked to cancel this milestone' });
    const asked = await s.as(customer, `select (public.request_milestone_cancel($1)).cancel_requested_at`, [m.id]);
    expect(asked.rows[0]!.cancel_requested_at).not.toBeNull();
    expect(await s.as(customer, `select public.request_milestone_cancel($1)`, [m.id])).toMatchObject({ ok: true });
    expect(await s.notifications(project, 'milestone_cancel_requested')).toEqual([
      expect.objectContaining({ user_id: designer, title: 'Jordan Client asked to cancel "Design work"' }),
    ]);
    expect(
      await s.svc(`select public.milestone_refund_open($1, $2, 100, 'cancel_agreed')`, [designer, m.id]),
    ).toMatchObject({ ok: false, code: '23514', message: 'Agreeing to cancel refunds the whole $600.00 held' });
    expect(
      await s.svc(`select public.milestone_refund_open($1, $2, 600, 'cancel_agreed')`, [designer, m.id]),
    ).toMatchObject({ ok: true });
    expect(await s.milestone(m.id)).toMatchObject({ status: 'refunded', refunded_amount: '600' });

    // A submitted milestone cannot be cancelled, only disputed.
    const other = (await s.acceptedProject(customer, designer, 300)).milestones[0]!;
    await s.fund(customer, other);
    await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [other.id]);
    await s.as(customer, `select public.request_milestone_changes($1, 'Not yet')`, [other.id]);
    await s.as(designer, `select public.submit_milestone($1, 'Now')`, [other.id]);
    await s.as(customer, `select public.request_milestone_changes($1, 'Still no')`, [other.id]);
    // Back to changes requested: never cancellable once submitted.
    expect(await s.as(customer, `select public.request_milestone_cancel($1)`, [other.id])).toMatchObject({
      ok: false,
      code: '55000',
    });
  });

  it('open a dispute: either party, with a reason; the other party is told; one open at a time', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 400);
    const m = milestones[0]!;
    expect(await s.as(designer, `select public.open_milestone_dispute($1, 'No answer')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
    });
    await s.fund(customer, m);
    expect(await s.as(outsider, `select public.open_milestone_dispute($1, 'Nosy')`, [m.id])).toMatchObject({
      ok: false,
      code: 'P0002',
    });
    expect(await s.as(designer, `select public.open_milestone_dispute($1, ' ')`, [m.id])).toMatchObject({
      ok: false,
      code: '23514',
    });
    const d = await s.as(designer, `select * from public.open_milestone_dispute($1, 'They stopped answering')`, [m.id]);
    expect(d).toMatchObject({
      ok: true,
      rows: [{ kind: 'dispute', status: 'open', opened_by: designer, reason: 'They stopped answering' }],
    });
    const due = (new Date(d.rows[0]!.statements_due_at as string).getTime() - Date.now()) / 864e5;
    expect(due).toBeGreaterThan(4.99);
    expect(due).toBeLessThanOrEqual(5);
    expect((await s.milestone(m.id)).status).toBe('disputed');
    expect(await s.notifications(project, 'milestone_disputed')).toEqual([
      expect.objectContaining({
        user_id: customer,
        title: 'Ada Designer opened a dispute on "Design work"',
        body: 'They stopped answering',
      }),
    ]);
    expect(await s.as(customer, `select public.open_milestone_dispute($1, 'Me too')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This milestone is disputed: Good Space decides it, so it cannot be disputed',
    });
  });

  it('outsiders see none of a project’s milestones, payments, disputes or statements', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 400);
    const m = milestones[0]!;
    await s.fund(customer, m);
    const d = await s.as(customer, `select (public.open_milestone_dispute($1, 'Nothing came')).id`, [m.id]);
    await s.as(customer, `select public.add_dispute_statement($1, 'Nothing came at all')`, [d.rows[0]!.id]);
    const count = (who: string) =>
      s.as(
        who,
        `select (select count(*) from public.project_milestones where project_id = $1)::int as m,
                (select count(*) from public.milestone_payments where project_id = $1)::int as p,
                (select count(*) from public.milestone_disputes where project_id = $1)::int as d,
                (select count(*) from public.milestone_dispute_statements where project_id = $1)::int as s`,
        [project],
      );
    expect((await count(customer)).rows[0]).toEqual({ m: 1, p: 1, d: 1, s: 1 });
    expect((await count(designer)).rows[0]).toEqual({ m: 1, p: 1, d: 1, s: 1 });
    for (const who of [outsider, otherDesigner]) expect((await count(who)).rows[0]).toEqual({ m: 0, p: 0, d: 0, s: 0 });
    // Nobody writes them through the API.
    expect(
      await s.as(customer, `update public.project_milestones set status = 'released' where id = $1`, [m.id]),
    ).toMatchObject({ ok: false, code: '42501' });
    // The money functions are the service role's.
    expect(await s.as(customer, `select public.milestone_release($1, $2)`, [customer, m.id])).toMatchObject({
      ok: false,
      code: '42501',
    });
  });
});

describe('the photos', () => {
  it('the project’s parties upload and read; outsiders do neither; nobody overwrites; the uploader deletes own', async () => {
    const { project } = await s.acceptedProject(customer, designer, 300);
    const upload = (who: string, name: string) =>
      asActor(
        c,
        user(who),
        `insert into storage.objects (bucket_id, name, owner_id) values ('milestone-photos', $1, $2) returning name`,
        [`${project}/${name}`, who],
      );
    expect(await upload(designer, 'a.webp')).toMatchObject({ ok: true });
    expect(await upload(customer, 'b.webp')).toMatchObject({ ok: true });
    expect(await upload(outsider, 'c.webp')).toMatchObject({ ok: false, code: '42501' });
    const read = (who: string) =>
      asActor(c, user(who), `select name from storage.objects where bucket_id = 'milestone-photos' and name like $1`, [
        `${project}/%`,
      ]);
    expect((await read(customer)).rows).toHaveLength(2);
    expect((await read(designer)).rows).toHaveLength(2);
    expect((await read(outsider)).rows).toHaveLength(0);
    expect(
      await asActor(
        c,
        user(designer),
        `update storage.objects set name = name || '.x' where bucket_id = 'milestone-photos' and name like $1 returning 1`,
        [`${project}/%`],
      ),
    ).toMatchObject({ ok: true, rowCount: 0 });
    const remove = (who: string, name: string) =>
      inRolledBackTx(
        c,
        user(who),
        `delete from storage.objects where bucket_id = 'milestone-photos' and name = $1 returning 1`,
        [`${project}/${name}`],
        `select set_config('storage.allow_delete_query', 'true', true)`,
      );
    expect(await remove(customer, 'a.webp')).toMatchObject({ ok: true, rowCount: 0 });
    expect(await remove(designer, 'a.webp')).toMatchObject({ ok: true, rowCount: 1 });
  });

  it('operators read every project’s photos', async () => {
    const { project } = await s.acceptedProject(customer, designer, 300);
    await s.photo(project, designer, 'proof.webp');
    const operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
    people.push(operator);
    await c.query('insert into private.operators (user_id) values ($1)', [operator]);
    expect(
      await asActor(
        c,
        user(operator),
        `select name from storage.objects where bucket_id = 'milestone-photos' and name = $1`,
        [`${project}/proof.webp`],
      ),
    ).toMatchObject({ ok: true, rowCount: 1 });
  });
});

describe('money held', () => {
  it('the designer’s earnings: released, on the way and held', async () => {
    const d = await createUser(c, { role: 'designer', fullName: 'Eve Earner', subscribe: 'designer' });
    people.push(d);
    const earnings = async (who = d) =>
      (await s.as(who, `select public.designer_earnings() as e`)).rows[0]!.e as Record<string, number>;
    expect(await earnings()).toEqual({ released: 0, on_the_way: 0, held: 0 });
    const { milestones } = await s.acceptedProject(customer, d, 1000, [
      { title: 'Board', amount: 300 },
      { title: 'Styling', amount: 450.5 },
      { title: 'Install', amount: 249.5 },
    ]);
    const [a, b, c3] = milestones as [(typeof milestones)[0], (typeof milestones)[0], (typeof milestones)[0]];
    await s.fund(customer, a);
    await s.fund(customer, b);
    await s.fund(customer, c3);
    expect(await earnings()).toEqual({ released: 0, on_the_way: 0, held: 1000 });
    const released = await s.svc(`select public.milestone_release($1, $2) as r`, [customer, a.id]);
    expect(await earnings()).toEqual({ released: 0, on_the_way: 300, held: 700 });
    const transfer = (released.rows[0]!.r as { transfer: { id: string } }).transfer;
    await s.svc(`select public.milestone_payment_succeeded($1, 'tr_sandbox_1')`, [transfer.id]);
    expect(await earnings()).toEqual({ released: 300, on_the_way: 0, held: 700 });
    await s.svc(`select public.milestone_refund_open($1, $2, 50.5, 'designer_refund')`, [d, b.id]);
    expect(await earnings()).toEqual({ released: 300, on_the_way: 0, held: 649.5 });
    // Someone else's earnings are their own.
    expect(await earnings(designer)).not.toEqual(await earnings());
  });

  it('Mark as Complete is refused while a milestone holds money, allowed once all are settled', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 500);
    const complete = () =>
      s.as(customer, `update public.projects set status = 'completed' where id = $1 returning status`, [project]);
    await s.fund(customer, milestones[0]!);
    expect(await complete()).toMatchObject({
      ok: false,
      code: '55000',
      message: 'Release or settle every funded milestone before marking the project complete.',
    });
    await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [milestones[0]!.id]);
    expect(await complete()).toMatchObject({ ok: false, code: '55000' });
    await s.svc(`select public.milestone_release($1, $2)`, [customer, milestones[0]!.id]);
    expect(await complete()).toMatchObject({ ok: true, rows: [{ status: 'completed' }] });
  });

  it('a project or an account holding money cannot be deleted', async () => {
    const cu = await createUser(c, { role: 'customer', fullName: 'Hal Holder', subscribe: 'client' });
    const de = await createUser(c, { role: 'designer', fullName: 'Dan Held', subscribe: 'designer' });
    people.push(cu, de);
    const { project, milestones } = await s.acceptedProject(cu, de, 500);
    await s.fund(cu, milestones[0]!);
    const del = (sql: string, p: unknown[]) => inRolledBackTx(c, { role: 'service_role' }, sql, p);
    expect(await del(`delete from public.projects where id = $1`, [project])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This project holds money in a funded milestone: release or settle it before deleting the project.',
    });
    for (const who of [cu, de]) {
      expect(await inRolledBackTx(c, user(who), `select public.delete_user()`)).toMatchObject({
        ok: false,
        code: '55000',
        message:
          'This account has money held in funded milestones: release or settle them before deleting the account.',
      });
    }
    await s.svc(`select public.milestone_refund_open($1, $2, 500, 'designer_refund')`, [de, milestones[0]!.id]);
    expect(await del(`delete from public.projects where id = $1`, [project])).toMatchObject({ ok: true, rowCount: 1 });
    expect(await inRolledBackTx(c, user(de), `select public.delete_user()`)).toMatchObject({ ok: true });
  });
});
