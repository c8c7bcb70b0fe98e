// What the project-page measurements need on a fresh seeded stack: the seeded pictures, a signed-in session for
// the browser, the demo customer's active project, and 10,000 more messages in it. Shared by bench:web (web.ts)
// and its A/B comparison of two builds (web-ab.ts).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import type pg from 'pg';
import ws from 'ws';
import { repoRoot as root } from '../../scripts/lib/repo-root.ts';

export const CUSTOMER = { email: 'customer@goodspace.test', password: 'GoodSpace123' };
/** Messages added to the project for the "long conversation" case. */
export const BIG = 10_000;
/** The cards of the project page that must show (with their data) before it counts as ready. */
export const PROJECT_PANELS = ['Items & Budget', 'Photos', 'Messages'];

export interface StackAccess {
  apiUrl: string;
  publishableKey: string;
  secretKey: string;
}

export interface BenchProject {
  id: string;
  title: string;
  designer_id: string;
  customer_id: string;
  /** Messages in it before the bench adds any. */
  n: string;
}

/** scripts/seed-storage.ts against this stack (pictures for the seeded projects), bounded. */
export async function seedStorage(stack: StackAccess, timeoutMs = 6 * 60_000): Promise<string | null> {
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'scripts/seed-storage.ts')], {
    cwd: root,
    env: { ...process.env, SUPABASE_URL: stack.apiUrl, SUPABASE_SECRET_KEY: stack.secretKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return code === 0 ? null : `seed-storage exited with ${code}: ${out.trim().split('\n').slice(-3).join(' / ')}`;
}

/** The localStorage entries supabase-js writes for the demo customer's session (key and format are its own). */
export async function sessionStorageEntries(stack: StackAccess): Promise<[string, string][]> {
  const store = new Map<string, string>();
  const client = createClient(stack.apiUrl, stack.publishableKey, {
    auth: {
      persistSession: true,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    },
    realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
  });
  const { error } = await client.auth.signInWithPassword(CUSTOMER);
  if (error) throw new Error(`sign-in ${CUSTOMER.email}: ${error.message}`);
  await client.removeAllChannels();
  return [...store.entries()];
}

/** The demo customer's first active project, with its designer. */
export async function demoProject(db: pg.Client): Promise<BenchProject> {
  const { rows } = await db.query<BenchProject>(
    `select p.id, p.title, p.designer_id, p.customer_id, (select count(*) from public.messages m where m.project_id = p.id) n
       from public.projects p join auth.users u on u.id = p.customer_id
      where u.email = $1 and p.status = 'active' and p.designer_id is not null order by p.created_at limit 1`,
    [CUSTOMER.email],
  );
  const project = rows[0];
  if (!project) throw new Error(`no active project of ${CUSTOMER.email} in the seed`);
  return project;
}

/**
 * Adds BIG messages to the project as postgres (sender alternating customer/designer, one a second, the newest
 * now); the newest reads "Bench message 10000: …". Returns the project's message count after.
 */
export async function addBenchMessages(db: pg.Client, project: BenchProject): Promise<number> {
  await db.query(
    `insert into public.messages (project_id, sender_id, content, created_at)
     select $1, case when g % 2 = 0 then $2::uuid else $3::uuid end,
            'Bench message ' || g || ': ' || repeat('about the sofa, the lamp and the rug. ', 1 + g % 6),
            now() - (${BIG + 1} - g) * interval '1 second'
       from generate_series(1, ${BIG}) g`,
    [project.id, project.customer_id, project.designer_id],
  );
  await db.query('analyze public.messages');
  return Number(project.n) + BIG;
}

/** Text of the newest bench message, to check the latest page is the one shown first. */
export const NEWEST_BENCH_MESSAGE = `Bench message ${BIG}:`;
