/**
 * The app's build-time configuration rules, free of `import.meta.env` so the build (vite.config.ts, in Node) can
 * apply them too; `env.ts` applies them to the values Vite baked in.
 *
 * A value that is present must be well-formed (a typo in the URL fails here, with the variable's name).
 * A value that is missing is passed on as an empty string on purpose: `createClient` then raises
 * supabase-js's own start-up error ("supabaseUrl is required." / "supabaseKey is required."), which is
 * what the product shows and what anyone searching the Supabase docs or issues will find. A production build
 * refuses to start without them (`assertBuildEnv`), so only a development server can get that far.
 *
 * Two plain checks rather than a zod schema: this module loads with supabase-js, before every signed-in page's
 * first request, and zod (about 85 KB of script to evaluate) would sit on that path for no gain here.
 */
export type Env = {
  SUPABASE_URL: string;
  SUPABASE_PUBLISHABLE_KEY: string;
};

/** Every variable parseEnv reads; a build without one of them would fail in the browser. */
export const REQUIRED_ENV = ['VITE_SUPABASE_URL', 'VITE_SUPABASE_PUBLISHABLE_KEY'] as const;

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

/** The required variables that are unset or blank. */
export function missingEnv(source: Record<string, unknown>): string[] {
  return REQUIRED_ENV.filter((name) => typeof source[name] !== 'string' || (source[name] as string).trim() === '');
}

/**
 * What `vite build` checks before building: every required variable set and well-formed, else an error naming
 * each missing one and where to set it.
 */
export function assertBuildEnv(source: Record<string, unknown>): void {
  const missing = missingEnv(source);
  if (missing.length > 0) {
    throw new Error(
      `Missing build settings: ${missing.join(', ')}. A production build bakes in the Supabase project it talks to; ` +
        'set them in the environment or in .env.production.local (docs/deployment.md), e.g. for the local stack ' +
        'VITE_SUPABASE_URL=http://127.0.0.1:54321 and VITE_SUPABASE_PUBLISHABLE_KEY from `npm run status`.',
    );
  }
  parseEnv(source);
}
