import { describe, expect, it } from 'vitest';
import { RestError } from './errors.ts';
import {
  parseLogicTree,
  parseOrder,
  parsePrefer,
  parseQueryParams,
  parseRangeHeader,
  parseSelect,
} from './parse-query.ts';

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof RestError ? `${err.status} ${err.code}` : String(err);
  }
  return 'no error';
};

describe('parseSelect', () => {
  it('reads columns, aliases, casts, json paths, embeds with hints, !inner and spreads', () => {
    expect(parseSelect('id, name:full_name, price::text, meta->a->>b, a:rel!fk!inner(x, y(*)), ...other(z)')).toEqual([
      { kind: 'column', field: { name: 'id', path: [] }, alias: undefined, cast: undefined },
      { kind: 'column', field: { name: 'full_name', path: [] }, alias: 'name', cast: undefined },
      { kind: 'column', field: { name: 'price', path: [] }, alias: undefined, cast: 'text' },
      {
        kind: 'column',
        field: {
          name: 'meta',
          path: [
            { arrow: '->', key: 'a', index: false },
            { arrow: '->>', key: 'b', index: false },
          ],
        },
        alias: undefined,
        cast: undefined,
      },
      {
        kind: 'embed',
        name: 'rel',
        alias: 'a',
        hint: 'fk',
        joinType: 'inner',
        spread: false,
        select: [
          { kind: 'column', field: { name: 'x', path: [] }, alias: undefined, cast: undefined },
          {
            kind: 'embed',
            name: 'y',
            alias: undefined,
            hint: undefined,
            joinType: undefined,
            spread: false,
            select: [{ kind: 'star' }],
          },
        ],
      },
      {
        kind: 'embed',
        name: 'other',
        alias: undefined,
        hint: undefined,
        joinType: undefined,
        spread: true,
        select: [{ kind: 'column', field: { name: 'z', path: [] }, alias: undefined, cast: undefined }],
      },
    ]);
  });

  it('keeps quoted names whole and treats an empty select as *', () => {
    expect(parseSelect('"a,b":"weird ""name"""')).toEqual([
      { kind: 'column', field: { name: 'weird "name"', path: [] }, alias: 'a,b', cast: undefined },
    ]);
    expect(parseSelect('')).toEqual([{ kind: 'star' }]);
  });

  it('refuses broken syntax with PGRST100 and aggregates with PGRST123', () => {
    for (const s of ['(', 'a,,b', 'a(', 'a)', 'x!(*)', 'a::', '...a', '"open'])
      expect(codeOf(() => parseSelect(s))).toBe('400 PGRST100');
    expect(codeOf(() => parseQueryParams(new URLSearchParams('select=count()')))).toBe('400 PGRST123');
    expect(codeOf(() => parseQueryParams(new URLSearchParams('select=a,b(c.sum())')))).toBe('400 PGRST123');
  });

  it('reads aggregates with their aliases and casts when they are allowed', () => {
    expect(parseSelect('n:count()::text,total:pages::int.sum(),b(c.max())')).toEqual([
      { kind: 'column', field: { name: '*', path: [] }, alias: 'n', agg: 'count', aggCast: 'text' },
      {
        kind: 'column',
        field: { name: 'pages', path: [] },
        alias: 'total',
        cast: 'int',
        agg: 'sum',
        aggCast: undefined,
      },
      {
        kind: 'embed',
        name: 'b',
        alias: undefined,
        hint: undefined,
        joinType: undefined,
        spread: false,
        select: [{ kind: 'column', field: { name: 'c', path: [] }, alias: undefined, agg: 'max', aggCast: undefined }],
      },
    ]);
    const q = parseQueryParams(new URLSearchParams('select=count()'), undefined, { aggregates: true });
    expect(q.select).toHaveLength(1);
  });
});

describe('filters and logic trees', () => {
  it('parses operators, negation, quantifiers, in-lists and fts configs', () => {
    const q = parseQueryParams(
      new URLSearchParams(
        'a=eq.1&b=not.in.(1,"x,y",3)&c=like(any).{a*,b*}&d=fts(english).cat&e=is.null&rel.f=gt.2&g->>h=neq.x',
      ),
    );
    const root = q.byPath.get('')!.filters.map((t) => (t.kind === 'filter' ? t.filter : null));
    expect(root[0]).toEqual({
      field: { name: 'a', path: [] },
      negate: false,
      op: { kind: 'simple', op: 'eq', value: '1' },
    });
    expect(root[1]).toEqual({
      field: { name: 'b', path: [] },
      negate: true,
      op: { kind: 'in', values: ['1', 'x,y', '3'] },
    });
    expect(root[2]!.op).toEqual({ kind: 'simple', op: 'like', quant: 'any', value: '{"a*","b*"}' });
    expect(root[3]!.op).toEqual({ kind: 'fts', op: 'fts', config: 'english', value: 'cat' });
    expect(root[4]!.op).toEqual({ kind: 'is', value: 'null' });
    expect(root[5]!.field).toEqual({ name: 'g', path: [{ arrow: '->>', key: 'h', index: false }] });
    expect(q.byPath.get('rel')!.filters).toHaveLength(1);
  });

  it('parses nested and/or with negation and quoted values', () => {
    const tree = parseLogicTree('(a.eq.1,not.and(b.gt.2,c.in.(1,2)),d.eq."x,y)")', false, false);
    expect(tree.kind).toBe('logic');
    if (tree.kind !== 'logic') return;
    expect(tree.children).toHaveLength(3);
    const nested = tree.children[1]!;
    expect(nested).toMatchObject({ kind: 'logic', and: true, negate: true });
    expect(tree.children[2]).toMatchObject({ kind: 'filter', filter: { op: { kind: 'simple', value: 'x,y)' } } });
  });

  it('refuses unknown operators and broken lists with PGRST100', () => {
    for (const q of ['a=zz.1', 'a=eq', 'a=in.(1', 'a=is.maybe', 'or=(a.eq.1', 'or=a.eq.1', 'a=eq(some).{1}']) {
      expect(codeOf(() => parseQueryParams(new URLSearchParams(q)))).toBe('400 PGRST100');
    }
  });
});

describe('order, ranges and Prefer', () => {
  it('parses directions, nulls placement and related orders', () => {
    expect(parseOrder('a.desc.nullslast,rel(b).asc,c')).toEqual([
      { relation: undefined, field: { name: 'a', path: [] }, direction: 'desc', nulls: 'last' },
      { relation: 'rel', field: { name: 'b', path: [] }, direction: 'asc' },
      { relation: undefined, field: { name: 'c', path: [] } },
    ]);
    expect(codeOf(() => parseOrder('a.sideways'))).toBe('400 PGRST100');
  });

  it('reads limit/offset and the Range header', () => {
    const q = parseQueryParams(new URLSearchParams('limit=5&offset=10&rel.limit=2'));
    expect(q.byPath.get('')).toMatchObject({ limit: 5, offset: 10 });
    expect(q.byPath.get('rel')).toMatchObject({ limit: 2 });
    expect(parseRangeHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(parseRangeHeader('5-')).toEqual({ offset: 5 });
    expect(codeOf(() => parseRangeHeader('5-1'))).toBe('416 PGRST103');
    expect(codeOf(() => parseQueryParams(new URLSearchParams('limit=-1')))).toBe('400 PGRST100');
  });

  it('reads comma-joined and repeated preferences and lists the invalid ones', () => {
    const p = parsePrefer(['return=representation, count=exact', 'resolution=merge-duplicates,bogus=1']);
    expect(p).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      invalid: ['bogus=1'],
    });
    expect(p.applied).toEqual(['return=representation', 'count=exact', 'resolution=merge-duplicates']);
  });

  it('separates rpc GET arguments from filters', () => {
    const q = parseQueryParams(new URLSearchParams('a=1&b=2&c=eq.3'), new Set(['a', 'b']));
    expect([...q.rpcArgs]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
    expect(q.byPath.get('')!.filters).toHaveLength(1);
  });
});
