import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user } from './support/pg.ts';

/**
 * The operators' actions on a reported subject (docs/trust-and-safety.md, "What operators do"): dismiss, hide,
 * restore and warn each close the subject's open reports (resolved by the operator), tell every reporter the outcome
 * in plain words, tell the owner what concerns them, and write one audit log line, all in one transaction. The queue
 * lists subjects with open reports, oldest first; the subject view is the console's whole picture.
 */
let c: pg.Client;
let seller: string;
let operator: string;
let reporters: string[];
const people: string[] = [];

beforeAll(async () => {
  c = await connect();
  seller = await createUser(c, { role: 'designer', fullName: 'Vic Vendor' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  reporters = [];
  for (const name of ['Ann Alert', 'Ben Bell', 'Cat Call'])
    reporters.push(await createUser(c, { role: 'customer', fullName: name }));
  people.push(seller, operator, ...reporters);
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await c.end();
});

async function piece(title: string): Promise<string> {
  return (
    await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, condition)
       values ($1, $2, 'Brass, works', 'lighting', 80, 'good') returning id`,
      [seller, title],
    )
  ).rows[0]!.id;
}

const report = (who: string, id: string, reason = 'scam') =>
  asActor(c, user(who), `insert into public.reports (subject_kind, subject_id, reason) values ('piece', $1, $2)`, [
    id,
    reason,
  ]);

const moderate = (id: string, action: string, reason: string) =>
  asActor(c, user(operator), `select public.moderate('piece', $1, $2, $3) as id`, [id, action, reason]);

async function aftermath(item: string) {
  const log = await c.query(
    `select action, operator_id, operator_name, subject_kind, target_user_id, reason, cardinality(report_ids) as reports
       from public.moderation_actions where subject_id = $1 order by created_at`,
    [item],
  );
  const reports = await c.query(
    `select status, resolved_by, resolved_at is not null as resolved from public.reports where subject_id = $1`,
    [item],
  );
  const told = await c.query(
    `select user_id, kind, title, body, link from public.notifications
      where data ->> 'subject_id' = $1 and kind in ('report_outcome', 'content_hidden', 'account_warning')
      order by kind, user_id`,
    [item],
  );
  return { log: log.rows, reports: reports.rows, told: told.rows };
}

describe('an operator', () => {
  it('hides a listing: the reports are actioned, each reporter and the seller are told, one log line', async () => {
    const item = await piece('Brass floor lamp');
    for (const r of reporters.slice(0, 2)) expect(await report(r, item)).toMatchObject({ ok: true });
    const done = await moderate(item, 'hide', 'Counterfeit brand');
    expect(done).toMatchObject({ ok: true });
    const { log, reports, told } = await aftermath(item);
    expect(log).toEqual([
      {
        action: 'hide',
        operator_id: operator,
        operator_name: 'Ona Operator',
        subject_kind: 'piece',
        target_user_id: seller,
        reason: 'Counterfeit brand',
        reports: 2,
      },
    ]);
    expect(reports).toEqual(Array(2).fill({ status: 'actioned', resolved_by: operator, resolved: true }));
    const outcome = 'We removed the listing you reported. Thank you.';
    expect(told).toEqual(
      [
        {
          user_id: seller,
          kind: 'content_hidden',
          title: 'We removed your listing',
          body: 'Counterfeit brand',
          link: `/good-stuff/${item}`,
        },
        ...reporters
          .slice(0, 2)
          .map((r) => ({ user_id: r, kind: 'report_outcome', title: outcome, body: null, link: '/notifications' })),
      ].sort((a, b) => (a.kind + a.user_id).localeCompare(b.kind + b.user_id)),
    );
    expect(done.rows[0]!.id).toBe(
      (await c.query(`select id from public.moderation_actions where subject_id = $1`, [item])).rows[0]!.id,
    );
  });

  it('dismisses reports: a listing hidden by three reports comes back; reporters hear it was left up', async () => {
    const item = await piece('Brass desk lamp');
    for (const r of reporters) expect(await report(r, item)).toMatchObject({ ok: true });
    expect(
      (await c.query(`select hidden_at is not null as hidden from public.catalog_items where id = $1`, [item])).rows[0],
    ).toEqual({ hidden: true });
    expect(await moderate(item, 'dismiss', 'It is a real Stilnovo')).toMatchObject({ ok: true });
    expect(
      (await c.query(`select hidden_at, is_available from public.catalog_items where id = $1`, [item])).rows[0],
    ).toEqual({
      hidden_at: null,
      is_available: true,
    });
    const { log, reports, told } = await aftermath(item);
    expect(log).toMatchObject([{ action: 'dismiss', reports: 3 }]);
    expect(reports).toEqual(Array(3).fill({ status: 'dismissed', resolved_by: operator, resolved: true }));
    expect(told.filter((t) => t.kind === 'report_outcome').map((t) => t.title)).toEqual(
      Array(3).fill('We looked at the listing you reported and left it up. Thank you for telling us.'),
    );
    // Closed reports do not stop a new one.
    expect(await report(reporters[0]!, item, 'spam')).toMatchObject({ ok: true });
  });

  it('restores a hidden listing and warns its seller, each with its own log line', async () => {
    const item = await piece('Brass wall sconce');
    expect(await report(reporters[0]!, item)).toMatchObject({ ok: true });
    expect(await moderate(item, 'hide', 'Looks stolen')).toMatchObject({ ok: true });
    expect(await moderate(item, 'restore', 'Receipt shown')).toMatchObject({ ok: true });
    expect((await c.query(`select hidden_at from public.catalog_items where id = $1`, [item])).rows[0]).toEqual({
      hidden_at: null,
    });
    expect(await moderate(item, 'restore', 'Again')).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This is not hidden',
    });
    expect(await report(reporters[1]!, item, 'offensive')).toMatchObject({ ok: true });
    expect(await moderate(item, 'warn', 'Keep photos decent')).toMatchObject({ ok: true });
    const { log, told } = await aftermath(item);
    expect(log.map((l) => [l.action, l.reports])).toEqual([
      ['hide', 1],
      ['restore', 0],
      ['warn', 1],
    ]);
    expect(told.filter((t) => t.kind === 'account_warning')).toEqual([
      {
        user_id: seller,
        kind: 'account_warning',
        title: 'A warning from Good Space',
        body: 'Keep photos decent',
        link: `/good-stuff/${item}`,
      },
    ]);
    expect(told.filter((t) => t.user_id === reporters[1])).toEqual([
      {
        user_id: reporters[1],
        kind: 'report_outcome',
        title: 'We looked at the listing you reported and warned the person responsible. Thank you.',
        body: null,
        link: '/notifications',
      },
    ]);
  });

  it('is refused a blank reason, an unknown action and hiding a person, and nothing changes', async () => {
    const item = await piece('Brass candlestick');
    expect(await moderate(item, 'hide', '   ')).toMatchObject({ ok: false, code: '23514' });
    expect(await moderate(item, 'delete', 'Bad')).toMatchObject({ ok: false, code: '22023' });
    expect(
      await asActor(c, user(operator), `select public.moderate('person', $1, 'hide', 'x')`, [seller]),
    ).toMatchObject({
      ok: false,
      code: '22023',
    });
    expect(
      (await c.query(`select count(*)::int as n from public.moderation_actions where subject_id = $1`, [item])).rows[0],
    ).toEqual({ n: 0 });
  });
});

describe('the console', () => {
  it('lists subjects with open reports oldest first, a page at a time', async () => {
    const first = await piece('Queue lamp one');
    const second = await piece('Queue lamp two');
    await report(reporters[0]!, first, 'scam');
    await report(reporters[1]!, first, 'spam');
    await report(reporters[0]!, second, 'danger');
    const page = async (after?: { first_reported_at: string; subject_id: string }) =>
      asActor(
        c,
        user(operator),
        `select subject_kind, subject_id, subject_user_id, subject_user_name, subject_label, report_count,
                reporter_count, reasons::text[] as reasons, first_reported_at::text as first_reported_at, hidden
           from public.moderation_queue(1, $1, $2)`,
        [after?.first_reported_at ?? null, after?.subject_id ?? null],
      );
    const all: Record<string, unknown>[] = [];
    let last: Record<string, unknown> | undefined;
    for (let i = 0; i < 100; i++) {
      const p = await page(last as { first_reported_at: string; subject_id: string } | undefined);
      expect(p).toMatchObject({ ok: true });
      if (p.rows.length === 0) break;
      last = p.rows[0]!;
      all.push(last);
    }
    const mine = all.filter((r) => r.subject_id === first || r.subject_id === second);
    expect(mine).toEqual([
      expect.objectContaining({
        subject_kind: 'piece',
        subject_id: first,
        subject_user_id: seller,
        subject_user_name: 'Vic Vendor',
        subject_label: 'Queue lamp one',
        report_count: 2,
        reporter_count: 2,
        reasons: ['scam', 'spam'],
        hidden: false,
      }),
      expect.objectContaining({ subject_id: second, report_count: 1, reasons: ['danger'] }),
    ]);
  });

  it('shows one subject whole, in the shape the console reads', async () => {
    const item = await piece('Subject lamp');
    await report(reporters[2]!, item, 'prohibited');
    const r = await asActor(c, user(operator), `select public.moderation_subject('piece', $1) as s`, [item]);
    const s = r.rows[0]!.s as Record<string, unknown>;
    expect(Object.keys(s).sort()).toEqual(['content', 'hidden', 'history', 'id', 'kind', 'link', 'person', 'reports']);
    expect(s).toMatchObject({
      kind: 'piece',
      id: item,
      hidden: false,
      link: `/good-stuff/${item}`,
      content: { title: 'Subject lamp', text: 'Brass, works', photos: [], price: 80, context: null },
      person: { id: seller, name: 'Vic Vendor', role: 'designer', suspended_at: null },
      reports: [
        { reporter_id: reporters[2], reporter_name: 'Cat Call', reason: 'prohibited', details: null, status: 'open' },
      ],
    });
    const history = s.history as Record<string, unknown>;
    expect(Object.keys(history).sort()).toEqual([
      'account_created_at',
      'actions',
      'orders_bought',
      'orders_sold',
      'projects',
      'reports',
    ]);
    expect(history).toMatchObject({ orders_bought: 0, orders_sold: 0, projects: 0 });
    // Earlier reports and actions about the seller's other listings.
    expect((history.reports as unknown[]).length).toBeGreaterThan(0);
    expect((history.actions as { action: string }[]).map((a) => a.action)).toEqual(
      expect.arrayContaining(['hide', 'warn']),
    );
    expect(Object.keys((history.actions as Record<string, unknown>[])[0]!).sort()).toEqual([
      'action',
      'created_at',
      'id',
      'operator_name',
      'reason',
      'subject_kind',
    ]);
  });
});
