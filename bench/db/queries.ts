// Every database call of src/features/**/api, written as the app writes it
// with supabase-js (same columns, filters, order and page sizes where the app code exists).
import type pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { METRO_ORIGIN, METROS, type Actors } from './dataset.ts';

/** Who a call runs as: a signed-in bench user, or `anon` (the publishable key alone, as on the landing page). */
export type Actor = 'anon' | 'customer' | 'designer' | 'acceptor' | 'reviewer';

export interface BenchQuery {
  name: string;
  /** The app file (or call) it stands for. */
  spec: string;
  /** `postgres`: a statement of a database job (as pg_cron runs it), sent on a direct connection. */
  as: Actor | 'postgres';
  kind: 'read' | 'write';
  /** One call; `i` counts calls from 0 (warm-up included). Throws on an error answer. */
  run(i: number): Promise<unknown>;
  /** Calls that consume a row each (accept a bid, review a project): at most this many calls. */
  limit?: number;
  /** For those: the plan replays the first call's statement on a row no call used (value rewrite). */
  explainRewrite?: (v: unknown) => unknown;
  /** A line for the log after the calls (what they did, for information). */
  note?: () => string;
  /** Run once before the calls, untimed. */
  before?: () => Promise<void>;
}

export interface Pools {
  /** One pending bid of each of the acceptor's pending projects. */
  acceptBids: string[];
  /** The reviewer's completed, unreviewed projects (designer, project). */
  reviewProjects: { id: string; designer_id: string }[];
  /** Open projects the bench designer has not bid on. */
  openProjects: string[];
  /** One customer per nudge insert (a membership, a pending project): the limit is 20 nudges an hour per sender. */
  nudgeSenders: { id: string; email: string; project_id: string }[];
  /** Designers not nudged for any sender's project. */
  nudgeDesigners: string[];
  /** The last open project of the designer's page 19 (created_at as PostgREST writes it, id). */
  openPage20After: { created_at: string; id: string };
  /** The last message of the hot project's 100th page of 30, newest first (the app pages by keyset). */
  messagesPage101After: { created_at: string; id: string };
  /** Where page 5 (of 24) of each distance read starts: the last row of page 4 (distance_miles, id). */
  page5After: Record<DistanceList, { miles: number | null; id: string }>;
  /** The place the customer's profile form saves (Denver, CO). */
  denverPlace: string;
  /** The listers of a page of Good Stuff near the origin (up to 24 designer ids). */
  listers: string[];
  /** Where page 20 (of 24) of the market search MARKET_SEARCH starts: the last row of page 19. */
  searchPage20After: { sort_key: string; id: string };
  /** An available piece the bench customer has an offer on: the item page's subject. */
  itemPage: { id: string; designer_id: string };
}

/** The market search of the bench (words + category + price range, newest first), as search-catalog-items reads it. */
export const MARKET_SEARCH = { q: 'lamps', category: 'lighting', min_price: 100, max_price: 800 } as const;

/** The distance reads paged to page 5 by keyset (their cursors are read in db.ts's pools). */
export type DistanceList =
  | 'designersNear'
  | 'designersAll'
  | 'openNear'
  | 'openAll'
  | 'catalogWithin50'
  | 'catalogAny';

/** An origin with many rows within 100 miles (Denver: a metro of the dataset, amid uniformly spread projects). */
export const NEAR_ORIGIN = METRO_ORIGIN;
/** An origin with nothing within 100 miles (the Pacific, about 1,700 miles off the dataset's box): the catch-all. */
export const FAR_ORIGIN = { lat: 20.0, lng: -150.0 };

type Answer = { error: unknown; data?: unknown };
async function ok<T extends Answer>(p: PromiseLike<T>): Promise<T> {
  const r = await p;
  if (r.error) throw new Error(JSON.stringify(r.error));
  return r;
}

// As src/features/projects/api/project-types.ts: the place's label, never the location as typed or the coordinates.
const PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, place_id, place:places(label), space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at';
const OPEN_PROJECT_COLUMNS =
  'id, customer_id, designer_id, title, description, place_id, place_label, space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at, distance_miles, within_reach';
const DESIGNER_CARD_COLUMNS =
  'user_id, full_name, username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location';
const CATALOG_CARD_COLUMNS =
  'id, designer_id, title, description, category, price, dimensions, condition, image_url, location, created_at';
const NUDGE_COLUMNS =
  'id, client_id, designer_id, project_id, status, quote_amount, quote_message, created_at, responded_at, project:projects(id, title, description, place:places(label), space_size, budget, budget_type, preferred_style, status)';

type Origin = { lat: number; lng: number };
type Cursor = { miles: number | null; id: string } | null;

/** A page of the designer directory from an origin, as get-designers.ts asks for it. */
function designers(client: SupabaseClient, origin: Origin, after: Cursor) {
  return client
    .rpc('nearby_designers', {
      origin_latitude: origin.lat, origin_longitude: origin.lng,
      after_miles: after?.miles ?? undefined, after_id: after?.id, page_size: 24,
    })
    .select(`${DESIGNER_CARD_COLUMNS}, created_at, distance_miles, within_reach`)
    .order('distance_miles', { ascending: true, nullsFirst: false }).order('user_id', { ascending: true });
}

/** A page of Available Projects from an origin, as get-available-projects.ts asks for it. */
function openProjects(client: SupabaseClient, origin: Origin, after: Cursor) {
  return client
    .rpc('open_projects', {
      origin_latitude: origin.lat, origin_longitude: origin.lng,
      after_miles: after?.miles ?? undefined, after_id: after?.id, page_size: 24,
    })
    .select(OPEN_PROJECT_COLUMNS)
    .order('distance_miles', { ascending: true, nullsFirst: false }).order('id', { ascending: true });
}

/** A page of Good Stuff from NEAR_ORIGIN, within `within` miles or any distance (get-nearby-catalog-items.ts). */
function catalog(client: SupabaseClient, within: number | null, after: Cursor) {
  return client
    .rpc('nearby_catalog_items', {
      origin_latitude: NEAR_ORIGIN.lat, origin_longitude: NEAR_ORIGIN.lng, within_miles: within ?? undefined,
      after_miles: after?.miles ?? undefined, after_id: after?.id, page_size: 24,
    })
    .select(`${CATALOG_CARD_COLUMNS}, distance_miles`)
    .order('distance_miles', { ascending: true, nullsFirst: false }).order('id', { ascending: true });
}

/** A page of the market search (docs/decisions/0026-market.md), 24 rows, after a keyset cursor. */
function search(client: SupabaseClient, args: Record<string, unknown>, after: { sort_key: string; id: string } | null) {
  return client.rpc('search_catalog_items', {
    ...args, after_sort_key: after?.sort_key, after_id: after?.id, page_size: 24,
  });
}

const ITEM_PAGE_COLUMNS =
  'id, designer_id, title, description, category, price, condition, photo_urls, image_url, width_in, depth_in, height_in, location, place_id, latitude, longitude, status, reserved_until, held_until, saved_count, created_at';

/** Replaces one string value inside a statement's parameters (JSON bodies included). */
export function swapValue(from: string, to: string): (v: unknown) => unknown {
  return (v) => (typeof v === 'string' ? v.split(from).join(to) : v);
}

/** `senders`: pools.nudgeSenders signed in, in the same order; `jobs`: a direct connection as postgres (pg_cron's jobs). */
export function buildQueries(db: Record<Actor, SupabaseClient>, a: Actors, pools: Pools, senders: SupabaseClient[],
  jobs: pg.Client): BenchQuery[] {
  const c = db.customer;
  const d = db.designer;
  // The pieces the listing call below lists, in order: the match and the alerts job then take them.
  const listed: string[] = [];
  const alertsWritten: number[] = [];
  const near = { lat: 40.0, lng: -100.0 };
  const createdItems: string[] = [];
  const q: BenchQuery[] = [
    // ---- profiles, roles, role profiles
    {
      name: 'profiles: own id (check-user-exists)', spec: 'profiles select id where id is the user', as: 'customer', kind: 'read',
      run: () => ok(c.from('profiles').select('id').eq('id', a.customer.id).maybeSingle()),
    },
    {
      name: 'profiles: full_name of the designer', spec: 'profiles select full_name by id', as: 'customer', kind: 'read',
      run: () => ok(c.from('profiles').select('full_name').eq('id', a.designer.id).maybeSingle()),
    },
    {
      name: 'user_roles: own role', spec: 'user_roles select role where user_id (single)', as: 'designer', kind: 'read',
      run: () => ok(d.from('user_roles').select('role').eq('user_id', a.designer.id).maybeSingle()),
    },
    {
      name: 'customer_profiles: own row', spec: 'customer_profiles select by user_id', as: 'customer', kind: 'read',
      run: () => ok(c.from('customer_profiles').select('*').eq('user_id', a.customer.id).maybeSingle()),
    },
    {
      name: 'designer_profiles: own row', spec: 'designer_profiles select by user_id', as: 'designer', kind: 'read',
      run: () => ok(d.from('designer_profiles').select('*').eq('user_id', a.designer.id).maybeSingle()),
    },
    // The designer directory (get-designers.ts): rpc nearby_designers, nearest first from the customer's place.
    {
      name: 'rpc nearby_designers: within 100 mi, page 1 (24)', spec: 'designers nearest first within 100 miles (get-designers.ts)', as: 'customer', kind: 'read',
      run: () => ok(designers(c, NEAR_ORIGIN, null)),
    },
    {
      name: 'rpc nearby_designers: within 100 mi, keyset page 5', spec: 'the same, after the last row of page 4', as: 'customer', kind: 'read',
      run: () => ok(designers(c, NEAR_ORIGIN, pools.page5After.designersNear)),
    },
    {
      name: 'rpc nearby_designers: none within 100 mi, all nearest first, page 1', spec: 'the catch-all: every designer nearest first (nearest-neighbour index)', as: 'customer', kind: 'read',
      run: () => ok(designers(c, FAR_ORIGIN, null)),
    },
    {
      name: 'rpc nearby_designers: none within 100 mi, keyset page 5', spec: 'the catch-all, after the last row of page 4', as: 'customer', kind: 'read',
      run: () => ok(designers(c, FAR_ORIGIN, pools.page5After.designersAll)),
    },
    {
      name: 'rpc nearby_designers: no origin, newest first (24)', spec: 'the directory without a place (get-designers.ts)', as: 'customer', kind: 'read',
      run: () =>
        ok(c.rpc('nearby_designers', { page_size: 24 }).select(`${DESIGNER_CARD_COLUMNS}, created_at, distance_miles, within_reach`)
          .order('created_at', { ascending: false }).order('user_id', { ascending: false })),
    },
    {
      name: 'designer_profiles: available + profiles(full_name) embed', spec: 'designer_profiles select available with joined profile name (docs/product.md, Designers and nudges)', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('designer_profiles').select(`${DESIGNER_CARD_COLUMNS}, profiles(full_name)`).eq('availability_status', 'available')
          .order('created_at', { ascending: false }).order('user_id', { ascending: false }).range(0, 23)),
    },
    {
      name: 'customer_profiles: own coordinates', spec: 'customer_profiles select latitude, longitude (profile-origin.ts: the origin of the distance reads)', as: 'customer', kind: 'read',
      run: () => ok(c.from('customer_profiles').select('latitude, longitude').eq('user_id', a.customer.id).maybeSingle()),
    },
    // ---- places (the location field, src/lib/places): suggestions over the whole gazetteer
    {
      name: "rpc search_places: 3-letter prefix 'por' (8)", spec: 'suggestions as one types (search-places.ts), the landing form before sign-in', as: 'anon', kind: 'read',
      run: () => ok(db.anon.rpc('search_places', { query: 'por', max_results: 8 })),
    },
    {
      name: "rpc search_places: 3-letter prefix 'san' (8)", spec: 'suggestions for the most common 3-letter prefix (4,991 labels)', as: 'customer', kind: 'read',
      run: () => ok(c.rpc('search_places', { query: 'san', max_results: 8 })),
    },
    {
      name: 'rpc nearest_place: the device position', spec: "'Use my location' names the position (nearest-place.ts)", as: 'customer', kind: 'read',
      run: () => ok(c.rpc('nearest_place', { latitude: NEAR_ORIGIN.lat + 0.05, longitude: NEAR_ORIGIN.lng - 0.05 })),
    },
    {
      name: 'subscriptions: own', spec: 'subscriptions (check-subscription reads the caller\'s rows)', as: 'customer', kind: 'read',
      run: () => ok(c.from('subscriptions').select('plan, status, current_period_end, product_id').eq('user_id', a.customer.id)),
    },
    // ---- projects
    {
      name: 'projects: by customer, newest first (24)', spec: 'projects select by customer_id newest first', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('projects').select(PROJECT_COLUMNS).eq('customer_id', a.customer.id)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 23)),
    },
    {
      name: 'projects: pending, unassigned (designer, 24)', spec: 'projects select status pending and designer_id null', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('projects').select(PROJECT_COLUMNS).eq('status', 'pending').is('designer_id', null)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 23)),
    },
    {
      name: 'projects: pending, unassigned, page 20', spec: 'projects select status pending and designer_id null, deep page (keyset, get-available-projects.ts)', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('projects').select(PROJECT_COLUMNS).eq('status', 'pending').is('designer_id', null)
          .lte('created_at', pools.openPage20After.created_at)
          .or(`created_at.lt."${pools.openPage20After.created_at}",id.lt.${pools.openPage20After.id}`)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(24)),
    },
    {
      name: 'projects: by designer, newest first (24)', spec: 'projects select where designer_id is the user', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('projects').select(PROJECT_COLUMNS).eq('designer_id', a.designer.id)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 23)),
    },
    {
      name: 'projects: by designer, completed, newest first', spec: 'projects select by designer_id and status completed newest first', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('projects').select(PROJECT_COLUMNS).eq('designer_id', a.designer.id).eq('status', 'completed')
          .order('created_at', { ascending: false })),
    },
    {
      name: 'projects: by customer, pending (nudgeable)', spec: 'projects select by customer_id and status pending', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('projects').select('id, title').eq('customer_id', a.customer.id).eq('status', 'pending')
          .order('created_at', { ascending: false }).limit(100)),
    },
    {
      name: 'projects: one by id', spec: 'projects select one by id', as: 'designer', kind: 'read',
      run: () => ok(d.from('projects').select(PROJECT_COLUMNS).eq('id', a.hotProject).maybeSingle()),
    },
    // ---- project contents
    {
      name: 'project_items: hot project, newest first', spec: 'project_items select by project newest first', as: 'customer', kind: 'read',
      run: () => ok(c.from('project_items').select('*').eq('project_id', a.hotProject).order('created_at', { ascending: false })),
    },
    {
      name: 'messages: hot project, latest 30 + sender', spec: 'messages select with sender profile, newest page (get-messages.ts)', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('messages').select('id, project_id, sender_id, content, created_at, sender:profiles!messages_sender_id_fkey(full_name)')
          .eq('project_id', a.hotProject).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30)),
    },
    {
      name: 'messages: hot project, page 101 (keyset) + sender', spec: 'messages select with sender profile, older page by keyset cursor (get-messages.ts)', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('messages').select('id, project_id, sender_id, content, created_at, sender:profiles!messages_sender_id_fkey(full_name)')
          .eq('project_id', a.hotProject)
          .lte('created_at', pools.messagesPage101After.created_at)
          .or(`created_at.lt."${pools.messagesPage101After.created_at}",id.lt.${pools.messagesPage101After.id}`)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(30)),
    },
    {
      name: 'project_bids: pending project + bidder', spec: 'project_bids select by project', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('project_bids').select('*, profiles(full_name)').eq('project_id', a.pendingProject)
          .order('created_at', { ascending: false })),
    },
    {
      name: 'reviews: by designer, newest first', spec: 'reviews select by designer_id newest first', as: 'customer', kind: 'read',
      run: () => ok(c.from('reviews').select('*').eq('designer_id', a.designer.id).order('created_at', { ascending: false })),
    },
    {
      name: 'designer_nudges: inbox + project (20)', spec: 'designer_nudges select by designer_id with joined project newest first', as: 'designer', kind: 'read',
      run: () =>
        ok(d.from('designer_nudges').select(NUDGE_COLUMNS).eq('designer_id', a.designer.id)
          .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 19)),
    },
    {
      name: 'designer_nudges: sent by customer (10)', spec: 'designer_nudges select by client (get-sent-nudges.ts)', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('designer_nudges')
          .select('id, designer_id, status, quote_amount, quote_message, created_at, project:projects(id, title), designer:profiles!designer_nudges_designer_id_fkey(full_name)')
          .eq('client_id', a.customer.id).order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, 9)),
    },
    {
      name: 'catalog_items: available, newest first (24)', spec: 'catalog_items select where is_available newest first', as: 'customer', kind: 'read',
      run: () => ok(c.from('catalog_items').select('*').eq('is_available', true).order('created_at', { ascending: false }).range(0, 23)),
    },
    // Good Stuff near the viewer (get-nearby-catalog-items.ts): within 25/50/100 miles, or any distance.
    {
      name: 'rpc nearby_catalog_items: within 50 mi, page 1 (24)', spec: 'Good Stuff within 50 miles nearest first (get-nearby-catalog-items.ts)', as: 'customer', kind: 'read',
      run: () => ok(catalog(c, 50, null)),
    },
    {
      name: 'rpc nearby_catalog_items: within 50 mi, keyset page 5', spec: 'the same, after the last row of page 4', as: 'customer', kind: 'read',
      run: () => ok(catalog(c, 50, pools.page5After.catalogWithin50)),
    },
    {
      name: 'rpc nearby_catalog_items: any distance, page 1 (24)', spec: 'every piece nearest first (nearest-neighbour index)', as: 'customer', kind: 'read',
      run: () => ok(catalog(c, null, null)),
    },
    {
      name: 'rpc nearby_catalog_items: any distance, keyset page 5', spec: 'the same, after the last row of page 4', as: 'customer', kind: 'read',
      run: () => ok(catalog(c, null, pools.page5After.catalogAny)),
    },
    {
      name: "designer_profiles: the listers' names (24 ids)", spec: 'designer_profiles select by user_id in the page (withListers, get-catalog-items.ts)', as: 'customer', kind: 'read',
      run: () => ok(c.from('designer_profiles').select('user_id, full_name, username').in('user_id', pools.listers)),
    },
    {
      name: 'catalog_items: available, one category (24)', spec: 'catalog_items select where is_available newest first, by category', as: 'customer', kind: 'read',
      run: () =>
        ok(c.from('catalog_items').select('*').eq('is_available', true).eq('category', 'lighting')
          .order('created_at', { ascending: false }).range(0, 23)),
    },
    // The market (docs/decisions/0026-market.md): search, and the item page's reads.
    {
      name: 'rpc search_catalog_items: words + category + price, page 1 (24)', spec: '"lamps", Lighting, $100–$800, newest first', as: 'customer', kind: 'read',
      run: () => ok(search(c, MARKET_SEARCH, null)),
    },
    {
      name: 'rpc search_catalog_items: words + category + price, keyset page 20', spec: 'the same, after the last row of page 19', as: 'customer', kind: 'read',
      run: () => ok(search(c, MARKET_SEARCH, pools.searchPage20After)),
    },
    {
      name: 'rpc search_catalog_items: "opaline", price low to high, page 1', spec: 'a rarer word, sorted by price', as: 'customer', kind: 'read',
      run: () => ok(search(c, { q: 'opaline', sort: 'price_asc' }, null)),
    },
    {
      name: 'rpc search_catalog_items: within 50 mi, nearest first, page 1', spec: 'no words, Lighting, nearest first from Denver', as: 'customer', kind: 'read',
      run: () => ok(search(c, { category: 'lighting', within_miles: 50, near_lat: NEAR_ORIGIN.lat, near_lng: NEAR_ORIGIN.lng, sort: 'distance' }, null)),
    },
    {
      name: 'catalog_items: the item page\'s piece', spec: 'catalog_items select by id (photos, dimensions, status)', as: 'customer', kind: 'read',
      run: () => ok(c.from('catalog_items').select(ITEM_PAGE_COLUMNS).eq('id', pools.itemPage.id).single()),
    },
    {
      name: "designer_profiles: the item page's seller", spec: 'designer_profiles select by user_id (the seller card)', as: 'customer', kind: 'read',
      run: () => ok(c.from('designer_profiles').select(DESIGNER_CARD_COLUMNS).eq('user_id', pools.itemPage.designer_id).single()),
    },
    {
      name: "offers: the viewer's offers on the piece", spec: 'offers select by piece and buyer, newest first', as: 'customer', kind: 'read',
      run: () => ok(c.from('offers').select('*').eq('catalog_item_id', pools.itemPage.id).eq('buyer_id', a.customer.id)
        .order('created_at', { ascending: false })),
    },
    {
      name: 'saved_items: is the piece saved', spec: 'saved_items select by user and piece', as: 'customer', kind: 'read',
      run: () => ok(c.from('saved_items').select('catalog_item_id').eq('user_id', a.customer.id).eq('catalog_item_id', pools.itemPage.id).maybeSingle()),
    },
    // The designer dashboard's lists and totals (docs/decisions/0020). The plan column shows only the function
    // scan of an rpc; the plans of its statements are in the ADR.
    {
      name: 'rpc open_projects: within 100 mi, page 1 (24)', spec: 'projects pending, unassigned, nearest first within 100 miles (get-available-projects.ts)', as: 'designer', kind: 'read',
      run: () => ok(openProjects(d, NEAR_ORIGIN, null)),
    },
    {
      name: 'rpc open_projects: within 100 mi, keyset page 5', spec: 'the same, after the last row of page 4', as: 'designer', kind: 'read',
      run: () => ok(openProjects(d, NEAR_ORIGIN, pools.page5After.openNear)),
    },
    {
      name: 'rpc open_projects: none within 100 mi, all nearest first, page 1', spec: 'the catch-all: every open project nearest first (nearest-neighbour index)', as: 'designer', kind: 'read',
      run: () => ok(openProjects(d, FAR_ORIGIN, null)),
    },
    {
      name: 'rpc open_projects: none within 100 mi, keyset page 5', spec: 'the catch-all, after the last row of page 4', as: 'designer', kind: 'read',
      run: () => ok(openProjects(d, FAR_ORIGIN, pools.page5After.openAll)),
    },
    {
      name: 'rpc open_projects: no position (24)', spec: 'projects pending, unassigned, newest first (get-available-projects.ts, no place)', as: 'designer', kind: 'read',
      run: () =>
        ok(d.rpc('open_projects', { page_size: 24 }).select(OPEN_PROJECT_COLUMNS)
          .order('created_at', { ascending: false }).order('id', { ascending: false })),
    },
    {
      name: 'rpc open_project_count: within 100 mi', spec: "'Available Projects (n)' (get-available-project-count.ts)", as: 'designer', kind: 'read',
      run: () => ok(d.rpc('open_project_count', { origin_latitude: near.lat, origin_longitude: near.lng })),
    },
    {
      name: 'rpc open_project_count: no position', spec: "'Available Projects (n)', location refused", as: 'designer', kind: 'read',
      run: () => ok(d.rpc('open_project_count', {})),
    },
    {
      name: 'projects: assigned to the designer, head count', spec: "'My Projects (n)' (get-designer-project-count.ts)", as: 'designer', kind: 'read',
      run: () => ok(d.from('projects').select('id', { count: 'exact', head: true }).eq('designer_id', a.designer.id)),
    },
    {
      name: 'rpc designer_bids: own bids + title (20)', spec: 'the designer\'s bids with status (get-designer-bids.ts)', as: 'designer', kind: 'read',
      run: () =>
        ok(d.rpc('designer_bids', { page_size: 20 }).select('id, project_id, project_title, bid_amount, status, created_at, can_open')
          .order('created_at', { ascending: false }).order('id', { ascending: false })),
    },
    {
      name: 'rpc portfolio_projects: own completed, page 1 (6)', spec: 'the portfolio\'s completed projects, first page (get-completed-projects.ts)', as: 'designer', kind: 'read',
      run: () => ok(d.rpc('portfolio_projects', { designer_id: a.designer.id, page_size: 6 })),
    },
    {
      name: 'project_bids: own bids, head count', spec: "'My Bids (n)' (get-designer-bid-count.ts)", as: 'designer', kind: 'read',
      run: () => ok(d.from('project_bids').select('id', { count: 'exact', head: true }).eq('designer_id', a.designer.id)),
    },
    // ---- writes that can repeat
    {
      name: 'messages: insert', spec: 'messages insert (project_id, sender_id, content)', as: 'customer', kind: 'write',
      run: (i) => ok(c.from('messages').insert({ project_id: a.hotProject, sender_id: a.customer.id, content: `Bench message ${i}` })),
    },
    {
      name: 'project_items: insert', spec: 'project_items insert', as: 'customer', kind: 'write',
      run: async (i) => {
        const r = await ok(c.from('project_items').insert({ project_id: a.hotProject, name: `Bench lamp ${i}`, description: 'brass', cost: 12.5, added_by: a.customer.id })
          .select('id').single());
        createdItems.push((r.data as { id: string }).id);
      },
    },
    {
      name: 'project_items: delete by id', spec: 'project_items delete by id', as: 'customer', kind: 'write',
      run: () => ok(c.from('project_items').delete().eq('id', createdItems.pop() ?? a.hotProject)),
    },
    {
      name: 'customer_profiles: update own', spec: 'customer_profiles update by user_id', as: 'customer', kind: 'write',
      run: (i) => ok(c.from('customer_profiles').update({ username: `bench${i % 7}`, location: '40.0,-100.0', space_size: 900, budget_range: 5000, preferred_style: 'Minimalist' })
        .eq('user_id', a.customer.id)),
    },
    {
      name: 'customer_profiles: update place', spec: 'customer_profiles update location + place_id (the profile form, a suggestion chosen)', as: 'customer', kind: 'write',
      run: (i) => ok(c.from('customer_profiles').update({ location: i % 2 ? 'Denver, CO' : 'Denver', place_id: pools.denverPlace })
        .eq('user_id', a.customer.id)),
    },
    {
      name: 'designer_profiles: update location', spec: 'designer_profiles update location by user_id', as: 'designer', kind: 'write',
      run: (i) => ok(d.from('designer_profiles').update({ location: `40.${i % 10},-100.0` }).eq('user_id', a.designer.id)),
    },
    {
      name: 'designer_profiles: upsert own', spec: 'designer_profiles upsert (username, bio, base_rate, specialties, location, user_id)', as: 'designer', kind: 'write',
      run: (i) => ok(d.from('designer_profiles').upsert({ user_id: a.designer.id, username: 'benchdesigner', bio: `Bench designer bio, version ${i % 5}.`, base_rate: 400, specialties: ['Minimalist'], location: 'City 1' })),
    },
    {
      name: 'project_photo_notes: upsert', spec: 'project_photo_notes upsert', as: 'customer', kind: 'write',
      run: (i) => ok(c.from('project_photo_notes').upsert({ project_id: a.hotProject, photo_path: `${a.hotProject}/before-${i % 5}.jpg`, note: `Note ${i}`, added_by: a.customer.id })),
    },
    {
      name: 'projects: update status completed', spec: 'projects update status completed (already completed: no-op path)', as: 'customer', kind: 'write',
      run: () => ok(c.from('projects').update({ status: 'completed' }).eq('id', a.completedProject)),
    },
    {
      name: 'designer_nudges: respond (pending only)', spec: 'designer_nudges update (status, quote_amount, quote_message)', as: 'designer', kind: 'write',
      run: () => ok(d.from('designer_nudges').update({ status: 'accepted', quote_amount: 1200, quote_message: 'Happy to help' })
        .eq('id', a.pendingNudge).eq('status', 'pending').select('id')),
    },
    {
      name: 'rpc switch_account_type (same role)', spec: 'user_roles update role', as: 'customer', kind: 'write',
      run: () => ok(c.rpc('switch_account_type', { new_role: 'customer' })),
    },
    {
      name: 'catalog_items: insert', spec: 'catalog_items insert', as: 'designer', kind: 'write',
      run: (i) => ok(d.from('catalog_items').insert({ designer_id: a.designer.id, title: `Bench chair ${i}`, description: 'Oak', category: 'chair', price: 120, dimensions: '40x40x90', condition: 'good', image_url: null, is_available: true })),
    },
    {
      // Listing a piece only queues it for its saved-search alerts (a trigger on catalog_items:
      // 20261206000100_saved_searches.sql); the job send-search-alerts matches it and writes them. Each call lists
      // another piece (material, noun, category, metro), as sellers do, so the day's cap of 20 alerts per search
      // does not thin the job's work on later pieces.
      name: 'catalog_items: insert a piece with a place (queued for its alerts)', spec: 'catalog_items insert + private.queue_search_alerts', as: 'designer', kind: 'write',
      run: async (i) => {
        const materials = ['teak', 'oak', 'walnut', 'brass', 'opaline glass', 'rattan', 'cane', 'velvet', 'marble', 'chrome', 'pine', 'leather', 'ceramic'];
        const nouns: [string, string][] = [['sofa', 'couch'], ['armchair', 'chair'], ['coffee table', 'table'], ['writing desk', 'desk'], ['bed frame', 'bed'],
          ['dresser', 'dresser'], ['credenza', 'cabinet'], ['table lamp', 'lighting'], ['wall mirror', 'decor'], ['bench', 'other']];
        const [noun, category] = nouns[i % nouns.length]!;
        const [lat, lng] = METROS[(i * 3) % METROS.length]!;
        const r = await ok(d.from('catalog_items').insert({ designer_id: a.designer.id, title: `Vintage ${materials[i % materials.length]} ${noun}`,
          description: 'A well-kept piece, ready to pick up.', category, price: 40 + (i * 37) % 600, condition: ['excellent', 'very_good', 'good', 'fair'][i % 4],
          location: `${(lat + ((i % 7) - 3) * 0.05).toFixed(4)},${(lng + ((i % 5) - 2) * 0.05).toFixed(4)}`, is_available: true }).select('id').single());
        listed.push((r.data as { id: string }).id);
        return r;
      },
    },
    {
      // The line: the match of one freshly listed piece against the 100,000 saved searches, as the job runs
      // it (private.saved_searches_matching: the two indexes, then each candidate's exact rules). Call i takes the
      // (i mod n)th piece the call above listed, none alerted yet (the bench stack's job is unscheduled: db.ts).
      name: 'match a freshly listed piece against 100,000 saved searches', spec: 'private.saved_searches_matching (send-search-alerts, per piece)', as: 'postgres', kind: 'read',
      run: (i) => jobs.query({
        text: 'select count(*) from private.saved_searches_matching((select i from public.catalog_items i where i.id = $1))',
        values: [listed[i % listed.length]],
      }),
    },
    {
      // For information: the job's whole run for one listing (the match, each match recorded, one alert per match
      // with its own triggers), oldest waiting piece first, as pg_cron runs it every 5 seconds.
      name: 'send-search-alerts: one run for one listing (match + alerts)', spec: 'private.send_search_alerts(1)', as: 'postgres', kind: 'write',
      // As many runs as pieces listed (read when the calls start, after the listing call).
      get limit() { return listed.length; },
      // Only the pieces listed above wait: the other listing calls' plain chairs would come first (oldest first).
      before: async () => {
        await jobs.query({ text: 'delete from private.search_alerts_due where catalog_item_id <> all ($1::uuid[])', values: [listed] });
      },
      run: async () => {
        const r = await jobs.query<{ n: number }>({ text: 'select private.send_search_alerts(1) as n', values: [] });
        alertsWritten.push(r.rows[0]!.n);
        return r;
      },
      note: () => {
        const sorted = [...alertsWritten].sort((x, y) => x - y);
        return `alerts written per run: min ${sorted[0]}, median ${sorted[Math.floor(sorted.length / 2)]}, max ${sorted.at(-1)}`;
      },
    },
    {
      name: 'projects: insert', spec: 'projects insert (status pending)', as: 'customer', kind: 'write',
      run: (i) => ok(c.from('projects').insert({ customer_id: a.customer.id, title: `Bench room ${i}`, description: 'A room to refresh for the bench.', location: 'City 1', space_size: 300, budget: 4000, budget_type: 'soft', preferred_style: 'Minimalist', status: 'pending' })
        .select('id').single()),
    },
    // ---- writes that use a row up (one row per call; the plan replays on an unused row)
    {
      name: 'project_bids: insert', spec: 'project_bids insert', as: 'designer', kind: 'write', limit: pools.openProjects.length - 1,
      explainRewrite: swapValue(pools.openProjects[0]!, pools.openProjects.at(-1)!),
      run: (i) => ok(d.from('project_bids').insert({ project_id: pools.openProjects[i]!, designer_id: a.designer.id, bid_amount: 800, proposal: 'Bench proposal', estimated_days: 20 })),
    },
    {
      // Call i is sender i's first nudge (the limit counts per sender: docs/product.md, Limits).
      name: 'designer_nudges: insert', spec: 'designer_nudges insert (status pending), a fresh sender each', as: 'customer', kind: 'write',
      limit: Math.min(senders.length, pools.nudgeDesigners.length - 1),
      explainRewrite: swapValue(pools.nudgeDesigners[0]!, pools.nudgeDesigners.at(-1)!),
      run: (i) => ok(senders[i]!.from('designer_nudges').insert({ client_id: pools.nudgeSenders[i]!.id, designer_id: pools.nudgeDesigners[i]!, project_id: pools.nudgeSenders[i]!.project_id, status: 'pending' })),
    },
    {
      name: 'rpc accept_bid', spec: 'project_bids update accepted/rejected + projects update designer_id, status active', as: 'acceptor', kind: 'write', limit: pools.acceptBids.length - 1,
      explainRewrite: swapValue(pools.acceptBids[0]!, pools.acceptBids.at(-1)!),
      run: (i) => ok(db.acceptor.rpc('accept_bid', { bid_id: pools.acceptBids[i]! })),
    },
    {
      name: 'reviews: insert', spec: 'reviews insert', as: 'reviewer', kind: 'write', limit: pools.reviewProjects.length - 1,
      explainRewrite: swapValue(pools.reviewProjects[0]!.id, pools.reviewProjects.at(-1)!.id),
      run: (i) => {
        const p = pools.reviewProjects[i]!;
        return ok(db.reviewer.from('reviews').insert({ project_id: p.id, designer_id: p.designer_id, client_id: a.reviewer.id, rating: 5, comment: 'Great' }));
      },
    },
  ];
  return q;
}
