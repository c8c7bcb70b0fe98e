import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, connect, createUser, deleteUsers, user, type Outcome } from './support/pg.ts';

/**
 * The selection board (docs/working-together.md): the project's designer proposes Good Stuff pieces (held for the
 * project by 'Add to project''s rules) and outside finds; the customer approves (the item is added, the hard cap
 * refusing with the budget's own message and changing nothing), declines with a reason or asks for an alternative;
 * the designer withdraws. Each function refuses the wrong person, the wrong state and bad input with a sentence;
 * the other party is told.
 */
let c: pg.Client;
const racers: pg.Client[] = [];
let designer: string;
let customer: string;
let seller: string;
let outsider: string;
let operator: string;
let people: string[] = [];

beforeAll(async () => {
  c = await connect();
  for (let i = 0; i < 2; i++) racers.push(await connect());
  designer = await createUser(c, { role: 'designer', fullName: 'Jordan Designer', subscribe: 'designer' });
  customer = await createUser(c, { role: 'customer', fullName: 'Maya Customer', subscribe: 'client' });
  seller = await createUser(c, { role: 'designer', fullName: 'Sam Seller', subscribe: 'designer' });
  outsider = await createUser(c, { role: 'customer', fullName: 'Otto Outside', subscribe: 'client' });
  operator = await createUser(c, { role: 'customer', fullName: 'Ona Operator' });
  await c.query('insert into private.operators (user_id) values ($1)', [operator]);
  people = [designer, customer, seller, outsider, operator];
  // The pieces' photo, uploaded as Good Stuff's listing photos are (20261130000500_listing_photos.sql).
  await c.query(`insert into storage.objects (bucket_id, name, owner_id) values ('catalog-images', $1, $2)`, [
    `${seller}/chair.webp`,
    seller,
  ]);
});
afterAll(async () => {
  await deleteUsers(c, people);
  await Promise.all([c, ...racers].map((x) => x.end()));
});

const as = (who: string, text: string, params: unknown[] = []) => asActor(c, user(who), text, params);

/** An active project of the customer and the designer: a hard cap of 2500 with 2050 of items in it. */
async function project(opts: { status?: string; budget?: number; spent?: number } = {}): Promise<string> {
  const id = (
    await c.query<{ id: string }>(
      `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
       values ($1, $2, 'Mid-century living room', 'Warm and calm', 'Portland, OR', 320, $3, 'hard', $4) returning id`,
      [customer, designer, opts.budget ?? 2500, opts.status ?? 'active'],
    )
  ).rows[0]!.id;
  const spent = opts.spent ?? 2050;
  if (spent > 0) {
    await c.query(
      `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Walnut credenza', $2, $3)`,
      [id, spent, designer],
    );
  }
  return id;
}

async function piece(title = 'Peacock wicker chair', price = 280): Promise<string> {
  return (
    await c.query<{ id: string }>(
      `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition, photo_urls)
       values ($1::uuid, $2, 'Classic 1970s chair', 'chair', $3, '30x30x50 in', 'good',
               array[private.public_api_url() || '/storage/v1/object/public/catalog-images/' || $1::text || '/chair.webp'])
       returning id`,
      [seller, title, price],
    )
  ).rows[0]!.id;
}

type Proposal = Record<string, unknown> & { id: string; status: string };

const proposeFind = (who: string, projectId: string, fields: Record<string, unknown> = {}) =>
  as(
    who,
    `select * from public.propose_board_item(project_id => $1, room => $2, title => $3, price => $4, photo => $5,
       store => $6, link => $7, dimensions => $8, note => $9)`,
    [
      projectId,
      fields.room ?? 'Living room',
      fields.title ?? 'Fiddle-leaf fig in a ceramic pot',
      fields.price ?? 65,
      fields.photo ?? null,
      fields.store ?? 'Pistils Nursery',
      fields.link ?? 'https://pistils.example/fig',
      fields.dimensions ?? null,
      fields.note ?? 'For the empty corner by the window.',
    ],
  );
const proposePiece = (who: string, projectId: string, itemId: string, extra: Record<string, unknown> = {}) =>
  as(
    who,
    `select * from public.propose_board_item(project_id => $1, room => 'Living room', catalog_item_id => $2, price => $3)`,
    [projectId, itemId, extra.price ?? null],
  );
const decide = (who: string, fn: string, proposalId: string, arg?: string | null) =>
  arg === undefined
    ? as(who, `select * from public.${fn}($1)`, [proposalId])
    : as(who, `select * from public.${fn}($1, $2)`, [proposalId, arg]);

const proposal = (o: Outcome) => o.rows[0] as Proposal;
const row = async (id: string) =>
  (await c.query<Proposal>(`select * from public.board_proposals where id = $1`, [id])).rows[0]!;
const hold = async (itemId: string) =>
  (
    await c.query<{ project_item_id: string | null; board_proposal_id: string | null; held_until: Date }>(
      `select h.project_item_id, h.board_proposal_id, h.held_until from private.catalog_holds h where h.catalog_item_id = $1`,
      [itemId],
    )
  ).rows[0] ?? null;
const heldUntil = async (itemId: string) =>
  (await c.query<{ held_until: Date | null }>(`select held_until from public.catalog_items where id = $1`, [itemId]))
    .rows[0]!.held_until;
const items = async (projectId: string) =>
  (
    await c.query<{ name: string; cost: string; catalog_item_id: string | null; added_by: string }>(
      `select name, cost, catalog_item_id, added_by from public.project_items where project_id = $1 order by created_at`,
      [projectId],
    )
  ).rows.map((r) => ({ ...r, cost: Number(r.cost) }));
const total = async (projectId: string) =>
  Number(
    (await c.query<{ items_total: string }>(`select items_total from public.projects where id = $1`, [projectId]))
      .rows[0]!.items_total,
  );
const told = async (projectId: string, kind: string) =>
  (
    await c.query(
      `select user_id, actor_id, title, body, link from public.notifications where project_id = $1 and kind = $2
       order by created_at`,
      [projectId, kind],
    )
  ).rows;

describe('proposing', () => {
  it('the designer proposes an outside find; the customer is told; everyone else is refused, bad input too', async () => {
    const p = await project();
    const refusals: [string, Record<string, unknown>, string, string][] = [
      [customer, {}, '42501', "Only the project's designer proposes pieces"],
      [outsider, {}, 'P0002', 'Project not found'],
      [seller, {}, 'P0002', 'Project not found'],
      [designer, { room: '  ' }, '23514', 'Say which room it is for (1 to 60 characters)'],
      [designer, { room: 'x'.repeat(61) }, '23514', 'Say which room it is for (1 to 60 characters)'],
      [designer, { title: ' ' }, '23514', 'Give the find a title (1 to 200 characters)'],
      [designer, { price: 0 }, '23514', 'Give the find a price above $0, in dollars and cents'],
      [designer, { price: 12.345 }, '23514', 'Give the find a price above $0, in dollars and cents'],
      [
        designer,
        { link: 'http://shop.example/fig' },
        '23514',
        'The link must be a web address starting with https:// (up to 2000 characters)',
      ],
      [designer, { note: 'x'.repeat(1001) }, '23514', 'Keep the note to 1000 characters'],
      // A photo must be uploaded to the project's folder of board-photos first.
      [designer, { photo: `${p}/never-uploaded.webp` }, '23514', 'A photo was not found: upload it again'],
    ];
    for (const [who, fields, code, message] of refusals) {
      expect(await proposeFind(who, p, fields), message).toMatchObject({ ok: false, code, message });
    }
    const pending = await project({ status: 'pending' });
    expect(await proposeFind(designer, pending)).toMatchObject({
      ok: false,
      code: '55000',
      message: 'Pieces can be proposed on active projects only',
    });

    const uploaded = await as(
      designer,
      `insert into storage.objects (bucket_id, name, owner_id) values ('board-photos', $1, $2) returning name`,
      [`${p}/fig.webp`, designer],
    );
    expect(uploaded).toMatchObject({ ok: true });
    const made = await proposeFind(designer, p, { photo: `${p}/fig.webp`, room: '  Living room ', dimensions: '5 ft' });
    expect(made).toMatchObject({ ok: true, rowCount: 1 });
    expect(proposal(made)).toMatchObject({
      kind: 'find',
      status: 'proposed',
      title: 'Fiddle-leaf fig in a ceramic pot',
      price: '65.00',
      photo: `${p}/fig.webp`,
      room: 'Living room',
      store: 'Pistils Nursery',
      designer_id: designer,
      customer_id: customer,
      catalog_item_id: null,
      decided_at: null,
    });
    expect(await told(p, 'board_proposed')).toEqual([
      {
        user_id: customer,
        actor_id: designer,
        title: 'Jordan Designer proposed "Fiddle-leaf fig in a ceramic pot" ($65) for the Living room',
        body: 'For the empty corner by the window.',
        link: `/project/${p}#board`,
      },
    ]);
    // The project's people and operators read it; nobody else does, and nobody writes it directly.
    const reads = async (who: string) =>
      (await as(who, `select id from public.board_proposals where project_id = $1`, [p])).rowCount;
    expect([await reads(designer), await reads(customer), await reads(operator), await reads(outsider)]).toEqual([
      1, 1, 1, 0,
    ]);
    expect(await as(designer, `update public.board_proposals set price = 1 where project_id = $1`, [p])).toMatchObject({
      ok: false,
      code: '42501',
    });
    expect(
      await as(outsider, `insert into storage.objects (bucket_id, name, owner_id) values ('board-photos', $1, $2)`, [
        `${p}/mine.webp`,
        outsider,
      ]),
    ).toMatchObject({ ok: false, code: '42501' });
  });

  it('a piece brings its title, price, photo and dimensions and is held for the project, by the holds’ rules', async () => {
    const p = await project();
    const other = await project();
    const item = await piece();
    expect(await proposePiece(designer, p, item, { price: 10 })).toMatchObject({
      ok: false,
      code: '23514',
      message: 'A Good Stuff piece brings its own title, price and photo',
    });
    const made = await proposePiece(designer, p, item);
    expect(proposal(made)).toMatchObject({
      kind: 'piece',
      catalog_item_id: item,
      title: 'Peacock wicker chair',
      price: '280.00',
      photo: expect.stringMatching(
        new RegExp(`/storage/v1/object/public/catalog-images/${seller}/chair\\.webp$`),
      ) as string,
      dimensions: '30x30x50 in',
    });
    const h = await hold(item);
    expect(h).toMatchObject({ board_proposal_id: proposal(made).id, project_item_id: null });
    expect(await heldUntil(item)).toEqual(h!.held_until);
    // The same rules as 'Add to project': once on this board, held for this project, and not for another.
    expect(await proposePiece(designer, p, item)).toMatchObject({
      ok: false,
      code: '23505',
      message: "This piece is already on this project's selection board",
    });
    expect(await as(customer, `select public.add_catalog_item_to_project($1, $2)`, [other, item])).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This piece is held for another project',
    });
    expect(await proposePiece(designer, other, item)).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This piece is held for another project',
    });
    const sold = await piece('Sold lamp', 90);
    await c.query(`update public.catalog_items set status = 'sold' where id = $1`, [sold]);
    expect(await proposePiece(designer, p, sold)).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This piece is no longer available',
    });
  });

  it('a project holds at most 10 pieces, proposals and items together', async () => {
    const p = await project({ budget: 100000, spent: 0 });
    for (let i = 0; i < 5; i++) {
      expect(await proposePiece(designer, p, await piece(`Chair ${i}`, 10))).toMatchObject({ ok: true });
      expect(
        await as(customer, `select public.add_catalog_item_to_project($1, $2)`, [p, await piece(`Lamp ${i}`, 10)]),
      ).toMatchObject({ ok: true });
    }
    expect(await proposePiece(designer, p, await piece('Chair 11', 10))).toMatchObject({
      ok: false,
      code: 'P0001',
      message: expect.stringContaining('This project already holds 10 pieces') as string,
    });
  });
});

describe('deciding', () => {
  it('approving a find adds the item at its price; the designer is told; it cannot be decided again', async () => {
    const p = await project();
    const b = proposal(await proposeFind(designer, p));
    expect(await decide(designer, 'approve_board_item', b.id)).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Only the customer approves proposals',
    });
    expect(await decide(outsider, 'approve_board_item', b.id)).toMatchObject({
      ok: false,
      code: 'P0002',
      message: 'Proposal not found',
    });
    const approved = await decide(customer, 'approve_board_item', b.id);
    expect(approved).toMatchObject({ ok: true });
    expect(proposal(approved)).toMatchObject({ status: 'approved', price: '65.00' });
    expect(proposal(approved).decided_at).not.toBeNull();
    expect(await items(p)).toEqual([
      expect.objectContaining({ name: 'Walnut credenza' }),
      { name: 'Fiddle-leaf fig in a ceramic pot', cost: 65, catalog_item_id: null, added_by: customer },
    ]);
    expect(await total(p)).toBe(2115);
    expect(proposal(approved).project_item_id).not.toBeNull();
    expect(await told(p, 'board_approved')).toMatchObject([
      {
        user_id: designer,
        actor_id: customer,
        title: 'Maya Customer approved "Fiddle-leaf fig in a ceramic pot" ($65)',
        link: `/project/${p}#board`,
      },
    ]);
    for (const [fn, arg] of [
      ['approve_board_item', undefined],
      ['decline_board_item', 'Too big'],
      ['ask_board_alternative', null],
    ] as const) {
      expect(await decide(customer, fn, b.id, arg)).toMatchObject({
        ok: false,
        code: '55000',
        message: 'This proposal was already approved.',
      });
    }
    expect(await decide(designer, 'withdraw_board_item', b.id)).toMatchObject({ ok: false, code: '55000' });
  });

  it('approving a piece adds it through Add to project: the hold moves to the item and keeps its end', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    const before = (await hold(item))!.held_until;
    const approved = proposal(await decide(customer, 'approve_board_item', b.id));
    expect(approved).toMatchObject({ status: 'approved', price: '280.00' });
    expect(await items(p)).toContainEqual({
      name: 'Peacock wicker chair',
      cost: 280,
      catalog_item_id: item,
      added_by: customer,
    });
    expect(await hold(item)).toEqual({
      project_item_id: approved.project_item_id,
      board_proposal_id: null,
      held_until: before,
    });
    expect(await heldUntil(item)).toEqual(before);
  });

  it('over the hard cap the approval is refused with the budget’s own message and nothing changes', async () => {
    const p = await project();
    const item = await piece('Teak three-seat sofa', 850);
    const b = proposal(await proposePiece(designer, p, item));
    const find = proposal(await proposeFind(designer, p, { title: 'Arc lamp', price: 451 }));
    const holdBefore = await hold(item);
    for (const id of [b.id, find.id]) {
      expect(await decide(customer, 'approve_board_item', id)).toMatchObject({
        ok: false,
        code: '23514',
        message: 'Cannot add item: Would exceed hard budget cap of $2500',
      });
      expect((await row(id)).status).toBe('proposed');
    }
    expect(await items(p)).toHaveLength(1);
    expect(await total(p)).toBe(2050);
    expect(await hold(item)).toEqual(holdBefore);
    expect(await told(p, 'board_approved')).toEqual([]);
  });

  it('declining needs a reason and lets the piece go; the reason reaches the designer in their words', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    expect(await decide(designer, 'decline_board_item', b.id, 'No')).toMatchObject({ ok: false, code: '42501' });
    expect(await decide(customer, 'decline_board_item', b.id, '  ')).toMatchObject({
      ok: false,
      code: '23514',
      message: 'Say why you decline it (1 to 1000 characters)',
    });
    const declined = proposal(await decide(customer, 'decline_board_item', b.id, ' Too orange for the rug '));
    expect(declined).toMatchObject({ status: 'declined', decline_reason: 'Too orange for the rug' });
    expect(await hold(item)).toBeNull();
    expect(await heldUntil(item)).toBeNull();
    expect(await told(p, 'board_declined')).toMatchObject([
      { user_id: designer, title: 'Maya Customer declined "Peacock wicker chair"', body: 'Too orange for the rug' },
    ]);
    expect(await decide(customer, 'approve_board_item', b.id)).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This proposal was already declined.',
    });
    // Let go, the piece can be proposed again (its hold's end kept: re-proposing does not renew it).
    expect(await proposePiece(designer, p, item)).toMatchObject({ ok: true });
  });

  it('asking for an alternative lets the piece go and tells the designer, with the note', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    expect(await decide(designer, 'ask_board_alternative', b.id, null)).toMatchObject({ ok: false, code: '42501' });
    const asked = proposal(await decide(customer, 'ask_board_alternative', b.id, 'Something lower, please'));
    expect(asked).toMatchObject({ status: 'alternative', alternative_note: 'Something lower, please' });
    expect(await hold(item)).toBeNull();
    expect(await told(p, 'board_alternative')).toMatchObject([
      {
        user_id: designer,
        title: 'Maya Customer asked for an alternative to "Peacock wicker chair"',
        body: 'Something lower, please',
      },
    ]);
    const bare = proposal(await proposeFind(designer, p, { title: 'Rug' }));
    expect(proposal(await decide(customer, 'ask_board_alternative', bare.id, null))).toMatchObject({
      status: 'alternative',
      alternative_note: null,
    });
  });

  it('the designer withdraws a proposal before it is decided; the piece is let go', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    expect(await decide(customer, 'withdraw_board_item', b.id)).toMatchObject({
      ok: false,
      code: '42501',
      message: 'Only the designer who proposed it withdraws a proposal',
    });
    expect(proposal(await decide(designer, 'withdraw_board_item', b.id))).toMatchObject({ status: 'withdrawn' });
    expect(await hold(item)).toBeNull();
    expect(await decide(customer, 'approve_board_item', b.id)).toMatchObject({
      ok: false,
      code: '55000',
      message: 'This proposal was withdrawn.',
    });
  });

  it('two approvals at once add one item', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    const results = await Promise.all(
      racers.map((r) => asActor(r, user(customer), `select status from public.approve_board_item($1)`, [b.id])),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: '55000', message: 'This proposal was already approved.' });
    expect((await items(p)).filter((i) => i.catalog_item_id === item)).toHaveLength(1);
    expect(await total(p)).toBe(2330);
  });

  it('an approval and a decline at once: one of them wins, and the piece is where the winner left it', async () => {
    const p = await project();
    const item = await piece();
    const b = proposal(await proposePiece(designer, p, item));
    const [approve, decline] = await Promise.all([
      asActor(racers[0]!, user(customer), `select status from public.approve_board_item($1)`, [b.id]),
      asActor(racers[1]!, user(customer), `select status from public.decline_board_item($1, 'Changed my mind')`, [
        b.id,
      ]),
    ]);
    expect([approve.ok, decline.ok].filter(Boolean)).toHaveLength(1);
    const after = await row(b.id);
    if (after.status === 'approved') {
      expect((await hold(item))!.project_item_id).toBe(after.project_item_id);
    } else {
      expect(after.status).toBe('declined');
      expect(await hold(item)).toBeNull();
      expect(await items(p)).toHaveLength(1);
    }
  });
});
