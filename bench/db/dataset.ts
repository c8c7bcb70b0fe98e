// The synthetic dataset of `npm run bench:db`, loaded with set-based SQL as `postgres` (the migrations'
// role): users go into auth.users/auth.identities in bulk like supabase/seed.sql, so the sign-up trigger
// creates profiles, roles and role profiles; every other trigger (coordinates, message trim, item budget and
// total, review name) runs as it would for the app. Nothing is disabled.
import pg from 'pg';

export interface DatasetSize {
  designers: number;
  customers: number;
  projects: number;
  messages: number;
  items: number;
  catalog: number;
  /** Saved searches (each listing is matched against all of them: 20261206000100_saved_searches.sql). */
  savedSearches: number;
  /** Projects with `hotMessages` messages each (the bench customer's chat with the bench designer is one). */
  hotProjects: number;
  hotMessages: number;
}

export const FULL_SIZE: DatasetSize = {
  designers: 10_000,
  customers: 20_000,
  projects: 100_000,
  messages: 1_000_000,
  items: 300_000,
  catalog: 50_000,
  savedSearches: 100_000,
  hotProjects: 5,
  hotMessages: 10_000,
};

/** The signed-in users the queries run as, and the rows they act on. */
export interface Actors {
  password: string;
  /** A customer with 20 projects (6 pending with bids, 8 active, 6 completed), client plan. */
  customer: { id: string; email: string };
  /** A designer with 30 assigned projects, 60 nudges received, designer plan. */
  designer: { id: string; email: string };
  /** A customer whose pending projects each have bids: one accept_bid per repetition. */
  acceptor: { id: string; email: string };
  /** A customer with completed, unreviewed projects: one review per repetition. */
  reviewer: { id: string; email: string };
  /** The customer's active project with the designer: 10,000 messages, 200 items. */
  hotProject: string;
  /** One of the customer's pending projects (bids, nudges). */
  pendingProject: string;
  /** One of the customer's completed projects (completion update is a no-op there). */
  completedProject: string;
  /** A pending nudge the designer received. */
  pendingNudge: string;
}

export const BENCH_PASSWORD = 'BenchPass123';
const ids = {
  customer: 'b0000000-0000-4000-8000-00000000000c',
  designer: 'b0000000-0000-4000-8000-00000000000d',
  acceptor: 'b0000000-0000-4000-8000-00000000000a',
  reviewer: 'b0000000-0000-4000-8000-00000000000e',
  hotProject: 'b1000000-0000-4000-8000-000000000001',
};

/**
 * Ten metro areas (Seattle, Portland, San Francisco, Los Angeles, Denver, Austin, Chicago, Atlanta, New York,
 * Boston). Three designers and three Good Stuff pieces in ten sit around one of them (a normal spread of about 40
 * miles), the rest anywhere in the box of the continental US, as projects are: the distance reads see both a crowd
 * near a city and open country.
 */
export const METROS = [
  [47.61, -122.33], [45.52, -122.68], [37.77, -122.42], [34.05, -118.24], [39.74, -104.99],
  [30.27, -97.74], [41.88, -87.63], [33.75, -84.39], [40.71, -74.01], [42.36, -71.06],
] as const;
/** Denver: the bench's origin with many designers, projects and pieces within 100 miles. */
export const METRO_ORIGIN = { lat: METROS[4][0], lng: METROS[4][1] };
// Coordinates for row number #: a metro (# % 10 < 3) with a Box-Muller normal of 0.58° (40 miles) of latitude,
// or uniform over the box. Both use the same metro for the same #.
const METRO_LATITUDE = `case when # % 10 < 3
    then (array[${METROS.map((m) => m[0]).join(', ')}])[1 + (# / 10) % 10]
         + 0.58 * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())
    else 25 + random() * 23 end`;
const METRO_LONGITUDE = `case when # % 10 < 3
    then (array[${METROS.map((m) => m[1]).join(', ')}])[1 + (# / 10) % 10]
         + 0.58 / cos(radians((array[${METROS.map((m) => m[0]).join(', ')}])[1 + (# / 10) % 10]))
           * sqrt(-2 * ln(1 - random())) * cos(2 * pi() * random())
    else -124 + random() * 57 end`;

/** Step tag `parallel`: runs beside its neighbours on a second session (message inserts only take key-share locks). */
type Step = { label: string; sql: string; parallel?: boolean };

// Active bench projects numbered 1..n (same numbering on every session that builds it).
const BENCH_ACTIVE_SQL = `create temp table bench_active as
       select row_number() over (order by id)::int as k, id, customer_id, designer_id, created_at
         from public.projects where status = 'active' and customer_id in (select id from auth.users where email like 'bench-%@bench.test');
     create index on bench_active (k);`;

/** The load, statement by statement (each its own transaction; temp tables live on the one session). */
function steps(n: DatasetSize): Step[] {
  const s: Step[] = [];
  const add = (label: string, sql: string, parallel = false) => s.push({ label, sql, parallel });

  add(
    'people',
    `create temp table bench_people as
       select g as n, 'designer'::text as role, gen_random_uuid() as id, 'bench-d' || g || '@bench.test' as email,
              now() - make_interval(secs => (random() * 730 * 86400)::int) as created_at
         from generate_series(1, ${n.designers}) g
       union all
       select g, 'customer', gen_random_uuid(), 'bench-c' || g || '@bench.test',
              now() - make_interval(secs => (random() * 730 * 86400)::int)
         from generate_series(1, ${n.customers}) g
       union all
       select * from (values
         (0, 'customer', '${ids.customer}'::uuid, 'bench-customer@bench.test', now() - interval '400 days'),
         (0, 'designer', '${ids.designer}'::uuid, 'bench-designer@bench.test', now() - interval '400 days'),
         (-1, 'customer', '${ids.acceptor}'::uuid, 'bench-acceptor@bench.test', now() - interval '300 days'),
         (-2, 'customer', '${ids.reviewer}'::uuid, 'bench-reviewer@bench.test', now() - interval '300 days')) v;
     create temp table bench_designers as select row_number() over (order by n, id)::int as k, id from bench_people where role = 'designer' and n > 0;
     create temp table bench_customers as select row_number() over (order by n, id)::int as k, id from bench_people where role = 'customer' and n > 0;
     create index on bench_designers (k);
     create index on bench_customers (k);`,
  );

  add(
    'auth.users + identities (sign-up trigger)',
    `with pw as (select extensions.crypt('${BENCH_PASSWORD}', extensions.gen_salt('bf')) as hash)
     insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
       confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
       phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous)
     select '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email, pw.hash,
            p.created_at, now() - interval '1 day',
            '{"provider":"email","providers":["email"]}'::jsonb,
            jsonb_build_object('full_name', initcap(p.role) || ' ' || p.n, 'username', p.role || p.n, 'role', p.role, 'email_verified', true),
            p.created_at, p.created_at, '', '', '', '', '', '', '', '', false, false
       from bench_people p, pw;
     insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     select p.id::text, p.id, jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true, 'phone_verified', false),
            'email', now() - interval '1 day', p.created_at, p.created_at
       from bench_people p;`,
  );

  add(
    'role profiles',
    `update public.profiles pr set created_at = p.created_at from bench_people p where p.id = pr.id;
     update public.designer_profiles d
        set created_at = p.created_at,
            availability_status = case when random() < 0.9 then 'available' else 'unavailable' end,
            bio = 'Synthetic designer ' || p.n || ': warm rooms around one great vintage piece.',
            specialties = (array['Minimalist', 'Scandinavian', 'Industrial', 'Bohemian'])[1 + p.n % 4 : 2 + p.n % 4],
            base_rate = 200 + (p.n % 40) * 10, rate_per_item = p.n % 30, rate_per_sqft = (p.n % 5) * 0.5,
            experience_years = p.n % 25,
            location = 'City ' || (p.n % 500),
            latitude = ${METRO_LATITUDE.replace(/#/g, 'p.n')}, longitude = ${METRO_LONGITUDE.replace(/#/g, 'p.n')}
       from bench_people p where p.id = d.user_id;
     update public.customer_profiles c
        set created_at = p.created_at, location = 'City ' || abs(p.n % 500), space_size = 300 + abs(p.n % 2000),
            budget_range = 1000 + abs(p.n % 50) * 500, preferred_style = 'Minimalist'
       from bench_people p where p.id = c.user_id;`,
  );

  // Projects spread over customers with a long tail (random()^1.5: a few customers have 100+ projects),
  // designers likewise. 30 % pending and unassigned, 45 % active, 25 % completed.
  const special = 20 + 22 + 40 + 40; // bench customer, bench designer's other projects, acceptor, reviewer
  add(
    'projects',
    `insert into public.projects (id, customer_id, designer_id, title, description, location, latitude, longitude,
                                  space_size, budget, budget_type, preferred_style, status, created_at, updated_at, completed_at)
     select gen_random_uuid(), c.id, case when r.st = 'pending' then null else d.id end,
            'Project ' || r.g, 'A synthetic project number ' || r.g || ' for the benchmark.', 'City ' || (r.g % 500),
            25 + random() * 23, -124 + random() * 57, 100 + r.g % 3000, 5000 + (r.g % 20) * 5000 + case when r.g % 10 = 0 then 100000 else 0 end,
            case when r.g % 10 = 0 then 'hard' else 'soft' end::public.budget_type, 'Minimalist', r.st::public.project_status,
            r.created_at, r.created_at, case when r.st = 'completed' then r.created_at + interval '30 days' end
       from (select g, 1 + floor(${n.customers} * power(random(), 1.5))::int as ck,
                    1 + floor(${n.designers} * power(random(), 1.5))::int as dk,
                    case when g % 20 < 6 then 'pending' when g % 20 < 15 then 'active' else 'completed' end as st,
                    now() - make_interval(secs => (random() * 700 * 86400)::int) as created_at
               from generate_series(1, ${n.projects - special}) g) r
       join bench_customers c on c.k = r.ck
       join bench_designers d on d.k = r.dk;`,
  );

  add(
    'bench actors projects',
    `insert into public.projects (id, customer_id, designer_id, title, description, location, space_size, budget,
                                  budget_type, status, created_at, completed_at)
     select case when g = 7 then '${ids.hotProject}'::uuid else gen_random_uuid() end, '${ids.customer}',
            case when g <= 6 then null when g <= 11 or g >= 18 then '${ids.designer}'::uuid
                 else (select id from bench_designers where k = 100 + g) end,
            'Bench project ' || g, 'The bench customer''s project ' || g || '.', 'City 1', 800, 50000, 'soft',
            (case when g <= 6 then 'pending' when g <= 14 then 'active' else 'completed' end)::public.project_status,
            now() - make_interval(days => 200 - g * 9), case when g > 14 then now() - make_interval(days => 100 - g) end
       from generate_series(1, 20) g;
     insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status, created_at, completed_at)
     select c.id, '${ids.designer}', 'Designer project ' || g, 'Another customer''s project ' || g || '.', 'City 2', 500, 20000,
            (case when g % 2 = 0 then 'active' else 'completed' end)::public.project_status,
            now() - make_interval(days => g * 11), case when g % 2 = 1 then now() - make_interval(days => g * 5) end
       from generate_series(1, 22) g join bench_customers c on c.k = 1000 + g;
     insert into public.projects (customer_id, title, description, location, space_size, budget, status, created_at)
     select '${ids.acceptor}', 'Acceptor project ' || g, 'Pending project with bids ' || g || '.', 'City 3', 500, 20000, 'pending',
            now() - make_interval(days => g)
       from generate_series(1, 40) g;
     insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, status, created_at, completed_at)
     select '${ids.reviewer}', d.id, 'Reviewer project ' || g, 'Completed project to review ' || g || '.', 'City 4', 500, 20000, 'completed',
            now() - make_interval(days => 100 + g), now() - make_interval(days => g)
       from generate_series(1, 40) g join bench_designers d on d.k = 2;
     ${BENCH_ACTIVE_SQL}
     create temp table bench_hot as
       select id, customer_id, designer_id from public.projects where id = '${ids.hotProject}'
       union all
       (select id, customer_id, designer_id from bench_active where id <> '${ids.hotProject}' order by k limit ${n.hotProjects - 1});`,
  );

  // Messages: the hot projects first (one every 2 minutes backwards from now), the rest over active projects.
  add(
    `messages: ${n.hotProjects} hot × ${n.hotMessages}`,
    `insert into public.messages (project_id, sender_id, content, created_at)
     select h.id, case when g % 2 = 0 then h.customer_id else h.designer_id end,
            '  Hot message ' || g || ' about the sofa, the rug and the light.  ', now() - make_interval(mins => g * 2)
       from bench_hot h, generate_series(1, ${n.hotMessages}) g;`,
  );
  const rest = n.messages - n.hotProjects * n.hotMessages;
  const batch = Math.ceil(rest / 6);
  for (let from = 0; from < rest; from += batch) {
    const count = Math.min(batch, rest - from);
    add(
      `messages ${from + count}/${rest}`,
      `insert into public.messages (project_id, sender_id, content, created_at)
       select a.id, case when r.g % 2 = 0 then a.customer_id else a.designer_id end,
              'Message ' || r.g || ': ' || repeat('lorem ipsum ', 1 + r.g % 12),
              a.created_at + (now() - a.created_at) * random()
         from (select g, 1 + floor(random() * (select count(*) from bench_active))::int as k
                 from generate_series(${from + 1}, ${from + count}) g) r
         join bench_active a on a.k = r.k;`,
      true,
    );
  }

  // Items over active projects (the budget trigger locks the project and the total trigger updates it, per row).
  add(
    'items: hot project × 200',
    `insert into public.project_items (project_id, name, description, cost, added_by, created_at)
     select '${ids.hotProject}', 'Hot item ' || g, 'Vintage piece', 10 + g % 90, case when g % 2 = 0 then '${ids.customer}'::uuid else '${ids.designer}'::uuid end,
            now() - make_interval(hours => g)
       from generate_series(1, 200) g;`,
  );
  // Two lanes, each on its own half of the active projects (odd / even numbers), so the budget trigger's row
  // locks never cross: no waits, no deadlocks.
  const itemsRest = n.items - 200;
  const itemSteps = 4;
  for (let j = 0; j < itemSteps; j++) {
    const count = Math.floor(itemsRest / itemSteps) + (j < itemsRest % itemSteps ? 1 : 0);
    const parity = j % 2;
    add(
      `items ${count} (lane ${parity + 1})`,
      `insert into public.project_items (project_id, name, description, cost, added_by, created_at)
       select a.id, 'Item ' || r.g, case when r.g % 3 = 0 then 'Found at an estate sale' end, 5 + (r.g % 300),
              case when r.g % 2 = 0 then a.customer_id else a.designer_id end, a.created_at + (now() - a.created_at) * random()
         from (select g, 1 + ${parity} + 2 * floor(random() * (floor(((select count(*) from bench_active) - 1 - ${parity}) / 2) + 1))::int as k
                 from generate_series(1, ${count}) g) r
         join bench_active a on a.k = r.k;`,
      true,
    );
  }

  add(
    'bids on pending projects',
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal, estimated_days, created_at)
     select p.id, d.id, 500 + (j * 137) % 5000, 'Proposal ' || j, 7 + j % 60, p.created_at + make_interval(hours => j)
       from (select id, created_at, row_number() over (order by id) as rn, customer_id from public.projects
              where status = 'pending' and customer_id <> '${ids.acceptor}') p
       cross join lateral generate_series(1, (p.rn % 6)::int) j
       join bench_designers d on d.k = 1 + ((p.rn * 7 + j * 1319) % ${n.designers})
      where d.id <> '${ids.designer}';
     insert into public.project_bids (project_id, designer_id, bid_amount, proposal, estimated_days)
     select p.id, d.id, 1000 + j * 100, 'Acceptor bid ' || j, 30
       from public.projects p cross join generate_series(1, 3) j join bench_designers d on d.k = 10 + j
      where p.customer_id = '${ids.acceptor}';
     insert into public.project_bids (project_id, designer_id, bid_amount, proposal, estimated_days, status)
     select p.id, p.designer_id, 2000, 'Accepted bid', 30, 'accepted'
       from public.projects p where p.designer_id = '${ids.designer}';`,
  );

  add(
    'reviews, nudges, catalog, subscriptions',
    `insert into public.reviews (project_id, designer_id, client_id, rating, comment, created_at)
     select id, designer_id, customer_id, 1 + abs(hashtext(id::text)) % 5, 'Lovely work', completed_at + interval '2 days'
       from public.projects
      where status = 'completed' and designer_id is not null and customer_id <> '${ids.reviewer}' and abs(hashtext(id::text)) % 2 = 0
        and customer_id in (select id from bench_people);
     insert into public.designer_nudges (client_id, designer_id, project_id, status, quote_amount, created_at)
     select p.customer_id, d.id, p.id, case when p.rn % 3 = 0 then 'accepted' else 'pending' end::public.nudge_status,
            case when p.rn % 3 = 0 then 1500 end, p.created_at + interval '1 hour'
       from (select id, customer_id, created_at, row_number() over (order by id) as rn from public.projects
              where status = 'pending' and customer_id not in ('${ids.customer}', '${ids.acceptor}') limit 20000) p
       join bench_designers d on d.k = 1 + (p.rn * 31) % ${n.designers}
      where d.id <> '${ids.designer}';
     insert into public.designer_nudges (client_id, designer_id, project_id, status, created_at)
     select p.customer_id, '${ids.designer}', p.id, 'pending', p.created_at + interval '2 hours'
       from public.projects p
      where p.status = 'pending' and p.designer_id is null and p.customer_id not in ('${ids.customer}', '${ids.acceptor}')
        and not exists (select 1 from public.designer_nudges n where n.project_id = p.id and n.designer_id = '${ids.designer}')
      order by p.id limit 60;
     insert into public.designer_nudges (client_id, designer_id, project_id, status, created_at)
     select '${ids.customer}', d.id, p.id, 'pending', now() - make_interval(days => d.k)
       from (select id from public.projects where customer_id = '${ids.customer}' and status = 'pending' order by created_at limit 3) p
       cross join (select k, id from bench_designers where k between 20 and 24) d;
     insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition, is_available, created_at,
                                       location, latitude, longitude)
     -- Titles from 7 styles × 13 materials × a noun of the category (910 titles), so that words narrow a search as
     -- they do on a real market ("opaline" ≈ 1 piece in 13); up to three photos each.
     select d.id,
            (array['Vintage','Mid-century','Danish','French','Art deco','Industrial','Farmhouse'])[1 + (r.g / 10) % 7] || ' '
              || (array['teak','oak','walnut','brass','opaline glass','rattan','cane','velvet','marble','chrome','pine','leather','ceramic'])[1 + r.g % 13] || ' '
              || (array['sofa','armchair','coffee table','writing desk','bed frame','dresser','credenza','table lamp','wall mirror','bench'])[1 + r.g % 10],
            'A well-kept synthetic piece, ready to pick up.',
            (array['couch','chair','table','desk','bed','dresser','cabinet','lighting','decor','other'])[1 + r.g % 10]::public.catalog_category,
            20 + r.g % 900, null, (array['excellent','very_good','good','fair'])[1 + r.g % 4], random() < 0.8,
            now() - make_interval(secs => (random() * 365 * 86400)::int),
            'City ' || (r.g % 500), ${METRO_LATITUDE.replace(/#/g, 'r.g')}, ${METRO_LONGITUDE.replace(/#/g, 'r.g')}
       -- The seller is drawn per item in a subquery: in the join condition the planner evaluated random() once per
       -- designer, so all items went to whichever designer (if any) matched: 50,000 for one seller, or none.
       from (select g, 1 + floor(least(3000, ${n.designers}) * power(random(), 1.5))::int as dk
               from generate_series(1, ${n.catalog}) g) r
       join bench_designers d on d.k = r.dk;
     insert into public.subscriptions (user_id, plan, status, provider, current_period_end)
     select id, case when role = 'designer' then 'designer' else 'client' end::public.subscription_plan, 'active', 'sandbox',
            now() + interval '20 days'
       from bench_people where n <= 0 or abs(hashtext(id::text)) % 10 < 3;`,
  );

  add(
    'market: photos, saved pieces, offers',
    // A listing takes only its seller's own uploads (20261130000500_listing_photos.sql): the objects' rows first
    // (metadata only, as an upload leaves them), then their URLs on the database's own API URL.
    `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
     select 'catalog-images', i.designer_id || '/' || i.id || '-' || k || '.webp', i.designer_id, i.designer_id::text,
            '{"mimetype": "image/webp", "size": 48000}'
       from public.catalog_items i, generate_series(1, 1 + abs(hashtext(i.id::text)) % 3) k;
     update public.catalog_items set photo_urls = array(
         select private.public_api_url() || '/storage/v1/object/public/catalog-images/' || designer_id || '/' || id || '-' || k || '.webp'
           from generate_series(1, 1 + abs(hashtext(id::text)) % 3) k),
       width_in = 20 + abs(hashtext(id::text)) % 60, depth_in = 16 + abs(hashtext(id::text)) % 20,
       height_in = 14 + abs(hashtext(id::text)) % 50;
     -- Saved pieces: about 100,000 (customers save a few each); the bench customer saves 40.
     insert into public.saved_items (user_id, catalog_item_id)
     select distinct c.id, i.id
       from (select g, 1 + (g::bigint * 7919) % ${n.catalog} as ik, 1 + (g::bigint * 104729) % ${n.customers} as ck
               from generate_series(1, ${n.catalog} * 2) g) r
       join (select row_number() over (order by id)::int as k, id from public.catalog_items) i on i.k = r.ik
       join bench_customers c on c.k = r.ck
     on conflict do nothing;
     insert into public.saved_items (user_id, catalog_item_id)
     select '${ids.customer}', id from public.catalog_items where is_available order by id limit 40 on conflict do nothing;
     -- Offers: one in five available pieces has one (open, countered, declined or expired), the bench customer 30.
     insert into public.offers (catalog_item_id, buyer_id, seller_id, amount, counter_amount, status, expires_at, created_at)
     select i.id, c.id, i.designer_id, greatest(1, round(i.price * 0.7)),
            case when i.k % 4 = 1 then i.price end,
            (array['open','countered','declined','expired'])[1 + i.k % 4],
            now() + interval '1 day' - make_interval(days => i.k % 4 / 3 * 3), now() - interval '1 day'
       from (select row_number() over (order by id)::int as k, id, designer_id, price from public.catalog_items
              where is_available and price > 1) i
       join bench_customers c on c.k = 1 + (i.k * 31) % ${n.customers}
      where i.k % 5 = 0 and c.id <> i.designer_id;
     insert into public.offers (catalog_item_id, buyer_id, seller_id, amount, status, created_at)
     select id, '${ids.customer}', designer_id, greatest(1, round(price * 0.8)), 'open', now() - interval '2 hours'
       from public.catalog_items where is_available and price > 1 and designer_id <> '${ids.customer}'
        and id not in (select catalog_item_id from public.offers where buyer_id = '${ids.customer}')
      order by id limit 30;`,
  );

  add(
    'saved searches',
    // Saved searches: 100,000 over the customers (five each at full size), as specific as people make them on a
    // pickup market: seven in ten with words from the pieces' own vocabulary (a material, a noun of a category, or
    // both), a category on the others and on half of those with words, three in five a price limit, one in three
    // some conditions, nine in ten a distance (25, 50 or 100 miles) from the owner's place, which the customers get
    // here as the pieces have theirs (three in ten around a metro); one in twenty paused. The database copies each
    // origin and keeps the match columns (20261206000100_saved_searches.sql).
    // The dataset's pieces were listed long ago: their alerts (the queue their listing filled) are history, not
    // work for the job (bench:db measures the job on the pieces it lists itself).
    `delete from private.search_alerts_due;
     update public.customer_profiles c
        set latitude = ${METRO_LATITUDE.replace(/#/g, 'b.k')}, longitude = ${METRO_LONGITUDE.replace(/#/g, 'b.k')}
       from bench_customers b where b.id = c.user_id;
     insert into public.saved_searches (user_id, name, words, category, min_price, max_price, conditions, within_miles,
                                        email, paused, created_at)
     select c.id, 'Search ' || r.g,
            case when r.g % 10 < 7 then case r.g % 3
              when 0 then (array['teak','oak','walnut','brass','opaline glass','rattan','cane','velvet','marble','chrome','pine','leather','ceramic'])[1 + (r.g / 3) % 13]
              when 1 then (array['sofa','armchair','coffee table','writing desk','bed frame','dresser','credenza','table lamp','wall mirror','bench'])[1 + (r.g / 3) % 10]
              else (array['teak','oak','walnut','brass','opaline glass','rattan','cane','velvet','marble','chrome','pine','leather','ceramic'])[1 + (r.g / 3) % 13]
                   || ' ' || (array['sofa','armchair','coffee table','writing desk','bed frame','dresser','credenza','table lamp','wall mirror','bench'])[1 + (r.g / 39) % 10]
            end end,
            case when r.g % 10 >= 7 or r.g % 2 = 0
              then (array['couch','chair','table','desk','bed','dresser','cabinet','lighting','decor','other'])[1 + (r.g / 7) % 10] end,
            case when r.g % 5 = 0 then 10 * ((r.g / 11) % 20) end,
            case when r.g % 5 in (0, 1, 3) then 200 + 50 * ((r.g / 13) % 40) end,
            case when r.g % 3 <> 0 then '{}'::text[] when (r.g / 17) % 3 = 0 then array['excellent']
                 when (r.g / 17) % 3 = 1 then array['excellent', 'very_good'] else array['good', 'fair'] end,
            case when r.g % 10 <> 3 then (array[25, 25, 25, 25, 25, 50, 50, 50, 100, 100])[1 + (r.g / 19) % 10] end,
            (array['instant','instant','daily','off'])[1 + (r.g / 23) % 4],
            r.g % 20 = 7,
            now() - make_interval(secs => (random() * 365 * 86400)::int)
       from (select g, 1 + (g::bigint * 7) % ${n.customers} as ck from generate_series(1, ${n.savedSearches}) g) r
       join bench_customers c on c.k = r.ck;`,
  );
  return s;
}

export async function loadDataset(dbUrl: string, size: DatasetSize, log: (m: string) => void): Promise<Actors> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const all = steps(size);
    let second: pg.Client | null = null;
    const run = async (client: pg.Client, step: Step) => {
      const t0 = performance.now();
      await client.query(step.sql);
      log(`${step.label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    };
    try {
      for (let i = 0; i < all.length; ) {
        if (!all[i]!.parallel) {
          await run(c, all[i++]!);
          continue;
        }
        const group: Step[] = [];
        while (i < all.length && all[i]!.parallel) group.push(all[i++]!);
        if (!second) {
          second = new pg.Client({ connectionString: dbUrl });
          await second.connect();
          await second.query(BENCH_ACTIVE_SQL);
        }
        const lanes = [c, second];
        await Promise.all(lanes.map(async (client, lane) => {
          for (let j = lane; j < group.length; j += lanes.length) await run(client, group[j]!);
        }));
      }
    } finally {
      await second?.end();
    }
    const t0 = performance.now();
    // VACUUM (not only ANALYZE): the item triggers rewrote each active project ~7 times; the visibility map
    // also lets index-only scans skip the heap, as on a settled production table.
    for (const t of ['profiles', 'user_roles', 'customer_profiles', 'designer_profiles', 'subscriptions', 'projects', 'project_bids',
      'project_items', 'messages', 'reviews', 'designer_nudges', 'catalog_items', 'project_photo_notes', 'saved_items', 'offers',
      'saved_searches']) {
      await c.query(`vacuum (analyze) public.${t}`);
    }
    log(`vacuum analyze: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const one = async (sql: string): Promise<string> => {
      const r = await c.query<{ id: string }>(sql);
      if (!r.rows[0]) throw new Error(`dataset: no row for ${sql}`);
      return r.rows[0].id;
    };
    return {
      password: BENCH_PASSWORD,
      customer: { id: ids.customer, email: 'bench-customer@bench.test' },
      designer: { id: ids.designer, email: 'bench-designer@bench.test' },
      acceptor: { id: ids.acceptor, email: 'bench-acceptor@bench.test' },
      reviewer: { id: ids.reviewer, email: 'bench-reviewer@bench.test' },
      hotProject: ids.hotProject,
      pendingProject: await one(`select id from public.projects where customer_id = '${ids.customer}' and status = 'pending' order by created_at desc limit 1`),
      completedProject: await one(`select id from public.projects where customer_id = '${ids.customer}' and status = 'completed' order by created_at limit 1`),
      pendingNudge: await one(`select id from public.designer_nudges where designer_id = '${ids.designer}' and status = 'pending' order by created_at limit 1`),
    };
  } finally {
    await c.end();
  }
}

/** Rows per table after the load (the doc's dataset line). */
export async function tableCounts(dbUrl: string): Promise<Record<string, number>> {
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  try {
    const r = await c.query<{ relname: string; n: string }>(
      `select relname, reltuples::bigint as n from pg_class
        where relnamespace = 'public'::regnamespace and relkind = 'r' order by reltuples desc`,
    );
    return Object.fromEntries(r.rows.map((row) => [row.relname, Number(row.n)]));
  } finally {
    await c.end();
  }
}
