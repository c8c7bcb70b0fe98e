import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '../../src/testing/index.ts';
import { rest, waitForRest } from './rest-fixture.ts';

// Which overload a call reaches, as PostgREST v14's findProc picks it: by argument names, a single unnamed
// parameter taking the whole body by its media type, and the 300/404 answers when that fails.
const P = 'rest_ovl';
const FIXTURE = `
drop function if exists ${P}_shape(boolean), ${P}_shape(integer), ${P}_shape(text), ${P}_count_only(integer),
  ${P}_pick(), ${P}_pick(text), ${P}_pick(integer), ${P}_echo_text(text), ${P}_echo_bytes(bytea), ${P}_echo_xml(xml),
  ${P}_named(a text), ${P}_named(a integer), ${P}_lookup(x integer), ${P}_lookup(x integer, y integer),
  ${P}_widget_caption(${P}_widgets) cascade;
drop table if exists ${P}_widgets cascade;
create table ${P}_widgets (id int primary key, label text);
create function ${P}_shape(boolean) returns text language sql immutable as $$ select 'bool' $$;
create function ${P}_shape(integer) returns text language sql immutable as $$ select 'int' $$;
create function ${P}_shape(text) returns text language sql immutable as $$ select 'text:' || $1 $$;
create function ${P}_count_only(integer) returns int language sql immutable as $$ select 1 $$;
create function ${P}_pick() returns text language sql immutable as $$ select 'none' $$;
create function ${P}_pick(text default 'd') returns text language sql immutable as $$ select 'text' $$;
create function ${P}_pick(integer default 1) returns text language sql immutable as $$ select 'int' $$;
create function ${P}_echo_text(text) returns text language sql immutable as $$ select 'got ' || $1 $$;
create function ${P}_echo_bytes(bytea) returns int language sql immutable as $$ select length($1) $$;
create function ${P}_echo_xml(xml) returns text language sql immutable as $$ select $1::text $$;
create function ${P}_named(a text) returns text language sql immutable as $$ select 'text' $$;
create function ${P}_named(a integer) returns text language sql immutable as $$ select 'int' $$;
create function ${P}_lookup(x integer) returns int language sql immutable as $$ select x $$;
create function ${P}_lookup(x integer, y integer) returns int language sql immutable as $$ select x + y $$;
create function ${P}_widget_caption(${P}_widgets) returns text language sql immutable as $$ select upper($1.label) $$;
insert into ${P}_widgets values (1, 'cog');
grant select on ${P}_widgets to anon;
grant execute on function ${P}_shape(text), ${P}_pick(), ${P}_pick(text), ${P}_pick(integer), ${P}_echo_text(text),
  ${P}_echo_bytes(bytea), ${P}_echo_xml(xml), ${P}_named(text), ${P}_named(integer), ${P}_lookup(integer),
  ${P}_lookup(integer, integer), ${P}_widget_caption(${P}_widgets) to anon;
notify pgrst, 'reload schema';
`;

const json = { 'Content-Type': 'application/json' };
const post = (fn: string, body: string, headers: Record<string, string> = json) =>
  rest(`/rpc/${fn}`, { method: 'POST', body, headers });

beforeAll(async () => {
  await sql(FIXTURE);
  await waitForRest(`/rest/v1/rpc/${P}_lookup?x=1`, `/rest/v1/${P}_widgets`);
});
afterAll(() => sql(FIXTURE.split('create table')[0]!));

describe('rpc overloads', () => {
  it('gives the whole JSON body to the one overload with a single unnamed text parameter', async () => {
    const res = await post(`${P}_shape`, '{"":"hi"}');
    expect(res.status).toBe(200);
    // Overloads taking one unnamed boolean or integer cannot be called, so only text is left.
    expect(res.body).toBe('text:{"":"hi"}');
  });

  it('answers 404 PGRST202 for a function whose only parameter is an unnamed integer', async () => {
    const res = await post(`${P}_count_only`, '{"":1}');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      code: 'PGRST202',
      message: `Could not find the function public.${P}_count_only() in the schema cache`,
      details: `Searched for the function public.${P}_count_only with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      hint: null,
    });
  });

  it('answers 300 PGRST203 listing the candidates when unnamed defaults make a call ambiguous', async () => {
    const res = await post(`${P}_pick`, '{}');
    expect(res.status).toBe(300);
    expect(res.body).toEqual({
      code: 'PGRST203',
      message: `Could not choose the best candidate function between: public.${P}_pick(), public.${P}_pick( => text)`,
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
    expect((await post(`${P}_pick`, '{"":"x"}')).body).toBe('text');
  });

  it('lists same-named overloads by parameter type', async () => {
    const res = await post(`${P}_named`, '{"a":"1"}');
    expect(res.status).toBe(300);
    expect(res.body.message).toBe(
      `Could not choose the best candidate function between: public.${P}_named(a => integer), public.${P}_named(a => text)`,
    );
  });

  it('takes text, XML and bytes bodies whole by Content-Type', async () => {
    expect((await post(`${P}_echo_text`, 'plain words', { 'Content-Type': 'text/plain' })).body).toBe(
      'got plain words',
    );
    expect((await post(`${P}_echo_xml`, '<a>1</a>', { 'Content-Type': 'text/xml' })).body).toBe('<a>1</a>');
    const bytes = await post(`${P}_echo_bytes`, '\u0001\u0002\u0003', { 'Content-Type': 'application/octet-stream' });
    expect(bytes.body).toBe(3);
    const missing = await post(`${P}_lookup`, 'x', { 'Content-Type': 'text/plain' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      message: `Could not find the function public.${P}_lookup in the schema cache`,
      details: `Searched for the function public.${P}_lookup with a single unnamed text parameter, but no matches were found in the schema cache.`,
      hint: null,
    });
  });

  it('gives no hint naming a function that takes a row (it is not callable over REST)', async () => {
    const res = await post(`${P}_widget_caption`, '{"id":1}');
    expect(res.status).toBe(404);
    expect(res.body.hint).toBeNull();
    // It still works as a computed field of its table.
    expect((await rest(`/${P}_widgets?select=id,${P}_widget_caption`)).body).toEqual([
      { id: 1, [`${P}_widget_caption`]: 'COG' },
    ]);
  });

  it('hints the nearest parameter list when the name exists but the arguments do not match', async () => {
    const res = await post(`${P}_lookup`, '{"x":1,"z":2}');
    expect(res.status).toBe(404);
    expect(res.body.hint).toBe(`Perhaps you meant to call the function public.${P}_lookup(x, y)`);
  });
});
