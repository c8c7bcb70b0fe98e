/**
 * Build-time configuration, validated once at start-up.
 *
 * A value that is present must be well-formed (a typo in the URL fails here, with the variable's name).
 * A value that is missing is passed on as an empty string on purpose: `createClient` then raises
 * supabase-js's own start-up error ("supabaseUrl is required." / "supabaseKey is required."), which is
 * what SPEC §8 names and what anyone searching the Supabase docs or issues will find.
 *
 * Two plain checks rather than a zod schema: this module loads with supabase-js, before every signed-in page's
 * first request, and zod (about 85 KB of script to evaluate) would sit on that path for no gain here.
 */
export type Env = {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
};

function text(source: Record<string, unknown>, name: string): string {
  const value = source[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`Invalid environment: ${name} must be a string`);
  return value.trim();
}

export function parseEnv(source: Record<string, unknown>): Env {
  const url = text(source, 'VITE_SUPABASE_URL');
  if (url !== '' && !/^https?:\/\/[^\s/]+/.test(url)) {
    throw new Error('Invalid environment: VITE_SUPABASE_URL must be an http(s) URL, e.g. http://127.0.0.1:54321');
  }
  return { SUPABASE_URL: url, SUPABASE_PUBLISHABLE_KEY: text(source, 'VITE_SUPABASE_PUBLISHABLE_KEY') };
}

export const env = parseEnv(import.meta.env);
