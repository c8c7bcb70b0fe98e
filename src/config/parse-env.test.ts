import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { assertBuildEnv, missingEnv, parseEnv, REQUIRED_ENV } from '@/config/parse-env';

describe('parseEnv', () => {
  it('reads the local values', () => {
    expect(
      parseEnv({
        VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
        VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
      }),
    ).toEqual({
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
    });
  });

  it('rejects a malformed URL with the variable name', () => {
    expect(() => parseEnv({ VITE_SUPABASE_URL: '127.0.0.1:54321', VITE_SUPABASE_PUBLISHABLE_KEY: 'k' })).toThrow(
      /VITE_SUPABASE_URL must be an http\(s\) URL/,
    );
  });

  it('trims the values and refuses one that is not text', () => {
    expect(parseEnv({ VITE_SUPABASE_URL: ' http://127.0.0.1:54321 ', VITE_SUPABASE_PUBLISHABLE_KEY: ' k ' })).toEqual({
      SUPABASE_URL: 'http://127.0.0.1:54321',
      SUPABASE_PUBLISHABLE_KEY: 'k',
    });
    expect(() => parseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321', VITE_SUPABASE_PUBLISHABLE_KEY: 42 })).toThrow(
      'Invalid environment: VITE_SUPABASE_PUBLISHABLE_KEY must be a string',
    );
  });

  it("leaves a missing key to supabase-js, whose own 'supabaseKey is required.' error stops start-up", () => {
    const env = parseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' });
    expect(env.SUPABASE_PUBLISHABLE_KEY).toBe('');
    expect(() => createClient(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY)).toThrow('supabaseKey is required.');
  });

  it('leaves a missing URL to supabase-js as well', () => {
    const env = parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: '  ' });
    expect(() => createClient(env.SUPABASE_URL, 'key')).toThrow('supabaseUrl is required.');
  });
});

describe('assertBuildEnv (what `vite build` checks first)', () => {
  const local = {
    VITE_SUPABASE_URL: 'http://127.0.0.1:54321',
    VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH',
  };

  it('stops a build with neither setting, naming both', () => {
    expect(() => assertBuildEnv({ MODE: 'production' })).toThrow(
      /^Missing build settings: VITE_SUPABASE_URL, VITE_SUPABASE_PUBLISHABLE_KEY\. .*docs\/deployment\.md/,
    );
  });

  it('names only what is missing; blank counts as missing', () => {
    expect(() => assertBuildEnv({ ...local, VITE_SUPABASE_PUBLISHABLE_KEY: '  ' })).toThrow(
      /^Missing build settings: VITE_SUPABASE_PUBLISHABLE_KEY\./,
    );
    expect(missingEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: 'k' })).toEqual(['VITE_SUPABASE_URL']);
  });

  it('refuses a malformed URL with its name, and passes complete settings', () => {
    expect(() => assertBuildEnv({ ...local, VITE_SUPABASE_URL: '127.0.0.1:54321' })).toThrow(
      /VITE_SUPABASE_URL must be/,
    );
    expect(() => assertBuildEnv(local)).not.toThrow();
  });

  it('requires exactly what the app reads: with the required variables every setting is filled', () => {
    const settings = parseEnv(Object.fromEntries(REQUIRED_ENV.map((name) => [name, local[name]])));
    expect(Object.values(settings).every((v) => v !== '')).toBe(true);
  });
});
