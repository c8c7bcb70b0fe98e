import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// docs/architecture.md, "Where each screen lives": a newcomer finds a screen's route module, features, migrations
// and tests from one table. This keeps the table true as routes, features and tests move.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

function screenTable() {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('## Where each screen lives');
  expect(start, 'docs/architecture.md has a "Where each screen lives" section').toBeGreaterThan(-1);
  const rows = doc
    .slice(start)
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Screen') && !line.startsWith('| ---'));
  return rows.map((line: string) => {
    const [screen = '', route = '', features = '', migrations = '', tests = ''] = line
      .slice(2, -2)
      .split(' | ')
      .map((cell) => cell.trim());
    return { screen, route, features, migrations, tests };
  });
}

/** The `code` spans of a cell, e.g. "`a.tsx` (+ `b.ts`)" → ['a.tsx', 'b.ts']. */
const codes = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');

const rows = screenTable();
/** The test tiers the table names by a word before the files: `db x` is tests/database/x.test.ts, and so on. */
const TEST_HOMES = new Map([
  ['db', 'tests/database/%.test.ts'],
  ['payments', 'tests/payments/%.test.ts'],
  ['e2e', 'e2e/%.spec.ts'],
]);

describe('the architecture table', () => {
  it('lists every route module of the route table', () => {
    const modules = [...read('src/app/route-table.tsx').matchAll(/import\('@\/app\/routes\/([^']+)'\)/g)].map(
      (m) => `${m[1]}.tsx`,
    );
    const named = new Set(rows.flatMap((row) => codes(row.route)));
    expect(modules.length).toBeGreaterThan(20);
    expect(modules.filter((module) => !named.has(module))).toEqual([]);
  });

  it('names only route modules, features, migrations and tests that exist', () => {
    const features = new Set(readdirSync(path.join(root, 'src/features')));
    const migrations = readdirSync(path.join(root, 'supabase/migrations'));
    const missing: string[] = [];
    for (const row of rows) {
      for (const file of codes(row.route)) {
        if (!existsSync(path.join(root, 'src/app/routes', file))) missing.push(`route ${file}`);
      }
      for (const feature of row.features.split(', ').filter((f) => f !== '—')) {
        if (!features.has(feature)) missing.push(`feature ${feature}`);
      }
      // Tables named in brackets after a migration say which of its tables the screen uses.
      for (const name of codes(row.migrations.replace(/\([^)]*\)/g, ''))) {
        if (migrations.filter((m) => m.replace(/^\d+_/, '') === `${name}.sql`).length !== 1)
          missing.push(`migration ${name}`);
      }
      for (const part of row.tests.split('; ')) {
        const [kind, ...rest] = part.split(' ');
        const names = codes(rest.join(' '));
        const where = TEST_HOMES.get(kind ?? '');
        if (where) {
          for (const name of names)
            if (!existsSync(path.join(root, where.replace('%', name)))) missing.push(`${kind} ${name}`);
        } else {
          for (const name of codes(part)) {
            const candidates = [name, `src/app/routes/${name}`, `src/features/${name}`];
            if (!candidates.some((c) => existsSync(path.join(root, c)))) missing.push(`test ${name}`);
          }
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
