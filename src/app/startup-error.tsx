/** Shown when the app cannot start (bad configuration); deliberately free of app code, so it always renders. */
export function StartupError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-semibold">Good Space could not start</h1>
      <p role="alert" className="rounded-md border border-destructive bg-card p-4 font-mono text-sm text-destructive">
        {message}
      </p>
      <p className="text-muted-foreground">
        Check <code>VITE_SUPABASE_URL</code> and <code>VITE_SUPABASE_PUBLISHABLE_KEY</code> (see{' '}
        <code>.env.example</code>
        ), then reload.
      </p>
    </main>
  );
}
