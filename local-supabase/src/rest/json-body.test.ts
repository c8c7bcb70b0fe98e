import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonBody } from './json-body.ts';

const codeOf = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (err) {
    const e = err as { status: number; code: string; details: unknown };
    return `${e.status} ${e.code} ${String(e.details)}`;
  }
};

describe('parseJsonBody', () => {
  it('parses JSON up to the depth limit, brackets inside strings not counted', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(codeOf(() => parseJsonBody(deep))).toBe('ok');
    expect(parseJsonBody(`{"a":"${'['.repeat(2000)}\\"["}`)).toEqual({ a: `${'['.repeat(2000)}"[` });
  });

  it('refuses deeper nesting and invalid JSON with 400 PGRST102', () => {
    const deeper = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`;
    expect(codeOf(() => parseJsonBody(deeper))).toBe(`400 PGRST102 JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(codeOf(() => parseJsonBody('{"a":'))).toBe('400 PGRST102 null');
  });
});
