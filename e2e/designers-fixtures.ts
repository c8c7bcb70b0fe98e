import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import type { TestUser } from './support/users.ts';

const nodeOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
};

/** Service-role client for arranging data the UI under test does not create itself. */
export const admin = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, nodeOptions);

async function check<T>(promise: PromiseLike<{ data: T; error: unknown }>): Promise<T> {
  const { data, error } = await promise;
  if (error) throw error instanceof Error ? error : new Error(JSON.stringify(error));
  return data;
}

/** An active sandbox membership of the user's role (the payments table is written by the service role only). */
export async function subscribe(user: TestUser): Promise<void> {
  await check(
    admin.from('subscriptions').insert({
      user_id: user.id,
      plan: user.role === 'designer' ? 'designer' : 'client',
      status: 'active',
      provider: 'sandbox',
      current_period_end: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    }),
  );
}

export async function setCustomerLocation(user: TestUser, location: string): Promise<void> {
  await check(admin.from('customer_profiles').update({ location }).eq('user_id', user.id));
}

export async function setDesignerProfile(user: TestUser, fields: Record<string, unknown>): Promise<void> {
  await check(admin.from('designer_profiles').update(fields).eq('user_id', user.id));
}

export async function createProject(
  customer: TestUser,
  fields: Partial<{
    title: string;
    status: 'pending' | 'active' | 'completed';
    designer_id: string;
    budget: number;
    budget_type: 'soft' | 'hard';
  }> = {},
): Promise<{ id: string; title: string }> {
  const rows = await check(
    admin
      .from('projects')
      .insert({
        customer_id: customer.id,
        title: fields.title ?? `Living room ${Math.random().toString(36).slice(2, 7)}`,
        description: 'A small living room to furnish with thrifted pieces.',
        location: 'Portland, OR',
        space_size: 400,
        budget: fields.budget ?? 2500,
        budget_type: fields.budget_type ?? 'soft',
        preferred_style: 'Scandinavian',
        status: fields.status ?? 'pending',
        designer_id: fields.designer_id ?? null,
      })
      .select('id, title'),
  );
  const row = (rows as { id: string; title: string }[])[0];
  if (!row) throw new Error('project not created');
  return row;
}

export async function fullName(user: TestUser): Promise<string> {
  const rows = await check(admin.from('profiles').select('full_name').eq('id', user.id));
  return (rows as { full_name: string }[])[0]?.full_name ?? '';
}
