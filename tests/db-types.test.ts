import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../scripts/lib/repo-root.ts';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../scripts/db-types.ts';
import { stackConfig } from '@good-space/local-supabase/testing';

describe('src/types/database.ts', () => {
  it('matches what the generator makes from the migrations (run `npm run db:types` when this fails)', async () => {
    const generated = await generateDatabaseTypes(stackConfig.dbUrl);
    const committed = readFileSync(path.join(repoRoot, DATABASE_TYPES_FILE), 'utf8');
    expect(generated).toContain('export type Database = {');
    // Compared as a whole; a diff of a 1,000-line file is more useful than a hash.
    expect(committed).toBe(generated);
  });
});
