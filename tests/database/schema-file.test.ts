import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackConfig } from '@good-space/local-supabase/testing';
import { generateSchema, SCHEMA_FILE } from '../../scripts/db-schema.ts';
import { repoRoot } from '../../scripts/lib/repo-root.ts';

// supabase/schema.sql is the migrated database's current schema in one readable file (docs/schema.md); this
// regenerates it from the test stack's database, as `npm run db:schema` does, and fails when they differ.
describe(SCHEMA_FILE, () => {
  it('is what `npm run db:schema` makes from the migrations', async () => {
    const generated = await generateSchema(stackConfig.dbUrl);
    const committed = readFileSync(path.join(repoRoot, SCHEMA_FILE), 'utf8');
    expect(generated).toContain('create table public.projects (');
    // Vitest prints only the changed lines and a few around them.
    expect(committed, `${SCHEMA_FILE} is stale: run npm run db:schema`).toBe(generated);
  });
});
