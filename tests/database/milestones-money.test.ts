import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { waitFor } from '@good-space/local-supabase/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, createUser, deleteUsers, type Outcome } from './support/pg.ts';
import { milestoneSteps, type Milestone, type Payment } from './support/milestones.ts';

/**
 * Funded milestones, the money (docs/milestones.md): funding opened and marked funded once (an amount or currency
 * that differs changes nothing, a replay is a duplicate, a second payment is refunded), in order; releases and
 * refunds as pending ledger rows the edge functions carry out; races decided by the milestone's lock; the automatic
 * release and its reminders; chargebacks freezing a milestone; and the minute job's check for work. The edge
 * functions call the service-role functions (here through pg as the service role).
 */
let c: pg.Client;
const conns: pg.Client[] = [];
let customer: string;
let designer: string;
let people: string[] = [];
let s: ReturnType<typeof milestoneSteps>;

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 2; i++) conns.push(await connect());
  s = milestoneSteps(c);
  customer = await createUser(c, { role: 'customer', fullName: 'Jordan Client', subscribe: 'client' });
  designer = await createUser(c, { role: 'designer', fullName: 'Ada Designer', subscribe: 'designer' });
  people = [customer, designer];
});
afterAll(async () => {
  await s.forget(people);
  await deleteUsers(c, people);
  await Promise.all([c, ...conns].map((x) => x.end()));
});

const two = [
  { title: 'Design board', amount: 300 },
  { title: 'Sourcing and styling', amount: 900 },
];

describe('funding', () => {
  it('opens a pending charge at the row’s amount; refuses the wrong person, a funded one, out of order', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 1200, two);
    const [first, second] = milestones as [Milestone, Milestone];
    const opened = await s.svc(`select public.milestone_fund_open($1, $2, 'sandbox') as r`, [customer, first.id]);
    expect(opened.rows[0]!.r).toMatchObject({
      milestone_id: first.id,
      project_id: project,
      amount: 300,
      title: 'Design board',
      project_title: 'Sunny living room',
      designer_name: 'Ada Designer',
    });
    const paymentId = (opened.rows[0]!.r as { payment_id: string }).payment_id;
    expect(await s.payments(first.id)).toMatchObject([
      { id: paymentId, kind: 'charge', amount: '300', status: 'pending', reason: 'funding', provider: 'sandbox' },
    ]);
    const stranger = await createUser(c, { role: 'customer', fullName: 'Sam Stranger', subscribe: 'client' });
    people.push(stranger);
    const refusals: [string, string, string, string][] = [
      [designer, first.id, '42501', 'Only the customer can fund a milestone'],
      [stranger, first.id, 'P0002', 'Milestone not found'],
      [customer, second.id, '55000', 'Fund the milestones in order'],
    ];
    for (const [who, id, code, message] of refusals) {
      expect(await s.svc(`select public.milestone_fund_open($1, $2, 'sandbox')`, [who, id])).toMatchObject({
        ok: false,
        code,
        message,
      });
    }
    expect(await s.svc(`select public.milestone_fund_open($1, $2, 'paypal')`, [customer, first.id])).toMatchObject({
      ok: false,
      code: '22023',
    });

    // A second Fund replaces the first checkout.
    const again = await s.openFunding(customer, first.id);
    expect((await s.payments(first.id)).map((p) => [p.id, p.status])).toEqual([
      [paymentId, 'expired'],
      [again, 'pending'],
    ]);
    await s.svc(`select public.milestone_payment_set_checkout($1, 'cs_test_1', now() + interval '31 minutes')`, [
      again,
    ]);
    expect(await s.payments(first.id)).toMatchObject([{}, { checkout_session_id: 'cs_test_1' }]);

    expect((await s.markFunded(again, 30000)).outcome).toBe('funded');
    expect(await s.milestone(first.id)).toMatchObject({
      status: 'funded',
      provider: 'sandbox',
      payment_intent_id: `pi_sandbox_${again.replaceAll('-', '')}`,
    });
    expect(await s.notifications(project, 'milestone_funded')).toEqual([
      {
        user_id: designer,
        kind: 'milestone_funded',
        title: 'Jordan Client funded "Design board" ($300) on "Sunny living room"',
        body: 'Good Space holds the money until they release it. You can start.',
        actor_id: customer,
        link: `/project/${project}#milestones`,
      },
    ]);
    expect(await s.svc(`select public.milestone_fund_open($1, $2, 'sandbox')`, [customer, first.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This milestone is already funded',
    });
    // Now the second one can be funded.
    expect(await s.svc(`select public.milestone_fund_open($1, $2, 'sandbox')`, [customer, second.id])).toMatchObject({
      ok: true,
    });
    // The sandbox page's read.
    const read = await s.svc(`select public.milestone_for_payment($1) as r`, [again]);
    expect(read.rows[0]!.r).toMatchObject({
      payment: { id: again, status: 'succeeded' },
      milestone: { id: first.id, status: 'funded' },
      project_title: 'Sunny living room',
    });
  });

  it('a mismatched amount or currency changes nothing; a replay is a duplicate; a second payment is refunded', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 450.5);
    const m = milestones[0]!;
    const a = await s.openFunding(customer, m.id);
    expect(await s.markFunded(a, 45000)).toMatchObject({ outcome: 'mismatch', refund: null });
    expect(await s.markFunded(a, 45050, 'eur')).toMatchObject({ outcome: 'mismatch' });
    expect((await s.milestone(m.id)).status).toBe('not_funded');
    expect((await s.payments(m.id))[0]).toMatchObject({ status: 'pending' });

    // The customer opened a second checkout and paid both.
    const b = await s.openFunding(customer, m.id);
    expect((await s.markFunded(b, 45050)).outcome).toBe('funded');
    expect(await s.markFunded(b, 45050)).toMatchObject({ outcome: 'duplicate', refund: null });
    const late = await s.markFunded(a, 45050, 'USD');
    expect(late.outcome).toBe('refund');
    expect(late.refund).toMatchObject({
      kind: 'refund',
      amount: 450.5,
      status: 'pending',
      reason: 'double_payment',
      source_payment_id: a,
    });
    expect(await s.markFunded(a, 45050)).toMatchObject({ outcome: 'duplicate' });
    // The milestone counts one payment; the designer was told once.
    expect(await s.milestone(m.id)).toMatchObject({ status: 'funded', refunded_amount: '0' });
    expect(await s.notifications(project, 'milestone_funded')).toHaveLength(1);
    // The refund goes back through the second payment's own intent.
    const pending = (await s.svc(`select public.milestone_pending_settlements() as r`)).rows[0]!.r as {
      id: string;
      payment_intent_id: string;
    }[];
    expect(pending.find((p) => p.id === late.refund!.id)).toMatchObject({
      kind: 'refund',
      payment_intent_id: `pi_sandbox_${a.replaceAll('-', '')}`,
      charge_id: `ch_sandbox_${a.replaceAll('-', '')}`,
      destination: null,
    });
    // An abandoned checkout expires; a paid one stays paid.
    const abandoned = (await s.acceptedProject(customer, designer, 100)).milestones[0]!;
    const x = await s.openFunding(customer, abandoned.id);
    await s.svc(`select public.milestone_payment_expire($1)`, [x]);
    await s.svc(`select public.milestone_payment_expire($1)`, [b]);
    expect((await s.payments(abandoned.id))[0]!.status).toBe('expired');
    expect((await s.payments(m.id)).find((p) => p.id === b)!.status).toBe('succeeded');
  });
});

describe('release and refunds', () => {
  it('release: a pending transfer of what is held, the milestone released, the designer told; once', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 500);
    const m = milestones[0]!;
    expect(await s.svc(`select public.milestone_release($1, $2)`, [customer, m.id])).toMatchObject({
      ok: false,
      code: '55000',
    });
    await s.fund(customer, m);
    expect(await s.svc(`select public.milestone_release($1, $2)`, [designer, m.id])).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Only the customer can release a milestone',
    });
    // A partial refund first: the release is what remains.
    await s.svc(`select public.milestone_refund_open($1, $2, 120.25, 'designer_refund')`, [designer, m.id]);
    const r = await s.svc(`select public.milestone_release($1, $2) as r`, [customer, m.id]);
    const out = r.rows[0]!.r as { milestone: Milestone; transfer: Payment };
    expect(out.milestone).toMatchObject({ status: 'released', released_amount: 379.75, refunded_amount: 120.25 });
    expect(out.transfer).toMatchObject({ kind: 'transfer', amount: 379.75, status: 'pending', reason: 'release' });
    expect(out.transfer.source_payment_id).toBe((await s.payments(m.id)).find((p) => p.kind === 'charge')!.id);
    expect(await s.notifications(project, 'milestone_released')).toEqual([
      expect.objectContaining({
        user_id: designer,
        actor_id: customer,
        title: 'Jordan Client released $379.75 for "Design work"',
      }),
    ]);
    expect(await s.svc(`select public.milestone_release($1, $2)`, [customer, m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This milestone is already released, so it cannot be released',
    });
  });

  it('refunds: in part (the state stays, held shrinks) and in full (refunded); never more than held', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 800);
    const m = milestones[0]!;
    await s.fund(customer, m);
    await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [m.id]);
    const refund = (amount: number | string, who = designer, reason = 'designer_refund') =>
      s.svc(`select public.milestone_refund_open($1, $2, $3, $4) as r`, [who, m.id, amount, reason]);
    expect(await refund(100, customer)).toMatchObject({ ok: false, code: '42501' });
    for (const bad of [0, -1, 800.01, '10.005'])
      expect(await refund(bad)).toMatchObject({
        ok: false,
        code: '23514',
        message: 'Refund more than $0 and at most the $800.00 held, in dollars and cents',
      });
    expect(await refund(100, designer, 'gift')).toMatchObject({ ok: false, code: '22023' });

    const part = (await refund(200)).rows[0]!.r as { milestone: Milestone; refund: Payment };
    expect(part.milestone).toMatchObject({ status: 'submitted', refunded_amount: 200 });
    expect(part.refund).toMatchObject({ kind: 'refund', amount: 200, status: 'pending', reason: 'designer_refund' });
    expect(await refund(600.01)).toMatchObject({ ok: false, code: '23514' });
    const rest = (await refund(600)).rows[0]!.r as { milestone: Milestone };
    expect(rest.milestone).toMatchObject({ status: 'refunded', refunded_amount: 800, auto_release_at: null });
    expect((await s.notifications(project, 'milestone_refunded')).map((n) => [n.user_id, n.title])).toEqual([
      [customer, 'Ada Designer refunded $200 of "Design work"'],
      [customer, 'Ada Designer refunded "Design work" in full ($600)'],
    ]);
    expect(await refund(1)).toMatchObject({ ok: false, code: '55000' });
  });

  it('settlements: pending refunds and transfers listed with where they go; made once; noted ones wait', async () => {
    const { milestones } = await s.acceptedProject(customer, designer, 700);
    const m = milestones[0]!;
    await s.fund(customer, m);
    const released = (await s.svc(`select public.milestone_release($1, $2) as r`, [customer, m.id])).rows[0]!.r as {
      transfer: Payment;
    };
    const listed = async () =>
      ((await s.svc(`select public.milestone_pending_settlements(500) as r`)).rows[0]!.r as { id: string }[]).find(
        (p) => p.id === released.transfer.id,
      );
    // No Get paid account yet: listed without a destination.
    expect(await listed()).toMatchObject({ kind: 'transfer', amount: 700, destination: null, reason: 'release' });
    const account = `acct_sandbox_${designer.replaceAll('-', '')}`;
    await s.svc(`select public.seller_account_save($1, 'sandbox', $2)`, [designer, account]);
    await s.svc(`select public.seller_account_update($1, true, true, true, true, '{}', null)`, [account]);
    expect(await listed()).toMatchObject({ destination: account });
    // Could not be made: it waits with the note, then is due again.
    await s.svc(`select public.milestone_payment_note($1, 'provider_error')`, [released.transfer.id]);
    expect(await listed()).toBeUndefined();
    await c.query(`update public.milestone_payments set retry_after = now() - interval '1 second' where id = $1`, [
      released.transfer.id,
    ]);
    expect(await listed()).toBeDefined();
    const made = await s.svc(`select (public.milestone_payment_succeeded($1, 'tr_sandbox_1')).status`, [
      released.transfer.id,
    ]);
    expect(made.rows[0]!.status).toBe('succeeded');
    const again = await s.svc(`select * from public.milestone_payment_succeeded($1, 'tr_sandbox_2')`, [
      released.transfer.id,
    ]);
    expect(again.rows[0]).toMatchObject({ status: 'succeeded', provider_id: 'tr_sandbox_1', note: null });
    expect(await listed()).toBeUndefined();
  });
});

describe('races', () => {
  const raced = (a: Promise<Outcome>, b: Promise<Outcome>) => Promise.all([a, b]);

  it('release and dispute at once: exactly one wins, the money moves once', async () => {
    for (let round = 0; round < 3; round++) {
      const m = (await s.acceptedProject(customer, designer, 600)).milestones[0]!;
      await s.fund(customer, m);
      const [release, dispute] = await raced(
        s.svc(`select public.milestone_release($1, $2)`, [customer, m.id], conns[0]),
        s.as(designer, `select public.open_milestone_dispute($1, 'Unpaid')`, [m.id], conns[1]),
      );
      expect([release.ok, dispute.ok].filter(Boolean)).toHaveLength(1);
      for (const r of [release, dispute].filter((x) => !x.ok)) expect(r.code).toBe('55000');
      const after = await s.milestone(m.id);
      const transfers = (await s.payments(m.id)).filter((p) => p.kind === 'transfer');
      const disputes = (await c.query(`select 1 from public.milestone_disputes where milestone_id = $1`, [m.id]))
        .rowCount;
      if (release.ok) {
        expect([after.status, transfers.length, disputes]).toEqual(['released', 1, 0]);
      } else {
        expect([after.status, transfers.length, disputes]).toEqual(['disputed', 0, 1]);
      }
    }
  });

  it('two releases at once: one transfer', async () => {
    const m = (await s.acceptedProject(customer, designer, 250)).milestones[0]!;
    await s.fund(customer, m);
    const results = await raced(
      s.svc(`select public.milestone_release($1, $2)`, [customer, m.id], conns[0]),
      s.svc(`select public.milestone_release($1, $2)`, [customer, m.id], conns[1]),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: '55000' });
    expect((await s.payments(m.id)).filter((p) => p.kind === 'transfer')).toHaveLength(1);
    expect(await s.milestone(m.id)).toMatchObject({ status: 'released', released_amount: '250' });
  });

  it('two payments marked at once: one funds, the other is refunded', async () => {
    const m = (await s.acceptedProject(customer, designer, 320)).milestones[0]!;
    const a = await s.openFunding(customer, m.id);
    const b = await s.openFunding(customer, m.id);
    const outcomes = await Promise.all([
      s.markFunded(a, 32000, 'usd', conns[0]),
      s.markFunded(b, 32000, 'usd', conns[1]),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['funded', 'refund']);
    expect((await s.payments(m.id)).filter((p) => p.kind === 'refund')).toHaveLength(1);
  });
});

describe('the automatic release', () => {
  it('reminds 3 days and 1 day before, once each, then releases a submitted milestone nobody answered', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 400);
    const m = milestones[0]!;
    await s.fund(customer, m);
    await s.as(designer, `select public.submit_milestone($1, 'Ready for you')`, [m.id]);
    const at = (interval: string) =>
      c.query(`update public.project_milestones set auto_release_at = now() + $2::interval where id = $1`, [
        m.id,
        interval,
      ]);
    const run = async () => (await s.svc(`select public.milestones_auto_release() as n`)).rows[0]!.n as number;
    const reminders = async () => (await s.notifications(project, 'milestone_release_reminder')).map((n) => n.title);
    const work = async () => (await c.query(`select private.milestone_work_due() as due`)).rows[0]!.due as boolean;

    await at('5 days');
    await run();
    expect(await reminders()).toEqual([]);
    await at('2 days 12 hours');
    expect(await work()).toBe(true);
    expect(await run()).toBe(0);
    const day = (
      await c.query(
        `select to_char(auto_release_at at time zone 'UTC', 'Mon FMDD') as d from public.project_milestones where id = $1`,
        [m.id],
      )
    ).rows[0]!.d as string;
    expect(await reminders()).toEqual([`"Design work" will be released to Ada Designer on ${day} unless you answer`]);
    await run();
    expect(await reminders()).toHaveLength(1);
    await at('12 hours');
    await run();
    await run();
    expect(await reminders()).toHaveLength(2);
    expect((await s.notifications(project, 'milestone_release_reminder')).every((n) => n.user_id === customer)).toBe(
      true,
    );

    await at('-1 minute');
    expect(await run()).toBeGreaterThanOrEqual(1);
    expect(await s.milestone(m.id)).toMatchObject({
      status: 'released',
      released_amount: '400',
      auto_release_at: null,
    });
    expect((await s.payments(m.id)).filter((p) => p.kind === 'transfer')).toMatchObject([
      { amount: '400', reason: 'auto_release', status: 'pending' },
    ]);
    expect(await s.notifications(project, 'milestone_released')).toEqual([
      expect.objectContaining({
        user_id: designer,
        actor_id: null,
        title: '$400 for "Design work" was released to you',
      }),
    ]);
    await run();
    expect((await s.payments(m.id)).filter((p) => p.kind === 'transfer')).toHaveLength(1);
  });

  it('a milestone already within a day gets the 1-day reminder only; changes requested stop the clock', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 400);
    const m = milestones[0]!;
    await s.fund(customer, m);
    await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [m.id]);
    await c.query(`update public.project_milestones set auto_release_at = now() + interval '10 hours' where id = $1`, [
      m.id,
    ]);
    await s.svc(`select public.milestones_auto_release()`);
    expect(await s.notifications(project, 'milestone_release_reminder')).toHaveLength(1);
    await s.as(customer, `select public.request_milestone_changes($1, 'Not yet')`, [m.id]);
    await s.svc(`select public.milestones_auto_release()`);
    expect((await s.milestone(m.id)).status).toBe('changes_requested');
  });
});

describe('chargebacks', () => {
  it('freeze the milestone (nothing moves), show as a chargeback, tell the designer; lost counts as refunded', async () => {
    const { project, milestones } = await s.acceptedProject(customer, designer, 900);
    const m = milestones[0]!;
    await s.fund(customer, m);
    const pi = (await s.milestone(m.id)).payment_intent_id as string;
    expect(
      (await s.svc(`select public.milestone_chargeback_opened('pi_unknown', 'du_0', 'fraudulent') as r`)).rows[0]!.r,
    ).toEqual({
      outcome: 'unknown',
    });
    const opened = await s.svc(`select public.milestone_chargeback_opened($1, 'du_1', 'fraudulent') as r`, [pi]);
    expect(opened.rows[0]!.r).toMatchObject({ outcome: 'frozen', dispute: { kind: 'chargeback', status: 'open' } });
    expect(
      (await s.svc(`select public.milestone_chargeback_opened($1, 'du_1', 'fraudulent') as r`, [pi])).rows[0]!.r,
    ).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await s.milestone(m.id)).frozen_at).not.toBeNull();
    expect(await s.notifications(project, 'milestone_disputed')).toEqual([
      expect.objectContaining({
        user_id: designer,
        title: 'The card\'s bank is disputing the payment for "Design work"',
      }),
    ]);
    const frozen = "The card's bank is disputing this payment: nothing moves until it decides";
    expect(await s.svc(`select public.milestone_release($1, $2)`, [customer, m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: frozen,
    });
    expect(
      await s.svc(`select public.milestone_refund_open($1, $2, 10, 'designer_refund')`, [designer, m.id]),
    ).toMatchObject({
      ok: false,
      code: '55000',
    });
    expect(await s.as(designer, `select public.submit_milestone($1, 'Ready')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
      message: frozen,
    });
    expect(await s.as(customer, `select public.open_milestone_dispute($1, 'Also')`, [m.id])).toMatchObject({
      ok: false,
      code: '55000',
    });

    const closed = await s.svc(`select public.milestone_chargeback_closed('du_1', false) as r`);
    expect(closed.rows[0]!.r).toMatchObject({ outcome: 'closed', dispute: { status: 'closed', outcome: 'lost' } });
    expect(await s.milestone(m.id)).toMatchObject({ status: 'refunded', refunded_amount: '900', frozen_at: null });
    expect((await s.svc(`select public.milestone_chargeback_closed('du_1', false) as r`)).rows[0]!.r).toMatchObject({
      outcome: 'duplicate',
    });
    expect((await s.svc(`select public.milestone_chargeback_closed('du_none', true) as r`)).rows[0]!.r).toEqual({
      outcome: 'unknown',
    });
  });

  it('won: unfrozen, the money still held', async () => {
    const m = (await s.acceptedProject(customer, designer, 300)).milestones[0]!;
    await s.fund(customer, m);
    const pi = (await s.milestone(m.id)).payment_intent_id as string;
    await s.svc(`select public.milestone_chargeback_opened($1, 'du_2', 'fraudulent')`, [pi]);
    await s.svc(`select public.milestone_chargeback_closed('du_2', true)`);
    expect(await s.milestone(m.id)).toMatchObject({ status: 'funded', refunded_amount: '0', frozen_at: null });
    expect(await s.svc(`select public.milestone_release($1, $2)`, [customer, m.id])).toMatchObject({ ok: true });
  });
});

describe('the minute job', () => {
  it('posts to settle-milestones with the service key only when there is work', async () => {
    // Stands in for the functions' server: records what the job posts.
    const posted: { url: string; auth: string | undefined }[] = [];
    const server = http.createServer((req, res) => {
      posted.push({ url: `${req.method} ${req.url}`, auth: req.headers.authorization });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      // Whatever the other tests left due is settled here first, so "no work" is this database's state.
      await c.query(
        `update public.milestone_payments set status = 'failed', completed_at = now() where status = 'pending'`,
      );
      await c.query(`update public.project_milestones set auto_release_at = now() + interval '10 days',
                     reminded_3d_at = null, reminded_1d_at = null where status = 'submitted'`);
      await c.query(
        `insert into private.settings (name, value) values ('project_url', $1), ('service_role_key', 'test-key')
         on conflict (name) do update set value = excluded.value`,
        [`http://127.0.0.1:${port}`],
      );
      const request = async () =>
        (await c.query(`select private.request_milestone_settlement() as id`)).rows[0]!.id as string | null;
      expect(await request()).toBeNull();
      // A refund to make: the job posts.
      const m = (await s.acceptedProject(customer, designer, 100)).milestones[0]!;
      await s.fund(customer, m);
      await s.svc(`select public.milestone_refund_open($1, $2, 10, 'designer_refund')`, [designer, m.id]);
      expect(await request()).not.toBeNull();
      await waitFor(() => posted.length > 0, 'the settle-milestones request');
      expect(posted[0]).toEqual({ url: 'POST /functions/v1/settle-milestones', auth: 'Bearer test-key' });
      expect(
        (await c.query(`select schedule, command from cron.job where jobname = 'settle-milestones'`)).rows,
      ).toEqual([{ schedule: '* * * * *', command: 'select private.request_milestone_settlement()' }]);
    } finally {
      await c.query(`delete from private.settings where name in ('project_url', 'service_role_key')`);
      server.close();
    }
  });
});
