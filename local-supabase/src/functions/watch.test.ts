import { describe, expect, it } from 'vitest';
import { failureFor } from './proxy.ts';
import { changeTarget } from './watch.ts';

describe('changeTarget', () => {
  it('reloads the function an edited file belongs to', () => {
    expect(changeTarget('/r', 'hello/index.ts')).toEqual({ kind: 'function', dir: '/r/hello' });
    expect(changeTarget('/r', 'hello/lib/deep.ts')).toEqual({ kind: 'function', dir: '/r/hello' });
    expect(changeTarget('/r', 'hello')).toEqual({ kind: 'function', dir: '/r/hello' });
  });

  it('reloads everything for shared code and secrets, nothing for root files and dot-folders', () => {
    expect(changeTarget('/r', '_shared/cors.ts')).toEqual({ kind: 'all' });
    expect(changeTarget('/r', '.env')).toEqual({ kind: 'all' });
    expect(changeTarget('/r', 'config.toml')).toBeNull();
    expect(changeTarget('/r', '.git/x')).toBeNull();
  });
});

describe('failureFor', () => {
  it('maps how a worker ended to the platform error hosted sends', () => {
    expect(failureFor(null).code).toBe('WORKER_ERROR');
    expect(failureFor({ code: 1, signal: null, stoppedFor: null }).code).toBe('WORKER_ERROR');
    expect(failureFor({ code: null, signal: 'SIGTRAP', stoppedFor: null })).toMatchObject({
      status: 546,
      code: 'WORKER_RESOURCE_LIMIT',
    });
    expect(failureFor({ code: null, signal: 'SIGTERM', stoppedFor: 'wall-clock' }).status).toBe(546);
    expect(failureFor({ code: null, signal: 'SIGTERM', stoppedFor: 'shutdown' }).code).toBe('WORKER_ERROR');
  });
});
