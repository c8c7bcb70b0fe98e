import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { FunctionRoot } from './registry.ts';

export type ChangeTarget = { kind: 'function'; dir: string } | { kind: 'all' };

/**
 * Maps a changed path (relative to a functions root) to what must reload: the function whose folder
 * it is in, or every function for shared code and secrets (`_shared/`, `.env`). Dot-folders other
 * than `.env`, and files directly in the root (config.toml, re-read per request), reload nothing.
 */
export function changeTarget(rootDir: string, relative: string): ChangeTarget | null {
  const [first, ...rest] = relative.split(/[\\/]/);
  if (!first) return null;
  if (first === '.env' || first.startsWith('.env.')) return { kind: 'all' };
  if (first.startsWith('.')) return null;
  if (first.startsWith('_')) return { kind: 'all' };
  if (rest.length === 0 && /\.\w+$/.test(first)) return null;
  return { kind: 'function', dir: path.join(rootDir, first) };
}

/** Watches every existing root (recursively) and reports what an edit invalidates. */
export function watchRoots(
  roots: FunctionRoot[],
  onChange: (target: ChangeTarget) => void,
  log: (msg: string) => void,
): { close(): void } {
  const watchers: FSWatcher[] = [];
  for (const root of roots) {
    if (!existsSync(root.dir)) continue;
    try {
      const w = watch(root.dir, { recursive: true }, (_event, filename) => {
        if (!filename) return onChange({ kind: 'all' });
        const target = changeTarget(root.dir, filename.toString());
        if (target) onChange(target);
      });
      w.on('error', (err) => log(`watching ${root.dir}: ${err.message}`));
      watchers.push(w);
    } catch (err) {
      log(`cannot watch ${root.dir} (${(err as Error).message}); edits need a stack restart`);
    }
  }
  return {
    close() {
      for (const w of watchers) w.close();
    },
  };
}
