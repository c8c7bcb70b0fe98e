// Shared by the bench scripts: writes one report section into docs/benchmarks.md.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../scripts/lib/repo-root.ts';

/** Replaces the text between `<!-- bench:NAME -->` markers in docs/benchmarks.md (other benches keep theirs). */
export function writeSection(name: string, body: string): void {
  const file = path.join(repoRoot, 'docs/benchmarks.md');
  const start = `<!-- bench:${name} -->`;
  const end = `<!-- /bench:${name} -->`;
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n\nReports, not tests. Re-run with the npm script named in each heading.\n';
  const block = `${start}\n## npm run bench:${name}\n\n${body}\n${end}`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  doc = i >= 0 && j > i ? doc.slice(0, i) + block + doc.slice(j + end.length) : `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, doc);
}
