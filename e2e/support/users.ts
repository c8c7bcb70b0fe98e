import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_PUBLISHABLE_KEY, DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from '../stack-ports.ts';

export type Role = 'customer' | 'designer';

const nodeOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js needs the `ws` transport here (browsers need nothing).
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
};

const admin = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, nodeOptions);

export type TestUser = { id: string; email: string; password: string; role: Role; session: Session };

/** What a journey may choose of a new user's account; the rest is unique per call (parallel journeys share a stack). */
export type AccountOptions = {
  /** A deliverable address (`freshEmail` in support/inbox.ts) for journeys that read the user's mail. */
  email?: string;
  password?: string;
};

/**
 * A confirmed user of the given role (the sign-up trigger creates the profile and role from the metadata),
 * already signed in through Auth. Journeys get users from the `makeUser` fixture (support/test.ts), which
 * deletes them when the test ends.
 */
export async function createUser(role: Role, options: AccountOptions = {}): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const email = options.email ?? `e2e-${role}-${suffix}@example.com`;
  const password = options.password ?? `Pw-${randomUUID()}`;
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: `E2E ${role} ${suffix}`, username: `e2e_${role}_${suffix}`, role },
  });
  if (error) throw error;
  const client = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, nodeOptions);
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { id: data.user.id, email, password, role, session: signIn.data.session };
}

/** Deletes the user and, by the schema's cascades, what they made; a user the journey already deleted is fine. */
export async function deleteUser(user: TestUser): Promise<void> {
  const { error } = await admin.auth.admin.deleteUser(user.id);
  if (error && error.status !== 404) throw error;
}

/** supabase-js's storage key for a project URL: `sb-<first label of the host>-auth-token`. */
const STORAGE_KEY = `sb-${new URL(E2E_API_URL).hostname.split('.')[0]}-auth-token`;

/** Starts the page signed in as `user`, the way supabase-js itself persists a session. */
export async function signInBrowser(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      // Runs in the page; typed structurally because this project's Node config has no DOM lib.
      const { localStorage } = globalThis as unknown as {
        localStorage: { getItem(k: string): string | null; setItem(k: string, v: string): void };
      };
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [STORAGE_KEY, JSON.stringify(user.session)] as const,
  );
}
