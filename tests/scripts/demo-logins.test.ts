import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../scripts/lib/repo-root.ts';
import { formatDemoLogins, parseDemoLogins, plainText } from '../../scripts/lib/demo-logins.mjs';

// What `npm start` prints under "Demo logins": role, e-mail and password as plain aligned text.

describe('demo logins for the terminal', () => {
  it('reads docs/demo-logins.md: each main account with the shared password, no Markdown left', () => {
    const logins = parseDemoLogins(readFileSync(path.join(repoRoot, 'docs/demo-logins.md'), 'utf8'));
    expect(logins).toEqual([
      { role: 'customer', email: 'customer@goodspace.test', password: 'GoodSpace123' },
      { role: 'designer', email: 'designer@goodspace.test', password: 'GoodSpace123' },
      { role: 'customer, no subscription', email: 'nosub@goodspace.test', password: 'GoodSpace123' },
      { role: 'operator', email: 'operator@goodspace.test', password: 'GoodSpace123' },
    ]);
    const text = formatDemoLogins(logins);
    expect(text).not.toMatch(/[`*|]/);
    expect(text.split('\n')).toEqual([
      '    Role                        E-mail                    Password',
      '    customer                    customer@goodspace.test   GoodSpace123',
      '    designer                    designer@goodspace.test   GoodSpace123',
      '    customer, no subscription   nosub@goodspace.test      GoodSpace123',
      '    operator                    operator@goodspace.test   GoodSpace123',
    ]);
  });

  it('aligns every column under its heading, whatever the widths', () => {
    const text = formatDemoLogins(
      [
        { role: 'a', email: 'long.address@example.test', password: 'p1' },
        { role: 'longer role', email: 'x@y.test', password: 'p2' },
      ],
      '',
    );
    const lines = text.split('\n');
    const at = (word: string, line: string) => line.indexOf(word);
    expect(lines.map((l, i) => at(['E-mail', 'long.address', 'x@y'][i]!, l))).toEqual([14, 14, 14]);
    expect(lines.map((l, i) => at(['Password', 'p1', 'p2'][i]!, l))).toEqual([42, 42, 42]);
  });

  it('takes a Password column over the shared sentence, and skips tables without Role and E-mail', () => {
    const md = [
      "Every account's password is `Shared1`.",
      '',
      '| Role | E-mail | Password |',
      '| --- | --- | --- |',
      '| **admin** | `admin@x.test` | `Own-1` |',
      '| customer | `c@x.test` | |',
      '| nobody | `not-an-address` | x |',
      '',
      '| Customers | Highlights |',
      '| --- | --- |',
      '| `liam@x.test` | a project |',
    ].join('\n');
    expect(parseDemoLogins(md)).toEqual([
      { role: 'admin', email: 'admin@x.test', password: 'Own-1' },
      { role: 'customer', email: 'c@x.test', password: '' },
    ]);
    expect(parseDemoLogins('| Role | E-mail |\n|---|---|\n| designer | d@x.test |')).toEqual([
      { role: 'designer', email: 'd@x.test', password: null },
    ]);
    expect(formatDemoLogins([{ role: 'designer', email: 'd@x.test', password: null }], '')).toContain(
      '(see docs/demo-logins.md)',
    );
  });

  it('reduces Markdown to its text', () => {
    expect(plainText('**Bold** `code` [a link](https://x.test) _it_ plain')).toBe('Bold code a link it plain');
  });
});
