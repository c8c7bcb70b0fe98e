import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * The Deno executable of the npm package `deno` (pinned in package.json, so every machine runs the same
 * runtime version). Its install API links the platform binary into the package folder on first use and
 * returns the path; DENO_BIN overrides it for someone testing another Deno.
 */
export function denoBinary(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DENO_BIN) {
    if (!existsSync(env.DENO_BIN)) throw new Error(`DENO_BIN=${env.DENO_BIN} does not exist`);
    return env.DENO_BIN;
  }
  const api = require('deno/install_api.cjs') as { runInstall(): string };
  return api.runInstall();
}
