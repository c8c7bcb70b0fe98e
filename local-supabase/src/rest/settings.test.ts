import { describe, expect, it } from 'vitest';
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
});
