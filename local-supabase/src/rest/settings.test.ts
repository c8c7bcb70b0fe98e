import { describe, expect, it } from 'vitest';
import { preRequestSql } from './request.ts';
import { configBool, restSettingsFrom } from './settings.ts';

describe('settings', () => {
  it('reads booleans as PostgREST does: true/false in any case or quoting, else a number above 0', () => {
    expect(configBool('true', false)).toBe(true);
    expect(configBool('"TRUE"', false)).toBe(true);
    expect(configBool('False', true)).toBe(false);
    expect(configBool('1', false)).toBe(true);
    expect(configBool('0', true)).toBe(false);
    expect(configBool('maybe', true)).toBe(true);
    expect(configBool(undefined, false)).toBe(false);
  });

  it('lets pgrst.* of authenticator win over config.toml, and keeps the defaults otherwise', () => {
    const api = { schemas: ['public', 'extra'], max_rows: 50 };
    const plain = restSettingsFrom(api, new Map());
    expect(plain).toMatchObject({
      schemas: ['public', 'extra'],
      extraSearchPath: ['public', 'extensions'],
      maxRows: 50,
      aggregatesEnabled: false,
      planEnabled: false,
      preRequest: null,
    });
    const db = new Map([
      ['db_schemas', 'api, public'],
      ['db_max_rows', '7'],
      ['db_aggregates_enabled', 'true'],
      ['db_plan_enabled', 'on'],
    ]);
    expect(restSettingsFrom(api, db)).toMatchObject({
      schemas: ['api', 'public'],
      maxRows: 7,
      aggregatesEnabled: true,
      planEnabled: false,
    });
  });

  it('reads db-pre-request as PostgREST does: split at the first dot, unqualified without one, empty unset', () => {
    const at = (v: string) => restSettingsFrom({}, new Map([['db_pre_request', v]])).preRequest;
    expect(at('private.check_request')).toEqual({ schema: 'private', name: 'check_request' });
    expect(at('check_request')).toEqual({ schema: '', name: 'check_request' });
    expect(at('a.b.c')).toEqual({ schema: 'a', name: 'b.c' });
    expect(at('')).toBeNull();
    expect(
      preRequestSql({ ...restSettingsFrom({}, new Map()), preRequest: { schema: 'private', name: 'check"req' } }),
    ).toBe('select "private"."check""req"()');
    expect(preRequestSql({ ...restSettingsFrom({}, new Map()), preRequest: { schema: '', name: 'check' } })).toBe(
      'select "check"()',
    );
    expect(preRequestSql(restSettingsFrom({}, new Map()))).toBeNull();
  });
});
