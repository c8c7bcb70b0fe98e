import type pg from 'pg';
import { expect } from 'vitest';
import { asActor, user, type Outcome } from './pg.ts';

/**
 * Funded milestones' test steps (docs/milestones.md), shared by the milestones-*.test.ts files: a project with an
 * accepted bid (its milestones made by accept_bid), funding through the service-role functions as the edge
 * functions call them, and reading rows back as the table's owner.
 */
export const SERVICE = { role: 'service_role' } as const;

export interface Milestone {
  id: string;
  project_id: string;
  bid_id: string | null;
  customer_id: string | null;
  designer_id: string | null;
  position: number;
  title: string;
  amount: string;
  status: string;
  refunded_amount: string;
  released_amount: string;
  auto_release_at: Date | null;
  frozen_at: Date | null;
  cancel_requested_at: Date | null;
  [k: string]: unknown;
}

export interface Payment {
  id: string;
  milestone_id: string;
  kind: string;
  amount: string;
  status: string;
  reason: string;
  provider: string;
  provider_id: string | null;
  source_payment_id: string | null;
  note: string | null;
  [k: string]: unknown;
}

export function milestoneSteps(c: pg.Client) {
  const svc = (sql: string, params: unknown[] = [], conn = c): Promise<Outcome> => asActor(conn, SERVICE, sql, params);
  const as = (who: string, sql: string, params: unknown[] = [], conn = c): Promise<Outcome> =>
    asActor(conn, user(who), sql, params);

  /** A pending project of `customer`, `designer`'s bid on it (split or not), accepted by the customer. */
  async function acceptedProject(
    customer: string,
    designer: string,
    bidAmount: number,
    split: { title: string; amount: number }[] | null = null,
  ): Promise<{ project: string; bid: string; milestones: Milestone[] }> {
    const project = (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, title, description, location, space_size, budget, budget_type, status)
         values ($1, 'Sunny living room', 'Warm, thrifted and calm', 'Austin', 300, 5000, 'soft', 'pending') returning id`,
        [customer],
      )
    ).rows[0]!.id;
    const bid = (
      await c.query<{ id: string }>(
        `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, milestones)
         values ($1, $2, $3, 'Let me do it', $4) returning id`,
        [project, designer, bidAmount, split === null ? null : JSON.stringify(split)],
      )
    ).rows[0]!.id;
    expect(await as(customer, `select public.accept_bid($1)`, [bid])).toMatchObject({ ok: true });
    return { project, bid, milestones: await milestonesOf(project) };
  }

  async function milestonesOf(project: string): Promise<Milestone[]> {
    return (
      await c.query<Milestone>(`select * from public.project_milestones where project_id = $1 order by position`, [
        project,
      ])
    ).rows;
  }

  async function milestone(id: string): Promise<Milestone> {
    return (await c.query<Milestone>(`select * from public.project_milestones where id = $1`, [id])).rows[0]!;
  }

  async function payments(milestoneId: string): Promise<Payment[]> {
    return (
      await c.query<Payment>(
        `select * from public.milestone_payments where milestone_id = $1 order by created_at, kind`,
        [milestoneId],
      )
    ).rows;
  }

  /** milestone_fund_open as fund-milestone calls it; the opened payment's id. */
  async function openFunding(customer: string, milestoneId: string): Promise<string> {
    const r = await svc(`select public.milestone_fund_open($1, $2, 'sandbox') as r`, [customer, milestoneId]);
    expect(r).toMatchObject({ ok: true });
    return (r.rows[0]!.r as { payment_id: string }).payment_id;
  }

  /** milestone_mark_funded as the webhook calls it, with the amount in cents. */
  async function markFunded(paymentId: string, cents: number, currency = 'usd', conn = c) {
    const pi = `pi_sandbox_${paymentId.replaceAll('-', '')}`;
    const r = await svc(
      `select public.milestone_mark_funded($1, $2, $3, $4, $5) as r`,
      [paymentId, pi, `ch_sandbox_${paymentId.replaceAll('-', '')}`, cents, currency],
      conn,
    );
    expect(r).toMatchObject({ ok: true });
    return r.rows[0]!.r as { outcome: string; milestone: Milestone; refund: Payment | null };
  }

  /** Opened and paid at the row's amount. */
  async function fund(customer: string, m: Milestone): Promise<void> {
    const paymentId = await openFunding(customer, m.id);
    expect((await markFunded(paymentId, Math.round(Number(m.amount) * 100))).outcome).toBe('funded');
  }

  async function notifications(project: string, kind?: string) {
    return (
      await c.query<{
        user_id: string;
        kind: string;
        title: string;
        body: string | null;
        actor_id: string | null;
        link: string;
      }>(
        `select user_id, kind, title, body, actor_id, link from public.notifications
          where project_id = $1 and kind like 'milestone%' and ($2::text is null or kind = $2)
          order by created_at, kind, user_id`,
        [project, kind ?? null],
      )
    ).rows;
  }

  /** A file in milestone-photos, as if uploaded by `owner` (Storage writes the row). */
  async function photo(project: string, owner: string, name = 'after.webp'): Promise<string> {
    const path = `${project}/${name}`;
    await c.query(
      `insert into storage.objects (bucket_id, name, owner_id) values ('milestone-photos', $1, $2) on conflict do nothing`,
      [path, owner],
    );
    return path;
  }

  /** Money held back: the milestones let go of, so the people and projects can be deleted. */
  async function forget(people: string[]): Promise<void> {
    await c.query(
      `delete from public.project_milestones where customer_id = any($1::uuid[]) or designer_id = any($1::uuid[])`,
      [people],
    );
  }

  return {
    svc,
    as,
    acceptedProject,
    milestonesOf,
    milestone,
    payments,
    openFunding,
    markFunded,
    fund,
    notifications,
    photo,
    forget,
  };
}
