import { describe, expect, it } from 'vitest';
import { paramsToLog, parseSubscriptionParams, splitTopLevel } from './filters.ts';

// The doctests of hosted's Extensions.PostgresCdcRls.Subscriptions.parse_subscription_params, and more.
describe('parseSubscriptionParams', () => {
  it('parses a filter', () => {
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=eq.hey' })).toEqual({
      ok: true,
      params: {
        action: '*',
        schema: 'public',
        table: 'messages',
        filters: [{ column: 'subject', op: 'eq', value: 'hey', negate: false }],
        select: null,
      },
    });
  });

  it('turns in.(a,b) into an array literal', () => {
    const r = parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=in.(hidee,ho)' });
    expect(r.ok && r.params.filters).toEqual([{ column: 'subject', op: 'in', value: '{hidee,ho}', negate: false }]);
  });

  it('negates with not. and ANDs comma-separated filters', () => {
    const r = parseSubscriptionParams({
      schema: 'public',
      table: 'm',
      filter: 'subject=not.like.hey%,id=gt.0,id=lt.100',
    });
    expect(r.ok && r.params.filters).toEqual([
      { column: 'subject', op: 'like', value: 'hey%', negate: true },
      { column: 'id', op: 'gt', value: '0', negate: false },
      { column: 'id', op: 'lt', value: '100', negate: false },
    ]);
  });

  it('keeps commas inside parentheses and double quotes, and unquotes values', () => {
    expect(splitTopLevel('a=in.(1,2),b=eq."x,y"')).toEqual(['a=in.(1,2)', 'b=eq."x,y"']);
    const r = parseSubscriptionParams({ schema: 'public', table: 'm', filter: 'b=eq."x,y"' });
    expect(r.ok && r.params.filters[0]!.value).toBe('x,y');
  });

  it('treats an empty or blank filter as none', () => {
    for (const filter of ['', '   ']) {
      const r = parseSubscriptionParams({ schema: 'public', table: 'messages', filter });
      expect(r.ok && r.params.filters).toEqual([]);
    }
  });

  it('defaults the schema to public and the table to *', () => {
    const onlySchema = parseSubscriptionParams({ schema: 'public' });
    expect(onlySchema.ok && [onlySchema.params.schema, onlySchema.params.table]).toEqual(['public', '*']);
    const onlyTable = parseSubscriptionParams({ table: 'messages' });
    expect(onlyTable.ok && [onlyTable.params.schema, onlyTable.params.table]).toEqual(['public', 'messages']);
  });

  it('normalises the event', () => {
    const ev = (event: unknown) => {
      const r = parseSubscriptionParams({ event, schema: 'public', table: 't' });
      return r.ok ? r.params.action : null;
    };
    expect([ev('insert'), ev('UPDATE'), ev('Delete'), ev('*'), ev('truncate'), ev(undefined)]).toEqual([
      'INSERT',
      'UPDATE',
      'DELETE',
      '*',
      '*',
      '*',
    ]);
  });

  it("reports errors with hosted's messages", () => {
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'subject=foo.hey' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["foo", "hey"]',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 'messages', filter: 'undefined' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: ["undefined"]',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 't', filter: 'id=in.1,2' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: `in` filter value must be wrapped by parentheses',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 't', filter: 'id=eq.1,,id=eq.2' })).toEqual({
      ok: false,
      error: 'Error parsing `filter` params: filter must not contain empty segments (check for extra commas)',
    });
    expect(parseSubscriptionParams({})).toEqual({
      ok: false,
      error: 'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{}',
    });
    expect(parseSubscriptionParams({ event: '*', filter: 'x=eq.1' })).toEqual({
      ok: false,
      error:
        'No subscription params provided. Please provide at least a `schema` or `table` to subscribe to: %{"event" => "*", "filter" => "x=eq.1"}',
    });
  });

  it('supports column selection, not on wildcards', () => {
    const r = parseSubscriptionParams({ schema: 'public', table: 't', select: ['a', 1, 'b'] });
    expect(r.ok && r.params.select).toEqual(['a', 'b']);
    expect(parseSubscriptionParams({ schema: 'public', select: ['a'] })).toEqual({
      ok: false,
      error: 'Column selection is not supported for wildcard subscriptions. Provide an explicit schema and table name.',
    });
    expect(parseSubscriptionParams({ schema: 'public', table: 't', select: 'a' }).ok).toBe(false);
  });
});

describe('paramsToLog', () => {
  it('renders the params as hosted logs them in subscription errors', () => {
    const r = parseSubscriptionParams({
      event: 'INSERT',
      schema: 'public',
      table: 't',
      filter: 'id=eq.1,name=not.eq."a"',
    });
    expect(r.ok && paramsToLog(r.params)).toBe(
      'event: INSERT, schema: public, table: t, filters: [{"id", "eq", "1", false}, {"name", "eq", "a", true}], select: nil',
    );
  });
});
