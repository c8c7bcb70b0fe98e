import type { World } from './support/world.ts';

/** The product's bounds (docs/product.md, Limits) as data: a valid row, then values at the limit (accepted) and just past it (refused). */
export type Who = 'owner' | 'assigned' | 'otherDesigner';
export interface Bound {
  name: string;
  table: string;
  who: Who;
  /** a valid row; the case overrides one field */
  row: (w: World) => Record<string, unknown>;
  field: string;
  ok: unknown[];
  bad: unknown[];
  code: string;
  setup?: (w: World) => string;
}

const s = (n: number, ch = 'x') => ch.repeat(n);
const project = (w: World) => ({
  customer_id: w.owner,
  title: 'Cozy studio',
  description: 'Furnish a small studio',
  location: 'Portland, OR',
  space_size: 300,
  budget: 1500,
  budget_type: 'soft',
  status: 'pending',
});

export const BOUNDS: Bound[] = [
  {
    name: 'project title 3–100',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'title',
    ok: ['abc', s(100)],
    bad: ['ab', s(101), '  ab  '],
    code: '23514',
  },
  {
    name: 'project description 10–1000',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'description',
    ok: [s(10), s(1000)],
    bad: [s(9), s(1001)],
    code: '23514',
  },
  {
    name: 'project location 1–100',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'location',
    ok: ['X', s(100)],
    bad: ['', '   ', s(101)],
    code: '23514',
  },
  {
    name: 'project space size > 0',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'space_size',
    ok: [1],
    bad: [0, -10],
    code: '23514',
  },
  {
    name: 'project budget > 0',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'budget',
    ok: [1],
    bad: [0, -1],
    code: '23514',
  },
  {
    name: 'project budget type soft|hard',
    table: 'projects',
    who: 'owner',
    row: project,
    field: 'budget_type',
    ok: ['soft', 'hard'],
    bad: ['firm'],
    code: '22P02',
  },
  {
    name: 'item name 1–100',
    table: 'project_items',
    who: 'owner',
    row: (w) => ({ project_id: w.activeProject, name: 'Lamp', cost: 10, added_by: w.owner }),
    field: 'name',
    ok: ['L', s(100)],
    bad: ['', '  ', s(101)],
    code: '23514',
  },
  {
    name: 'item description ≤ 500',
    table: 'project_items',
    who: 'owner',
    row: (w) => ({ project_id: w.activeProject, name: 'Lamp', cost: 10, added_by: w.owner }),
    field: 'description',
    ok: [null, s(500)],
    bad: [s(501)],
    code: '23514',
  },
  {
    name: 'item cost > 0 with cents',
    table: 'project_items',
    who: 'assigned',
    row: (w) => ({ project_id: w.activeProject, name: 'Lamp', cost: 10, added_by: w.assigned }),
    field: 'cost',
    ok: [0.01, 12.34],
    bad: [0, -5, 1.005],
    code: '23514',
  },
  {
    name: 'message 1–2000 after trimming',
    table: 'messages',
    who: 'assigned',
    row: (w) => ({ project_id: w.activeProject, sender_id: w.assigned, content: 'hi' }),
    field: 'content',
    ok: ['a', s(2000), `   ${s(2000)}\n  `],
    bad: ['', '    ', '\n\t ', s(2001)],
    code: '23514',
  },
  {
    name: 'bid amount > 0 with cents',
    table: 'project_bids',
    who: 'otherDesigner',
    row: (w) => ({ project_id: w.pendingProject, designer_id: w.otherDesigner, bid_amount: 100, proposal: 'Proposal' }),
    field: 'bid_amount',
    ok: [0.01, 1234.56],
    bad: [0, -1, 10.005],
    code: '23514',
  },
  {
    name: 'bid proposal required',
    table: 'project_bids',
    who: 'otherDesigner',
    row: (w) => ({ project_id: w.pendingProject, designer_id: w.otherDesigner, bid_amount: 100, proposal: 'Proposal' }),
    field: 'proposal',
    ok: ['P'],
    bad: ['', '   '],
    code: '23514',
  },
  {
    name: 'review rating 1–5',
    table: 'reviews',
    who: 'owner',
    setup: (w) => `delete from public.reviews where id = '${w.review}'`,
    row: (w) => ({ project_id: w.completedProject, designer_id: w.assigned, client_id: w.owner, rating: 5 }),
    field: 'rating',
    ok: [1, 5],
    bad: [0, 6],
    code: '23514',
  },
  {
    name: 'designer info 10–1000',
    table: 'designer_profiles',
    who: 'assigned',
    setup: (w) => `delete from public.designer_profiles where user_id = '${w.assigned}'`,
    row: (w) => ({ user_id: w.assigned, bio: 'Vintage rooms for everyone' }),
    field: 'bio',
    ok: [s(10), s(1000)],
    bad: [s(9), `   ${s(9)}   `, s(1001)],
    code: '23514',
  },
  {
    name: 'designer base rate ≥ 0',
    table: 'designer_profiles',
    who: 'assigned',
    setup: (w) => `delete from public.designer_profiles where user_id = '${w.assigned}'`,
    row: (w) => ({ user_id: w.assigned }),
    field: 'base_rate',
    ok: [0, 250],
    bad: [-1],
    code: '23514',
  },
  {
    name: 'designer portfolio URL valid or empty',
    table: 'designer_profiles',
    who: 'assigned',
    setup: (w) => `delete from public.designer_profiles where user_id = '${w.assigned}'`,
    row: (w) => ({ user_id: w.assigned }),
    field: 'portfolio_url',
    ok: ['', 'https://example.com/work'],
    bad: ['not a url', 'ftp://example.com'],
    code: '23514',
  },
  {
    name: 'customer location ≤ 100',
    table: 'customer_profiles',
    who: 'owner',
    setup: (w) => `delete from public.customer_profiles where user_id = '${w.owner}'`,
    row: (w) => ({ user_id: w.owner }),
    field: 'location',
    ok: [s(100), '45.52,-122.68'],
    bad: [s(101)],
    code: '23514',
  },
  {
    name: 'customer space size and budget > 0',
    table: 'customer_profiles',
    who: 'owner',
    setup: (w) => `delete from public.customer_profiles where user_id = '${w.owner}'`,
    row: (w) => ({ user_id: w.owner, budget_range: 1000 }),
    field: 'space_size',
    ok: [1],
    bad: [0, -3],
    code: '23514',
  },
];

/** Rows of the world in a table (other test files run beside this one, so never count a whole table). */
export const SCOPE: Record<string, (w: World) => [string, string]> = {
  projects: (w) => ['customer_id', w.owner],
  project_items: (w) => ['project_id', w.activeProject],
  messages: (w) => ['project_id', w.activeProject],
  project_bids: (w) => ['project_id', w.pendingProject],
  reviews: (w) => ['project_id', w.completedProject],
  designer_profiles: (w) => ['user_id', w.assigned],
  customer_profiles: (w) => ['user_id', w.owner],
};
