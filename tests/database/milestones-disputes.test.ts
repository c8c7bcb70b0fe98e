import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createUser, deleteUsers } from './support/pg.ts';
import { milestoneSteps, type Milestone, type Payment } from './support/milestones.ts';

/**
 * Milestone disputes (docs/milestones.md, Disputes): a party opens one, both add a statement with photos within 5
 * days (one each), an operator reads the queue and the whole picture and decides a split of what remains; the
 * ledger gets the refund and the transfer, both parties are told the split and the reason, and the audit log keeps
 * the decision. Chargebacks show in the same queue with the bank's outcome.
 */
let c: pg.Client;
let customer: string;
let designer: string;
let operator: string;
let outsider: string;
let people: string[] = [];
let s: ReturnType<typeof milestoneSteps>;

beforeAll(async () => {
  c = await connect();
  s = milestoneSteps(c);
  customer = await createUser(c, { role: 'customer', fullName: 'Jordan Client', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Ada Designer', subscribe: 'designer' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  outsider = await createUser(c, { role: 'customer', fullName: 'Otto Outside', subscribe: 'client' });
  people = [customer, designer, operator, outsider];
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
});
afterAll(async () => {
  await s.forget(people);
  await deleteUsers(c, people);
  await c.end();
});

/** A funded, submitted milestone with a dispute the customer opened; its ids. */
async function disputed(amount = 1000) {
  const { project, milestones } = await s.acceptedProject(customer, designer, amount);
  const m = milestones[0]!;
  await s.fund(customer, m);
  await s.as(designer, `select public.submit_milestone($1, 'The board')`, [m.id]);
  const d = await s.as(customer, `select (public.open_milestone_dispute($1, 'Half of it is missing')).id`, [m.id]);
  expect(d).toMatchObject({ ok: true });
  return { project, m, dispute: d.rows[0]!.id as string };
}

const decide = (
  who: string,
  dispute: string,
  refund: number | string | null,
  release: number | string | null,
  reason: string,
) => s.as(who, `select public.decide_milestone_dispute($1, $2, $3, $4) as r`, [dispute, refund, release, reason]);

describe('statements', () => {
  it('each party adds one, with photos of the project, before the deadline; outsiders cannot', async () => {
    const { project, dispute } = await disputed();
    const photo = await s.photo(project, customer, 'missing.webp');
    const add = (who: string, body: string, photos: string[] = []) =>
      s.as(who, `select * from public.add_dispute_statement($1, $2, $3)`, [dispute, body, photos]);
    expect(await add(outsider, 'I saw it')).toMatchObject({ ok: false, code: 'P0002', message: 'Dispute not found' });
    expect(await add(customer, '  ')).toMatchObject({ ok: false, code: '23514' });
    expect(await add(customer, 'Missing', [`${project}/nope.webp`])).toMatchObject({ ok: false, code: '23514' });
    expect(await add(customer, ' Only the board came ', [photo])).toMatchObject({
      ok: true,
      rows: [{ author_id: customer, body: 'Only the board came', photos: [photo] }],
    });
    expect(await add(customer, 'And another thing')).toMatchObject({
      ok: false,
      code: '23505',
      message: 'You already added your statement.',
    });
    await c.query(
      `update public.milestone_disputes set statements_due_at = now() - interval '1 minute' where id = $1`,
      [dispute],
    );
    expect(await add(designer, 'Late')).toMatchObject({ ok: false, code: '55000' });
    await c.query(`update public.milestone_disputes set statements_due_at = now() + interval '1 day' where id = $1`, [
      dispute,
    ]);
    expect(await add(designer, 'The rest is on its way')).toMatchObject({ ok: true });
  });
});

describe('the operator', () => {
  it('lists open disputes and chargebacks first, oldest first, page by page; others are refused', async () => {
    const first = await disputed(200);
    const second = await disputed(300);
    const charged = (await s.acceptedProject(customer, designer, 150)).milestones[0]!;
    await s.fund(customer, charged);
    const pi = (await s.milestone(charged.id)).payment_intent_id as string;
    await s.svc(`select public.milestone_chargeback_opened($1, $2, 'fraudulent')`, [pi, `du_q_${charged.id}`]);
    expect(await s.as(customer, `select * from public.milestone_dispute_queue()`)).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Only Good Space operators can do this',
    });
    const all = await s.as(operator, `select *, created_at::text as at from public.milestone_dispute_queue(100)`);
    const ours = all.rows.filter(
      (r) => [first.dispute, second.dispute].includes(r.id as string) || r.milestone_id === charged.id,
    );
    expect(ours.map((r) => [r.kind, r.status, Number(r.amount), Number(r.held)])).toEqual([
      ['dispute', 'open', 200, 200],
      ['dispute', 'open', 300, 300],
      ['chargeback', 'open', 150, 150],
    ]);
    expect(ours[0]).toMatchObject({
      milestone_title: 'Design work',
      project_title: 'Sunny living room',
      customer_id: customer,
      customer_name: 'Jordan Client',
      designer_id: designer,
      designer_name: 'Ada Designer',
      opened_by_name: 'Jordan Client',
      reason: 'Half of it is missing',
      statements: 0,
      outcome: null,
    });
    expect(ours[2]).toMatchObject({ opened_by_name: "The card's bank", reason: 'fraudulent' });
    // Open ones before closed ones, oldest first.
    const opens = all.rows.map((r) => r.status !== 'open');
    expect(opens).toEqual([...opens].sort());
    // Keyset: the page after the first row starts with the second.
    const a = all.rows[0]!;
    const next = await s.as(operator, `select id from public.milestone_dispute_queue(1, $1, $2)`, [a.at, a.id]);
    expect(next.rows[0]!.id).toBe(all.rows[1]!.id);
  });

  it('sees the whole dispute: milestone, parties, statements with roles, payments and what remains', async () => {
    const { project, m, dispute } = await disputed(1000);
    await s.as(customer, `select public.add_dispute_statement($1, 'Only the board came')`, [dispute]);
    await s.as(designer, `select public.add_dispute_statement($1, 'The rest ships Monday')`, [dispute]);
    expect(await s.as(designer, `select public.milestone_dispute_detail($1)`, [dispute])).toMatchObject({
      ok: false,
      code: '42501',
    });
    const detail = (await s.as(operator, `select public.milestone_dispute_detail($1) as r`, [dispute])).rows[0]!.r as {
      statements: { role: string; author_name: string; body: string }[];
      payments: Payment[];
      [k: string]: unknown;
    };
    expect(detail).toMatchObject({
      dispute: { id: dispute, status: 'open', kind: 'dispute' },
      milestone: { id: m.id, status: 'disputed' },
      project: { id: project, title: 'Sunny living room' },
      customer: { id: customer, name: 'Jordan Client' },
      designer: { id: designer, name: 'Ada Designer' },
      remaining: 1000,
    });
    expect(detail.statements.map((x) => [x.role, x.author_name, x.body])).toEqual([
      ['customer', 'Jordan Client', 'Only the board came'],
      ['designer', 'Ada Designer', 'The rest ships Monday'],
    ]);
    expect(detail.payments).toMatchObject([{ kind: 'charge', status: 'succeeded', amount: 1000 }]);
    expect(await s.as(operator, `select public.milestone_dispute_detail(gen_random_uuid())`)).toMatchObject({
      ok: false,
      code: 'P0002',
    });
  });

  it('decides 40/60: a refund and a transfer pending, the milestone released, both told, one log line', async () => {
    const { project, m, dispute } = await disputed(1000);
    // Refused: not an operator, a split off what remains, bad amounts, no reason.
    expect(await decide(customer, dispute, 400, 600, 'Fair')).toMatchObject({ ok: false, code: '42501' });
    // An operator who is a party to it (operators are ordinary accounts) decides nothing about their own money.
    await c.query('insert into private.operators (user_id) values ($1)', [customer]);
    try {
      expect(await decide(customer, dispute, 400, 600, 'Fair')).toMatchObject({
        ok: false,
        code: '42501',
        message: 'You cannot decide a dispute you are part of',
      });
    } finally {
      await c.query('delete from private.operators where user_id = $1', [customer]);
    }
    expect(await decide(operator, dispute, 400, 500, 'Fair')).toMatchObject({
      ok: false,
      code: '23514',
      message: 'The refund and the release must add up to the $1,000.00 that remains',
    });
    for (const [refund, release] of [
      [-100, 1100],
      [400.001, 599.999],
      [null, 1000],
    ] as const) {
      expect(await decide(operator, dispute, refund, release, 'Fair')).toMatchObject({ ok: false, code: '23514' });
    }
    expect(await decide(operator, dispute, 400, 600, '  ')).toMatchObject({ ok: false, code: '23514' });

    const reason = 'Half the boards were delivered; the sourcing list was not.';
    const decided = await decide(operator, dispute, 400, 600, reason);
    expect(decided).toMatchObject({ ok: true });
    const out = decided.rows[0]!.r as {
      dispute: Record<string, unknown>;
      refund: Payment;
      transfer: Payment;
    };
    expect(out.dispute).toMatchObject({
      status: 'decided',
      refund_amount: 400,
      release_amount: 600,
      decision_reason: reason,
      decided_by: operator,
    });
    const charge = (await s.payments(m.id)).find((p) => p.kind === 'charge')!;
    expect(out.refund).toMatchObject({
      kind: 'refund',
      amount: 400,
      status: 'pending',
      reason: 'dispute',
      source_payment_id: charge.id,
    });
    expect(out.transfer).toMatchObject({
      kind: 'transfer',
      amount: 600,
      status: 'pending',
      reason: 'dispute',
      source_payment_id: charge.id,
    });
    expect(await s.milestone(m.id)).toMatchObject<Partial<Milestone>>({
      status: 'released',
      refunded_amount: '400',
      released_amount: '600',
    });
    const said = `Good Space refunded $400 to Jordan Client and released $600 to Ada Designer: ${reason}`;
    expect(await s.notifications(project, 'milestone_dispute_decided')).toEqual(
      [customer, designer]
        .map((user_id) => ({
          user_id,
          kind: 'milestone_dispute_decided',
          title: 'Good Space decided the dispute on "Design work"',
          body: said,
          actor_id: operator,
          link: `/project/${project}#milestones`,
        }))
        .sort((a, b) => (a.user_id < b.user_id ? -1 : 1)),
    );
    expect((await s.notifications(project, 'milestone_released')).map((n) => n.user_id)).toEqual([designer]);
    expect((await s.notifications(project, 'milestone_refunded')).map((n) => n.user_id)).toEqual([customer]);
    const log = await c.query(
      `select action, operator_id, subject_kind, subject_id, target_user_id, reason from public.moderation_actions
        where action = 'decide_dispute' and subject_id = $1`,
      [project],
    );
    expect(log.rows).toEqual([
      {
        action: 'decide_dispute',
        operator_id: operator,
        subject_kind: 'project',
        subject_id: project,
        target_user_id: designer,
        reason,
      },
    ]);
    // Once.
    expect(await decide(operator, dispute, 0, 0, 'Again')).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This dispute is already decided',
    });
    // The designer's earnings see the transfer on its way.
    expect((await s.as(designer, `select public.designer_earnings() as e`)).rows[0]!.e).toMatchObject({
      on_the_way: expect.any(Number),
    });
  });

  it('all to the customer after a partial refund: refunded, what remained only', async () => {
    const { m, dispute } = await disputed(500);
    // The designer had refunded part before the dispute? Not once disputed: refunds wait for the decision.
    expect(
      await s.svc(`select public.milestone_refund_open($1, $2, 50, 'designer_refund')`, [designer, m.id]),
    ).toMatchObject({
      ok: false,
      code: '55000',
    });
    const out = (await decide(operator, dispute, 500, 0, 'Nothing was delivered')).rows[0]!.r as {
      refund: Payment;
      transfer: Payment | null;
    };
    expect(out.transfer).toBeNull();
    expect(out.refund).toMatchObject({ amount: 500 });
    expect(await s.milestone(m.id)).toMatchObject({ status: 'refunded', refunded_amount: '500', released_amount: '0' });

    const { m: m2 } = await (async () => {
      const { milestones } = await s.acceptedProject(customer, designer, 300);
      return { m: milestones[0]! };
    })();
    await s.fund(customer, m2);
    await s.svc(`select public.milestone_refund_open($1, $2, 100, 'designer_refund')`, [designer, m2.id]);
    const d2 = (await s.as(designer, `select (public.open_milestone_dispute($1, 'No answer')).id`, [m2.id])).rows[0]!
      .id;
    expect(await decide(operator, d2 as string, 100, 200, 'Split')).toMatchObject({ ok: false, code: '23514' });
    expect(await decide(operator, d2 as string, 80, 120, 'Split')).toMatchObject({ ok: true });
    expect(await s.milestone(m2.id)).toMatchObject({
      status: 'released',
      refunded_amount: '180',
      released_amount: '120',
    });
  });

  it('a chargeback is the bank’s to decide, not the operator’s', async () => {
    const m = (await s.acceptedProject(customer, designer, 150)).milestones[0]!;
    await s.fund(customer, m);
    const pi = (await s.milestone(m.id)).payment_intent_id as string;
    const opened = (
      await s.svc(`select public.milestone_chargeback_opened($1, $2, 'fraudulent') as r`, [pi, `du_c_${m.id}`])
    ).rows[0]!.r as { dispute: { id: string } };
    expect(await decide(operator, opened.dispute.id, 150, 0, 'Refund')).toMatchObject({ ok: false, code: '55000' });
    await s.svc(`select public.milestone_chargeback_closed($1, true)`, [`du_c_${m.id}`]);
    const row = (await s.as(operator, `select * from public.milestone_dispute_queue(100)`)).rows.find(
      (r) => r.id === opened.dispute.id,
    );
    expect(row).toMatchObject({ kind: 'chargeback', status: 'closed', outcome: 'won' });
  });
});
