import { type SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, clientAs, serviceClient } from '@good-space/local-supabase/testing';
import { connect, inRolledBackTx, user } from './support/pg.ts';
import { buildWorld, destroyWorld, type World } from './support/world.ts';

/**
 * The public portfolio with consent (20261125000100_portfolio_consent.sql, docs/decisions/0017): a completed
 * project reaches other signed-in users only through portfolio_projects() and only with its customer's consent;
 * the place is city level or nothing; costs only with the second consent; its before/after photos become
 * readable (list, sign) to them, nothing else of it; and only the customer can give or withdraw consent.
 */
let c: pg.Client;
let w: World;
/** Completed with the assigned designer: shown with costs ("Portland, OR"), shown without costs (an address). */
let shownWithCosts: string;
let shownNoCosts: string;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const as = clientAs;
type Row = {
  id: string;
  title: string;
  place: string | null;
  budget: number | null;
  budget_type: string | null;
  items_total: number | null;
  is_public: boolean;
  costs_public: boolean;
  completed_at: string;
};
async function portfolio(viewer: SupabaseClient, designerId: string, args: Record<string, unknown> = {}) {
  const { data, error } = await viewer.rpc('portfolio_projects', { designer_id: designerId, ...args });
  expect(error).toBeNull();
  return data as Row[];
}
const upload = (path: string) =>
  serviceClient()
    .storage.from('project-photos')
    .upload(path, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png', upsert: true });
const names = async (client: SupabaseClient, folder: string) => {
  const { data, error } = await client.storage.from('project-photos').list(folder);
  if (error) throw error;
  return (data ?? []).map((f) => f.name).sort();
};

beforeAll(async () => {
  c = await connect();
  w = await buildWorld(c);
  const completed = async (title: string, location: string, consent: boolean, costs: boolean, daysAgo: number) =>
    (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type,
                                      preferred_style, status, completed_at, portfolio_consent, portfolio_show_costs)
         values ($1, $2, $3, 'A room furnished with thrifted pieces', $4, 300, 2500, 'hard', 'Scandinavian', 'completed',
                 now() - make_interval(days => $5), $6, $7) returning id`,
        [w.owner, w.assigned, title, location, daysAgo, consent, costs],
      )
    ).rows[0]!.id;
  shownWithCosts = await completed('Shown with costs', 'Portland, OR', true, true, 2);
  shownNoCosts = await completed('Shown without costs', '1234 SE Hawthorne Blvd, Portland, OR 97214', true, false, 3);
  // Items go in while a project is active; as postgres here, straight onto the completed one (items_total follows).
  for (const [name, cost] of [
    ['Teak sideboard', 1500],
    ['Brass lamp', 810],
  ] as const) {
    await c.query(`insert into public.project_items (project_id, name, cost, added_by) values ($1, $2, $3, $4)`, [
      shownWithCosts,
      name,
      cost,
      w.assigned,
    ]);
  }
  for (const project of [shownWithCosts, w.completedProject]) {
    for (const file of ['before-1.png', 'after-1.png', '1700000000000_0.png']) {
      expect((await upload(`${project}/${file}`)).error).toBeNull();
    }
  }
});
afterAll(async () => {
  await destroyWorld(c, w);
  await c.end();
});

describe('portfolio_projects', () => {
  it('shows another customer the consented completed projects only, without customer, address or items', async () => {
    const rows = await portfolio(await as(w.otherCustomer), w.assigned);
    expect(rows.map((r) => r.title)).toEqual(['Shown with costs', 'Shown without costs']);
    expect(rows.map((r) => r.id)).not.toContain(w.completedProject);
    const [withCosts, noCosts] = rows;
    expect(Object.keys(withCosts!).sort()).toEqual(
      [
        'id',
        'title',
        'description',
        'place',
        'space_size',
        'preferred_style',
        'completed_at',
        'budget',
        'budget_type',
        'items_total',
        'is_public',
        'costs_public',
      ].sort(),
    );
    // With the cost consent: the database's items_total against the budget ($2,310 of a $2,500 hard cap).
    expect(withCosts).toMatchObject({
      place: 'Portland, OR',
      budget: 2500,
      budget_type: 'hard',
      items_total: 2310,
      is_public: true,
      costs_public: true,
    });
    // Without it: no money at all; and a street address shows no place rather than part of it.
    expect(noCosts).toMatchObject({
      place: null,
      budget: null,
      budget_type: null,
      items_total: null,
      is_public: true,
      costs_public: false,
    });
    // The same for another designer.
    expect((await portfolio(await as(w.otherDesigner), w.assigned)).map((r) => r.id)).toEqual([
      shownWithCosts,
      shownNoCosts,
    ]);
  });

  it('the table itself stays closed to them: the project row, its items and its location', async () => {
    const other = await as(w.otherCustomer);
    const project = await other.from('projects').select('id, customer_id').eq('id', shownWithCosts);
    expect(project.error).toBeNull();
    expect(project.data).toEqual([]);
    // The location as typed is no API column for anyone (docs/decisions/0030-safe-by-default.md).
    expect((await other.from('projects').select('id, location').eq('id', shownWithCosts)).error?.code).toBe('42501');
    expect(await other.rpc('project_locations', { p_projects: [shownWithCosts] })).toMatchObject({ data: [] });
    const items = await other.from('project_items').select('id, cost').eq('project_id', shownWithCosts);
    expect(items.error).toBeNull();
    expect(items.data).toEqual([]);
  });

  it("the project's parties also see the non-consented one (is_public false), with its costs", async () => {
    for (const party of [w.assigned, w.owner]) {
      const rows = await portfolio(await as(party), w.assigned);
      // The world's completed project was completed just now (newest), the two above days ago.
      expect(rows.map((r) => r.id)).toEqual([w.completedProject, shownWithCosts, shownNoCosts]);
      expect(rows[0]).toMatchObject({ is_public: false, costs_public: false, budget: 1000, items_total: 0 });
      // Their own view of the no-cost project carries its figures (they see them on the project page anyway).
      expect(rows[2]).toMatchObject({ is_public: true, costs_public: false, budget: 2500 });
    }
    // Another designer's portfolio shows none of these.
    expect(await portfolio(await as(w.otherCustomer), w.otherDesigner)).toEqual([]);
  });

  it('pages newest completion first with a keyset cursor, and refuses bad paging and anonymous callers', async () => {
    const owner = await as(w.owner);
    const first = await portfolio(owner, w.assigned, { page_size: 2 });
    expect(first.map((r) => r.id)).toEqual([w.completedProject, shownWithCosts]);
    const last = first.at(-1)!;
    const next = await portfolio(owner, w.assigned, {
      page_size: 2,
      after_completed_at: last.completed_at,
      after_id: last.id,
    });
    expect(next.map((r) => r.id)).toEqual([shownNoCosts]);

    for (const args of [{ page_size: 0 }, { page_size: 51 }, { after_id: shownWithCosts }]) {
      const { data, error } = await owner.rpc('portfolio_projects', { designer_id: w.assigned, ...args });
      expect(data).toBeNull();
      expect(error?.code).toBe('22023');
    }
    const anon = await anonClient().rpc('portfolio_projects', { designer_id: w.assigned });
    expect(anon.data).toBeNull();
    expect(anon.error?.code).toBe('42501');
  });

  it('is a fixed-search_path SECURITY DEFINER function, executable by authenticated only', async () => {
    const r = await c.query(
      `select p.prosecdef, p.proconfig, has_function_privilege('authenticated', p.oid, 'execute') as authed,
              has_function_privilege('anon', p.oid, 'execute') as anon, has_function_privilege('public', p.oid, 'execute') as pub
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.proname = 'portfolio_projects'`,
    );
    expect(r.rows).toEqual([{ prosecdef: true, proconfig: ['search_path=""'], authed: true, anon: false, pub: false }]);
  });

  it('has an index that serves a page in its order (designer, completion date, id)', async () => {
    // On a tiny table the planner may scan instead; with scans and sorts off, only a fitting index can answer.
    await c.query('begin');
    try {
      await c.query('set local enable_seqscan = off; set local enable_bitmapscan = off; set local enable_sort = off');
      const plan = await c.query<{ 'QUERY PLAN': string }>(
        `explain select id from public.projects where designer_id = $1 and status = 'completed'
          order by completed_at desc, id desc limit 6`,
        [w.assigned],
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('projects_designer_completed_idx');
    } finally {
      await c.query('rollback');
    }
  });
});

describe('the place shown', () => {
  it('is a plain place name or nothing: never coordinates, a number or a street', async () => {
    const cases: [string, string | null][] = [
      ['Portland, OR', 'Portland, OR'],
      ['  Austin  ', 'Austin'],
      ['St. Louis, MO', 'St. Louis, MO'],
      ["Coeur d'Alene, ID", "Coeur d'Alene, ID"],
      ['Winston-Salem, NC', 'Winston-Salem, NC'],
      ['São Paulo, SP', 'São Paulo, SP'],
      ['Zürich', 'Zürich'],
      ['45.5231,-122.6803', null],
      ['45.5231, -122.6803', null],
      ['123 Main St, Portland', null],
      ['Main St, Portland', null],
      ['Elm Street, Springfield', null],
      ['Hawthorne Blvd., Portland', null],
      ['Apt B, Portland', null],
      ['Portland, OR 97214', null],
      ['Pearl District, Portland, OR', null],
      ['', null],
    ];
    for (const [location, place] of cases) {
      const r = await c.query<{ place: string | null }>(`select private.portfolio_place($1) as place`, [location]);
      expect(r.rows[0]?.place, location).toBe(place);
    }
  });
});

describe('consent', () => {
  it('only the customer gives or withdraws it; the designer and others change nothing', async () => {
    const read = async () =>
      (
        await c.query(`select portfolio_consent, portfolio_show_costs from public.projects where id = $1`, [
          w.completedProject,
        ])
      ).rows[0];
    for (const stranger of [w.assigned, w.otherCustomer, w.otherDesigner]) {
      const { data, error } = await (
        await as(stranger)
      )
        .from('projects')
        .update({ portfolio_consent: true, portfolio_show_costs: true })
        .eq('id', w.completedProject)
        .select('id');
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect(await read()).toEqual({ portfolio_consent: false, portfolio_show_costs: false });
    }
    const owner = await as(w.owner);
    const given = await owner
      .from('projects')
      .update({ portfolio_consent: true, portfolio_show_costs: true })
      .eq('id', w.completedProject)
      .select('portfolio_consent, portfolio_show_costs')
      .single();
    expect(given.error).toBeNull();
    expect(given.data).toEqual({ portfolio_consent: true, portfolio_show_costs: true });
    expect((await portfolio(await as(w.otherCustomer), w.assigned)).map((r) => r.id)).toContain(w.completedProject);

    const withdrawn = await owner
      .from('projects')
      .update({ portfolio_consent: false, portfolio_show_costs: false })
      .eq('id', w.completedProject)
      .select('portfolio_consent')
      .single();
    expect(withdrawn.error).toBeNull();
    expect((await portfolio(await as(w.otherCustomer), w.assigned)).map((r) => r.id)).not.toContain(w.completedProject);
  });

  it('means something only when completed, and costs only with the portfolio consent (23514, nothing changed)', async () => {
    const owner = await as(w.owner);
    const early = await owner.from('projects').update({ portfolio_consent: true }).eq('id', w.activeProject);
    expect(early.error?.code).toBe('23514');
    const costsAlone = await owner.from('projects').update({ portfolio_show_costs: true }).eq('id', w.completedProject);
    expect(costsAlone.error?.code).toBe('23514');
    // Completing and consenting in one update is what Mark as Complete sends.
    const both = await inRolledBackTx(
      c,
      user(w.owner),
      `update public.projects set status = 'completed', portfolio_consent = true where id = $1 returning portfolio_consent, completed_at`,
      [w.activeProject],
    );
    expect(both).toMatchObject({ ok: true, rowCount: 1 });
    expect(both.rows[0]?.completed_at).not.toBeNull();
    // The designer cannot set it even together with a state the owner could set.
    const designer = await inRolledBackTx(
      c,
      user(w.assigned),
      `update public.projects set portfolio_consent = true where id = $1`,
      [w.completedProject],
    );
    expect(designer).toMatchObject({ ok: true, rowCount: 0 });
  });

  it('a project inserted as completed gets its completion date (the portfolio orders by it)', async () => {
    const r = await inRolledBackTx(
      c,
      { role: 'service_role' },
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status)
       values ($1, $2, 'Imported room', 'Imported from elsewhere', 'Portland, OR', 100, 500, 'completed') returning completed_at`,
      [w.owner, w.assigned],
    );
    expect(r.ok).toBe(true);
    expect(r.rows[0]?.completed_at).not.toBeNull();
  });
});

describe('portfolio photos in storage', () => {
  it("other signed-in users list and sign a consented project's before/after photos, nothing else of it", async () => {
    for (const viewer of [await as(w.otherCustomer), await as(w.otherDesigner)]) {
      expect(await names(viewer, shownWithCosts)).toEqual(['after-1.png', 'before-1.png']);
      const signed = await viewer.storage
        .from('project-photos')
        .createSignedUrls([`${shownWithCosts}/before-1.png`, `${shownWithCosts}/after-1.png`], 3600);
      expect(signed.error).toBeNull();
      for (const link of signed.data!) {
        expect(link.error).toBeNull();
        expect((await fetch(link.signedUrl!)).status).toBe(200);
      }
      // The photo posted with the project is not a before/after photo: it stays with the parties.
      const creation = await viewer.storage
        .from('project-photos')
        .createSignedUrl(`${shownWithCosts}/1700000000000_0.png`, 60);
      expect(creation.error).not.toBeNull();
      // Read only.
      expect((await viewer.storage.from('project-photos').remove([`${shownWithCosts}/before-1.png`])).data).toEqual([]);
      const write = await viewer.storage
        .from('project-photos')
        .upload(`${shownWithCosts}/after-9.png`, new Blob([PNG], { type: 'image/png' }), { contentType: 'image/png' });
      expect(write.error).not.toBeNull();
    }
  });

  it("a non-consented completed project's photos stay with its parties", async () => {
    const other = await as(w.otherCustomer);
    expect(await names(other, w.completedProject)).toEqual([]);
    const signed = await other.storage.from('project-photos').createSignedUrl(`${w.completedProject}/before-1.png`, 60);
    expect(signed.error).not.toBeNull();
    expect(await names(await as(w.assigned), w.completedProject)).toEqual([
      '1700000000000_0.png',
      'after-1.png',
      'before-1.png',
    ]);
    expect(await names(anonClient(), shownWithCosts)).toEqual([]);
  });
});

describe('demo seed', () => {
  it("shows the demo customer Jordan's consented project with its cost line, and Jordan both kinds", async () => {
    const jordan = 'd0000000-0000-4000-8000-000000000001';
    const call = `select id, title, place, items_total, budget, is_public, costs_public from public.portfolio_projects($1)`;
    const asMaya = await inRolledBackTx(c, user('c0000000-0000-4000-8000-000000000001'), call, [jordan]);
    expect(asMaya.rows).toEqual([
      {
        id: 'b0000000-0000-4000-8000-000000000008',
        title: 'Scandinavian studio apartment',
        place: 'Brooklyn, NY',
        items_total: '1905',
        budget: 2000,
        is_public: true,
        costs_public: true,
      },
    ]);
    const asJordan = await inRolledBackTx(c, user(jordan), call, [jordan]);
    expect(asJordan.rows.map((r) => [r.title, r.is_public])).toEqual([
      ['Minimalist bedroom', false],
      ['Scandinavian studio apartment', true],
    ]);
  });
});
