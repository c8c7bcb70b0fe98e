import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { expect } from 'vitest';
import { sql } from '@good-space/local-supabase/testing';

// What the payment tests do as a person: call the stack's functions with their session, read a refusal's status
// and `{ error, code }` body, and hold a project whose accepted bid is split into milestones (docs/milestones.md).

export interface Person {
  id: string;
  client: SupabaseClient;
}

/** A function's answer, or an error naming the call, its status and body. */
export async function invoke<T = Record<string, unknown>>(
  who: Person,
  name: string,
  body: Record<string, unknown>,
): Promise<T> {
  const { data, error } = await who.client.functions.invoke<T>(name, { body });
  if (error) {
    const res = (error as FunctionsHttpError).context as Response;
    throw new Error(`${name} ${JSON.stringify(body)} → ${res.status} ${await res.text()}`);
  }
  return data!;
}

/** The function's `{ error, code }` body and status. */
export async function refusal(who: Person, name: string, body: Record<string, unknown>) {
  const { error } = await who.client.functions.invoke(name, { body });
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const res = (error as FunctionsHttpError).context as Response;
  return { status: res.status, body: (await res.json()) as { error: string; code?: string } };
}

/** An active project of the customer with the designer's accepted bid, split as given; its milestones in order. */
export async function splitProject(
  customer: Person,
  designer: Person,
  split: { title: string; amount: number }[],
  title = 'Living room refresh',
) {
  const [p] = await sql<{ id: string }>(
    `insert into public.projects (customer_id, title, description, location, space_size, budget, status)
     values ($1, $2, 'A calm room to read in', 'Austin', 140, 3000, 'pending') returning id`,
    [customer.id, title],
  );
  const total = split.reduce((n, m) => n + m.amount * 100, 0) / 100;
  const [bid] = await sql<{ id: string }>(
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, milestones)
     values ($1, $2, $3, 'A plan in parts', $4::jsonb) returning id`,
    [p!.id, designer.id, total, JSON.stringify(split)],
  );
  const { error } = await customer.client.rpc('accept_bid', { bid_id: bid!.id });
  if (error) throw error;
  const milestones = await sql<{ id: string }>(
    `select id from public.project_milestones where project_id = $1 order by position`,
    [p!.id],
  );
  return { id: p!.id, milestones: milestones.map((m) => m.id) };
}
