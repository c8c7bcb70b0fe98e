import { createClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/config/env';

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

  it("leaves a missing key to supabase-js, whose own 'supabaseKey is required.' error stops start-up (SPEC §8)", () => {
    const env = parseEnv({ VITE_SUPABASE_URL: 'http://127.0.0.1:54321' });
    expect(env.SUPABASE_PUBLISHABLE_KEY).toBe('');
    expect(() => createClient(env.SUPABASE_URL, env.SUPABASE_PUBLISHABLE_KEY)).toThrow('supabaseKey is required.');
  });

  it('leaves a missing URL to supabase-js as well', () => {
    const env = parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: '  ' });
    expect(() => createClient(env.SUPABASE_URL, 'key')).toThrow('supabaseUrl is required.');
  });
});
