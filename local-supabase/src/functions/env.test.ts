import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { denoDir, workerEnv } from './env.ts';

describe('workerEnv', () => {
  const config = loadConfig({ dataDir: '/tmp/x' });

  it('gives the hosted variables, secrets, and only the runtime settings of the parent', () => {
    const env = workerEnv(
      config,
      { STRIPE_KEY: 'sk', SUPABASE_URL: 'http://evil' },
      { HOME: '/root', PATH: '/bin', HTTPS_PROXY: 'http://p', SECRET_OF_STACK: 'x' },
    );
    expect(env).toMatchObject({
      SUPABASE_URL: config.apiUrl,
      SUPABASE_ANON_KEY: config.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: config.serviceRoleKey,
      SUPABASE_DB_URL: config.dbUrl,
      SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: config.publishableKey }),
      SUPABASE_SECRET_KEYS: JSON.stringify({ default: config.secretKey }),
      STRIPE_KEY: 'sk',
      HTTPS_PROXY: 'http://p',
      DENO_DIR: '/root/.cache/deno',
    });
    expect(env.HOME).toBeUndefined();
    expect(env.PATH).toBeUndefined();
    expect(env.SECRET_OF_STACK).toBeUndefined();
  });

  it("passes on the certificates Deno needs to download npm: packages behind the machine's proxy", () => {
    const parent = {
      NODE_EXTRA_CA_CERTS: '/etc/ssl/certs/ca.crt',
      DENO_TLS_CA_STORE: 'mozilla,system',
      DENO_CERT: '/c.pem',
    };
    expect(workerEnv(config, {}, parent)).toMatchObject(parent);
  });

  it('uses DENO_DIR, else XDG_CACHE_HOME, else ~/.cache/deno', () => {
    expect(denoDir({ DENO_DIR: '/d', HOME: '/h' })).toBe('/d');
    expect(denoDir({ XDG_CACHE_HOME: '/c', HOME: '/h' })).toBe('/c/deno');
    expect(denoDir({ HOME: '/h' })).toBe('/h/.cache/deno');
  });
});
