import { z } from 'zod';

/**
 * Build-time configuration, validated once at start-up.
 *
 * A value that is present must be well-formed (a typo in the URL fails here, with the variable's name).
 * A value that is missing is passed on as an empty string on purpose: `createClient` then raises
 * supabase-js's own start-up error ("supabaseUrl is required." / "supabaseKey is required."), which is
 * what SPEC §8 names and what anyone searching the Supabase docs or issues will find.
 */
const envSchema = z.object({
  VITE_SUPABASE_URL: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || /^https?:\/\/[^\s/]+/.test(value), {
      message: 'VITE_SUPABASE_URL must be an http(s) URL, e.g. http://127.0.0.1:54321',
    }),
  VITE_SUPABASE_PUBLISHABLE_KEY: z.string().trim().default(''),
});

export type Env = {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
};

export function parseEnv(source: Record<string, unknown>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const first = result.error.issues[0];
    throw new Error(`Invalid environment: ${first?.message ?? 'unknown error'}`);
  }
  return {
    SUPABASE_URL: result.data.VITE_SUPABASE_URL,
    SUPABASE_PUBLISHABLE_KEY: result.data.VITE_SUPABASE_PUBLISHABLE_KEY,
  };
}

export const env = parseEnv(import.meta.env);
