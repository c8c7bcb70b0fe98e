-- Demo data for a new local database (applied once by the local stack, like `supabase start`; `npm run db:reset`
-- applies it again). Generated for this project; every name, place and text is invented.
-- Images (portfolios, before/after photos, Good Stuff pictures) are made and uploaded by scripts/seed-storage.ts
-- once Storage is up. Demo logins: docs/demo-logins.md (password for every account: GoodSpace123).

-- ---------------------------------------------------------------------------------------------------------
-- People: auth.users + auth.identities (the sign-up trigger creates profiles, roles and role profiles)
-- ---------------------------------------------------------------------------------------------------------
create temporary table seed_people (id uuid, email text, full_name text, username text, role text, days_ago int) on commit drop;
insert into seed_people values
  ('d0000000-0000-4000-8000-000000000001', 'designer@goodspace.test', 'Jordan Rivera', 'jordanrivera', 'designer', 193),
  ('d0000000-0000-4000-8000-000000000002', 'ava@goodspace.test', 'Ava Thompson', 'avathrifts', 'designer', 186),
  ('d0000000-0000-4000-8000-000000000003', 'marcus@goodspace.test', 'Marcus Lee', 'marcusbuilds', 'designer', 179),
  ('d0000000-0000-4000-8000-000000000004', 'priya@goodspace.test', 'Priya Natarajan', 'priyadesigns', 'designer', 172),
  ('d0000000-0000-4000-8000-000000000005', 'diego@goodspace.test', 'Diego Alvarez', 'diegoalvarez', 'designer', 165),
  ('d0000000-0000-4000-8000-000000000006', 'hannah@goodspace.test', 'Hannah Brooks', 'hannahbrooks', 'designer', 158),
  ('d0000000-0000-4000-8000-000000000007', 'kenji@goodspace.test', 'Kenji Watanabe', 'kenjiw', 'designer', 151),
  ('d0000000-0000-4000-8000-000000000008', 'zoe@goodspace.test', 'Zoe Martinez', 'zoemakesrooms', 'designer', 144),
  ('d0000000-0000-4000-8000-000000000009', 'elijah@goodspace.test', 'Elijah Grant', 'elijahgrant', 'designer', 137),
  ('d0000000-0000-4000-8000-000000000010', 'nora@goodspace.test', 'Nora Kowalski', 'norakowalski', 'designer', 130),
  ('d0000000-0000-4000-8000-000000000011', 'samuel@goodspace.test', 'Samuel Okafor', 'samokafor', 'designer', 123),
  ('d0000000-0000-4000-8000-000000000012', 'lucia@goodspace.test', 'Lucia Romano', 'luciaromano', 'designer', 116),
  ('c0000000-0000-4000-8000-000000000001', 'customer@goodspace.test', 'Maya Chen', 'mayachen', 'customer', 141),
  ('c0000000-0000-4000-8000-000000000002', 'liam@goodspace.test', 'Liam O''Connor', 'liamoc', 'customer', 132),
  ('c0000000-0000-4000-8000-000000000003', 'sofia@goodspace.test', 'Sofia Rossi', 'sofiarossi', 'customer', 123),
  ('c0000000-0000-4000-8000-000000000004', 'noah@goodspace.test', 'Noah Williams', 'noahw', 'customer', 114),
  ('c0000000-0000-4000-8000-000000000005', 'emma@goodspace.test', 'Emma Johnson', 'emmaj', 'customer', 105),
  ('c0000000-0000-4000-8000-000000000006', 'olivia@goodspace.test', 'Olivia Park', 'oliviapark', 'customer', 96),
  ('c0000000-0000-4000-8000-000000000007', 'nosub@goodspace.test', 'Sam Taylor', 'samtaylor', 'customer', 87),
  ('a0000000-0000-4000-8000-000000000001', 'operator@goodspace.test', 'Riley Morgan', 'rileyatgoodspace', 'customer', 200);

insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
  phone_change, phone_change_token, reauthentication_token, is_sso_user, is_anonymous
)
select
  '00000000-0000-0000-0000-000000000000', p.id, 'authenticated', 'authenticated', p.email,
  extensions.crypt('GoodSpace123', extensions.gen_salt('bf')), now() - make_interval(days => p.days_ago), now() - interval '1 day',
  '{"provider":"email","providers":["email"]}'::jsonb,
  jsonb_build_object('full_name', p.full_name, 'username', p.username, 'role', p.role, 'email_verified', true),
  now() - make_interval(days => p.days_ago), now() - make_interval(days => p.days_ago),
  '', '', '', '', '', '', '', '', false, false
from seed_people p;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select p.id::text, p.id,
       jsonb_build_object('sub', p.id::text, 'email', p.email, 'email_verified', true, 'phone_verified', false),
       'email', now() - interval '1 day', now() - make_interval(days => p.days_ago), now() - make_interval(days => p.days_ago)
from seed_people p;

update public.profiles pr set created_at = u.created_at, updated_at = u.created_at from auth.users u
 where u.id = pr.id and u.id in (select id from seed_people);

-- The demo operator (docs/trust-and-safety.md): works the console at /admin. Operators are made only like this, by
-- SQL as the database owner.
insert into private.operators (user_id) values ('a0000000-0000-4000-8000-000000000001');

-- Designer profiles (public directory): bios, specialties, rates, experience, places with coordinates.
update public.designer_profiles set bio = 'Interior design grad who hunts estate sales before sunrise. I build calm, warm rooms around one great vintage piece and a tight budget.', specialties = array['Mid-Century Modern', 'Scandinavian', 'Minimalist'],
  base_rate = 450, rate_per_item = 25, rate_per_sqft = 1.5, experience_years = 6,
  location = 'Portland, OR', latitude = 45.5272, longitude = -122.6824, portfolio_url = 'https://portfolio.example/jordan-rivera'
 where user_id = 'd0000000-0000-4000-8000-000000000001';
update public.designer_profiles set bio = 'Plants, pattern and pre-loved rattan. I love layering textiles from thrift bins into rooms that feel collected over years, not bought in a weekend.', specialties = array['Bohemian', 'Vintage Eclectic', 'Cottage Core'],
  base_rate = 350, rate_per_item = 20, rate_per_sqft = 1.0, experience_years = 4,
  location = 'Portland, OR', latitude = 45.4942, longitude = -122.6604, portfolio_url = 'https://portfolio.example/ava-thompson'
 where user_id = 'd0000000-0000-4000-8000-000000000002';
update public.designer_profiles set bio = 'Former set builder turned designer. Steel, reclaimed wood and honest materials; I restore salvage pieces myself when the budget is tight.', specialties = array['Industrial', 'Contemporary', 'Minimalist'],
  base_rate = 600, rate_per_item = 30, rate_per_sqft = 2.0, experience_years = 9,
  location = 'Portland, OR', latitude = 45.5492, longitude = -122.6514, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000003';
update public.designer_profiles set bio = 'Design student at PSU. Light woods, soft linens and clever small-space layouts. I keep a spreadsheet of every thrift store within 30 miles.', specialties = array['Scandinavian', 'Coastal', 'Transitional'],
  base_rate = 300, rate_per_item = 15, rate_per_sqft = 0, experience_years = 2,
  location = 'Portland, OR', latitude = 45.5072, longitude = -122.7094, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000004';
update public.designer_profiles set bio = 'Terracotta, limewash and flea-market finds from Round Top. I design sunny, lived-in spaces that age well and cost less than you think.', specialties = array['Mediterranean', 'Farmhouse', 'Vintage Eclectic'],
  base_rate = 400, rate_per_item = 25, rate_per_sqft = 1.25, experience_years = 7,
  location = 'Austin, TX', latitude = 30.2822, longitude = -97.7211, portfolio_url = 'https://portfolio.example/diego-alvarez'
 where user_id = 'd0000000-0000-4000-8000-000000000005';
update public.designer_profiles set bio = 'UT Austin interior design student. Gingham, painted dressers and second-hand quilts: cosy rooms for families on real budgets.', specialties = array['Farmhouse', 'Cottage Core', 'Transitional'],
  base_rate = 250, rate_per_item = 0, rate_per_sqft = 0, experience_years = 1,
  location = 'Austin, TX', latitude = 30.2412, longitude = -97.7551, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000006';
update public.designer_profiles set bio = 'Ten years of calm, uncluttered spaces. I edit first and shop second, and most of what I source is vintage Japanese and Danish craft.', specialties = array['Minimalist', 'Contemporary', 'Scandinavian'],
  base_rate = 550, rate_per_item = 35, rate_per_sqft = 1.75, experience_years = 10,
  location = 'Austin, TX', latitude = 30.3082, longitude = -97.7621, portfolio_url = 'https://portfolio.example/kenji-watanabe'
 where user_id = 'd0000000-0000-4000-8000-000000000007';
update public.designer_profiles set bio = 'Colour is not scary. Cane, palms and bold prints from estate sales; I turn rental rooms into places you never want to leave.', specialties = array['Tropical', 'Bohemian', 'Maximalist'],
  base_rate = 375, rate_per_item = 20, rate_per_sqft = 1.0, experience_years = 5,
  location = 'Austin, TX', latitude = 30.2562, longitude = -97.7071, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000008';
update public.designer_profiles set bio = 'Brooklyn brownstones are my playground. Brass, velvet and lacquer from auction houses and stoop sales, restored and remixed.', specialties = array['Art Deco', 'Maximalist', 'Vintage Eclectic'],
  base_rate = 700, rate_per_item = 40, rate_per_sqft = 2.5, experience_years = 12,
  location = 'Brooklyn, NY', latitude = 40.6962, longitude = -73.9352, portfolio_url = 'https://portfolio.example/elijah-grant'
 where user_id = 'd0000000-0000-4000-8000-000000000009';
update public.designer_profiles set bio = 'Small apartments, big calm. I specialise in storage that looks good and in finding the perfect teak sideboard for under $300.', specialties = array['Scandinavian', 'Minimalist', 'Mid-Century Modern'],
  base_rate = 480, rate_per_item = 25, rate_per_sqft = 1.5, experience_years = 6,
  location = 'Brooklyn, NY', latitude = 40.6562, longitude = -73.9592, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000010';
update public.designer_profiles set bio = 'Lofts and live-work spaces. I mix factory salvage with mid-century classics and always leave room for your record collection.', specialties = array['Industrial', 'Mid-Century Modern', 'Contemporary'],
  base_rate = 520, rate_per_item = 30, rate_per_sqft = 1.8, experience_years = 8,
  location = 'Brooklyn, NY', latitude = 40.7072, longitude = -73.9712, portfolio_url = 'https://portfolio.example/samuel-okafor'
 where user_id = 'd0000000-0000-4000-8000-000000000011';
update public.designer_profiles set bio = 'Parsons alum bringing seaside light to city apartments: whitewashed wood, ceramics and linen found at flea markets from Queens to Jersey.', specialties = array['Mediterranean', 'Coastal', 'Art Deco'],
  base_rate = 420, rate_per_item = 20, rate_per_sqft = 1.2, experience_years = 3,
  location = 'Brooklyn, NY', latitude = 40.6722, longitude = -73.9132, portfolio_url = null
 where user_id = 'd0000000-0000-4000-8000-000000000012';

-- Customer profiles: the city their location field names, with their coordinates (placed, like every seeded
-- location, once `npm run places:load` brings the gazetteer: docs/decisions/0024-places.md).
update public.customer_profiles set location = 'Portland, OR', latitude = 45.5231, longitude = -122.6803, space_size = 750, budget_range = 3000, preferred_style = 'Mid-Century Modern' where user_id = 'c0000000-0000-4000-8000-000000000001';
update public.customer_profiles set location = 'Austin, TX', latitude = 30.2772, longitude = -97.7331, space_size = 1100, budget_range = 2500, preferred_style = 'Farmhouse' where user_id = 'c0000000-0000-4000-8000-000000000002';
update public.customer_profiles set location = 'Brooklyn, NY', latitude = 40.6832, longitude = -73.9522, space_size = 600, budget_range = 2000, preferred_style = 'Art Deco' where user_id = 'c0000000-0000-4000-8000-000000000003';
update public.customer_profiles set location = 'Portland, OR', latitude = 45.5002, longitude = -122.6664, space_size = 900, budget_range = 2000, preferred_style = 'Industrial' where user_id = 'c0000000-0000-4000-8000-000000000004';
update public.customer_profiles set location = 'Austin, TX', latitude = 30.2472, longitude = -97.7491, space_size = 1300, budget_range = 1800, preferred_style = 'Cottage Core' where user_id = 'c0000000-0000-4000-8000-000000000005';
update public.customer_profiles set location = 'Brooklyn, NY', latitude = 40.6902, longitude = -73.9242, space_size = 550, budget_range = 2500, preferred_style = 'Maximalist' where user_id = 'c0000000-0000-4000-8000-000000000006';
update public.customer_profiles set location = 'Portland, OR', latitude = 45.5182, longitude = -122.6724, space_size = 400, budget_range = 1200, preferred_style = 'Scandinavian' where user_id = 'c0000000-0000-4000-8000-000000000007';
update public.customer_profiles set location = 'Portland, OR', latitude = 45.5231, longitude = -122.6765 where user_id = 'a0000000-0000-4000-8000-000000000001';

-- Memberships: active sandbox subscriptions (nosub@ has none, to show the paywall).
insert into public.subscriptions (user_id, plan, status, provider, price_id, product_id, current_period_end, stripe_customer_id, stripe_subscription_id)
select p.id, case when p.role = 'designer' then 'designer' else 'client' end::public.subscription_plan, 'active', 'sandbox',
       case when p.role = 'designer' then 'price_sandbox_designer_monthly' else 'price_sandbox_client_monthly' end,
       case when p.role = 'designer' then 'prod_sandbox_designer' else 'prod_sandbox_client' end,
       now() + interval '1 year', 'cus_sandbox_' || replace(p.id::text, '-', ''), 'sub_sandbox_' || replace(p.id::text, '-', '')
from seed_people p where p.email not in ('nosub@goodspace.test', 'operator@goodspace.test');


-- ---------------------------------------------------------------------------------------------------------
-- Projects in every status (pending, active, completed), hard and soft budgets
-- ---------------------------------------------------------------------------------------------------------
insert into public.projects (id, customer_id, designer_id, title, description, location, latitude, longitude, space_size, budget, budget_type, preferred_style, status, created_at, updated_at, completed_at) values
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Mid-century living room refresh', 'Our living room has a great view but feels empty. We want a warm mid-century look built around second-hand teak and a comfy sofa we can actually nap on.', 'Portland, OR', 45.5052, -122.6784, 320, 2500, 'hard', 'Mid-Century Modern', 'active', now() - interval '24 days', now() - interval '24 days', null),
  ('b0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', null, 'Cozy reading nook', 'Turn the awkward corner by the stairs into a reading nook: a lounge chair, a good lamp, a small bookshelf and something soft underfoot.', 'Portland, OR', 45.5152, -122.6684, 90, 800, 'soft', 'Scandinavian', 'pending', now() - interval '3 days', now() - interval '3 days', null),
  ('b0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000002', 'Boho bedroom makeover', 'Bedroom with a sloped ceiling that needs plants, layered textiles and a rattan headboard. Everything second-hand if possible.', 'Portland, OR', 45.5252, -122.6884, 180, 1800, 'soft', 'Bohemian', 'completed', now() - interval '70 days', now() - interval '70 days', now() - interval '40 days'),
  ('b0000000-0000-4000-8000-000000000004', 'c0000000-0000-4000-8000-000000000001', null, 'Moving to Austin, TX', 'Moving in six weeks into a two-bedroom in East Austin. Looking for help furnishing the living room and office with vintage pieces. Items: sofa, desk, rugs, lighting.', 'Austin, TX', 30.2872, -97.7431, 850, 3000, 'soft', 'Farmhouse', 'pending', now() - interval '1 days', now() - interval '1 days', null),
  ('b0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000005', 'Hill Country kitchen nook', 'Breakfast nook off the kitchen: a farmhouse table, mismatched chairs and open shelving for my grandmother''s dishes.', 'Austin, TX', 30.2472, -97.7331, 140, 1200, 'soft', 'Farmhouse', 'active', now() - interval '15 days', now() - interval '15 days', null),
  ('b0000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000008', 'Tropical sunroom', 'Sunroom full of light and nothing else. Want cane furniture, lots of plants and a daybed for lazy Sundays.', 'Austin, TX', 30.2572, -97.7531, 220, 2200, 'soft', 'Tropical', 'completed', now() - interval '90 days', now() - interval '90 days', now() - interval '62 days'),
  ('b0000000-0000-4000-8000-000000000007', 'c0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000009', 'Art Deco entryway and powder room', 'Narrow brownstone entry and a tiny powder room that deserve some glamour: brass, mirrors, a bold wallpaper and a bench.', 'Brooklyn, NY', 40.6782, -73.9442, 110, 1500, 'hard', 'Art Deco', 'active', now() - interval '10 days', now() - interval '10 days', null),
  ('b0000000-0000-4000-8000-000000000008', 'c0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 'Scandinavian studio apartment', 'Studio apartment that has to be a bedroom, office and living room at once. Light, calm and clever storage.', 'Brooklyn, NY', 40.6882, -73.9342, 450, 2000, 'soft', 'Scandinavian', 'completed', now() - interval '120 days', now() - interval '120 days', now() - interval '95 days'),
  ('b0000000-0000-4000-8000-000000000009', 'c0000000-0000-4000-8000-000000000004', null, 'Home office for two', 'Spare room needs to fit two desks, good task lighting and storage for two people who work from home.', 'Portland, OR', 45.5352, -122.6884, 160, 1500, 'soft', 'Industrial', 'pending', now() - interval '6 days', now() - interval '6 days', null),
  ('b0000000-0000-4000-8000-000000000010', 'c0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000003', 'Industrial loft lounge', 'Open loft lounge with brick walls. Leather sofa, metal shelving and warm lighting so it does not feel like a warehouse.', 'Portland, OR', 45.4952, -122.6784, 600, 3500, 'soft', 'Industrial', 'completed', now() - interval '160 days', now() - interval '160 days', now() - interval '120 days'),
  ('b0000000-0000-4000-8000-000000000011', 'c0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000001', 'Minimalist bedroom', 'Bedroom that is mostly boxes. I want a calm, minimal room with a low bed, one good rug and a place for clothes.', 'Portland, OR', 45.5052, -122.6684, 200, 1200, 'soft', 'Minimalist', 'completed', now() - interval '80 days', now() - interval '80 days', now() - interval '52 days'),
  ('b0000000-0000-4000-8000-000000000012', 'c0000000-0000-4000-8000-000000000005', null, 'Dining room with character', 'Builder-grade dining room that needs character: a big old table, mismatched chairs and a statement light.', 'Austin, TX', 30.2672, -97.7531, 200, 1000, 'hard', 'Cottage Core', 'pending', now() - interval '4 days', now() - interval '4 days', null),
  ('b0000000-0000-4000-8000-000000000013', 'c0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000007', 'Minimal guest room', 'Guest room that doubles as a yoga space: simple bed, storage for mats and not much else.', 'Austin, TX', 30.2772, -97.7431, 150, 900, 'soft', 'Minimalist', 'completed', now() - interval '110 days', now() - interval '110 days', now() - interval '85 days'),
  ('b0000000-0000-4000-8000-000000000014', 'c0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000006', 'Cottage-core kids reading corner', 'Reading corner for two kids under six: low shelves, floor cushions, a canopy and a rocking chair for me.', 'Austin, TX', 30.2872, -97.7331, 70, 600, 'soft', 'Cottage Core', 'active', now() - interval '8 days', now() - interval '8 days', null),
  ('b0000000-0000-4000-8000-000000000015', 'c0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000010', 'Scandi dining nook', 'Small dining nook by the window: round table, four chairs and a pendant light. Must survive a toddler.', 'Brooklyn, NY', 40.6582, -73.9542, 95, 1100, 'hard', 'Scandinavian', 'active', now() - interval '12 days', now() - interval '12 days', null),
  ('b0000000-0000-4000-8000-000000000016', 'c0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000012', 'Mediterranean balcony living', 'Long balcony we never use. Make it an outdoor living room with pots, a bistro set and lanterns.', 'Brooklyn, NY', 40.6682, -73.9442, 80, 1400, 'soft', 'Mediterranean', 'completed', now() - interval '140 days', now() - interval '140 days', now() - interval '110 days'),
  ('b0000000-0000-4000-8000-000000000017', 'c0000000-0000-4000-8000-000000000006', null, 'Maximalist gallery wall and lounge', 'Living room with a huge blank wall: a gallery wall, a velvet sofa and every colour we can get away with.', 'Brooklyn, NY', 40.6782, -73.9342, 380, 2500, 'soft', 'Maximalist', 'pending', now() - interval '2 days', now() - interval '2 days', null),
  ('b0000000-0000-4000-8000-000000000018', 'c0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000011', 'Loft bookshelf wall', 'Floor-to-ceiling bookshelves for a loft, ladder included, plus a reading chair and a lamp.', 'Brooklyn, NY', 40.6882, -73.9542, 300, 1600, 'soft', 'Industrial', 'completed', now() - interval '200 days', now() - interval '200 days', now() - interval '170 days');

-- Bids: accepted and rejected on assigned projects, pending ones on open projects.
insert into public.project_bids (project_id, designer_id, bid_amount, proposal, estimated_days, status, created_at, updated_at) values
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 2300, 'I would build the room around a 1960s teak credenza I already have my eye on, add a sleeper-friendly sofa and an arc lamp. Everything sourced second-hand.', 21, 'accepted', now() - interval '22 days' + interval '2 hours', now() - interval '22 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000003', 2450, 'Industrial take on mid-century: steel and walnut, a leather sofa from an estate sale, and custom shelving.', 28, 'rejected', now() - interval '21 days' + interval '3 hours', now() - interval '21 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000004', 1900, 'Light Scandinavian-leaning mid-century with a budget cushion for a rug and plants.', 25, 'rejected', now() - interval '21 days' + interval '3 hours', now() - interval '21 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000002', 650, 'A rattan lounge chair, a floor lamp with a pleated shade and a small wall shelf. Cosy and under budget.', 10, 'pending', now() - interval '2 days' + interval '1 hours', now() - interval '2 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000004', 590, 'Birch bookshelf, sheepskin throw and a reading light; I can install everything in one afternoon.', 7, 'pending', now() - interval '2 days' + interval '1 hours', now() - interval '2 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000003', 780, 'Reclaimed-wood window seat with storage underneath, plus a metal task lamp.', 14, 'pending', now() - interval '1 days' + interval '2 hours', now() - interval '1 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000002', 1650, 'Rattan headboard, layered kilims, trailing plants and a macrame hanging. I know three thrift stores with great textiles right now.', 30, 'accepted', now() - interval '68 days' + interval '2 hours', now() - interval '68 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000001', 1750, 'A calmer boho with warm woods and fewer patterns.', 30, 'rejected', now() - interval '67 days' + interval '3 hours', now() - interval '67 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000005', 1150, 'Farmhouse table from a Round Top dealer I trust, four mismatched chairs and open shelving from salvage.', 20, 'accepted', now() - interval '13 days' + interval '2 hours', now() - interval '13 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000008', 2100, 'Cane daybed, peacock chair, and a jungle of plants in vintage pots. A room you will live in.', 30, 'accepted', now() - interval '87 days' + interval '3 hours', now() - interval '87 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000005', 2200, 'Mediterranean sunroom with terracotta and linen.', 35, 'rejected', now() - interval '86 days' + interval '4 hours', now() - interval '86 days' + interval '4 hours'),
  ('b0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000009', 1450, 'Brass sconces, a fluted mirror, a velvet bench and a bold deco wallpaper for the powder room.', 25, 'accepted', now() - interval '8 days' + interval '2 hours', now() - interval '8 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000012', 1300, 'Lighter deco with coastal tones and a round mirror.', 20, 'rejected', now() - interval '8 days' + interval '2 hours', now() - interval '8 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000001', 1950, 'Zones instead of walls: a daybed that seats guests, a slim desk and a shelving unit that divides the room.', 28, 'accepted', now() - interval '117 days' + interval '3 hours', now() - interval '117 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000010', 2000, 'Storage-first layout with a Murphy bed.', 30, 'rejected', now() - interval '117 days' + interval '3 hours', now() - interval '117 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000001', 1400, 'Two facing desks with a shared shelving spine, two task lamps and pinboards. Industrial touches in black steel.', 18, 'pending', now() - interval '5 days' + interval '1 hours', now() - interval '5 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000003', 1500, 'Custom steel-and-oak desks from salvage and a big pegboard wall.', 21, 'pending', now() - interval '4 days' + interval '2 hours', now() - interval '4 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000010', 'd0000000-0000-4000-8000-000000000003', 3300, 'Cognac leather sofa, metal shelving, Edison pendants and a huge rug to soften the brick.', 40, 'accepted', now() - interval '157 days' + interval '3 hours', now() - interval '157 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000011', 'd0000000-0000-4000-8000-000000000001', 1150, 'Low platform bed, one wool rug, a vintage dresser and nothing else. Calm.', 21, 'accepted', now() - interval '78 days' + interval '2 hours', now() - interval '78 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000012', 'd0000000-0000-4000-8000-000000000005', 950, 'A long farm table and six thrifted chairs painted in one colour, plus a rattan pendant.', 14, 'pending', now() - interval '3 days' + interval '1 hours', now() - interval '3 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000012', 'd0000000-0000-4000-8000-000000000006', 880, 'Cottage dining with a gingham runner, a painted hutch and mismatched chairs.', 12, 'pending', now() - interval '2 days' + interval '2 hours', now() - interval '2 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000013', 'd0000000-0000-4000-8000-000000000007', 850, 'Futon on a low frame, floating shelves for mats and a paper lantern.', 14, 'accepted', now() - interval '108 days' + interval '2 hours', now() - interval '108 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000014', 'd0000000-0000-4000-8000-000000000006', 560, 'Low shelves, floor cushions from old quilts, a canopy and a rocking chair I will repaint.', 10, 'accepted', now() - interval '7 days' + interval '1 hours', now() - interval '7 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000015', 'd0000000-0000-4000-8000-000000000010', 1050, 'Round pedestal table (no corners for the toddler), four spindle chairs and a paper pendant.', 18, 'accepted', now() - interval '10 days' + interval '2 hours', now() - interval '10 days' + interval '2 hours'),
  ('b0000000-0000-4000-8000-000000000015', 'd0000000-0000-4000-8000-000000000011', 1090, 'Metal bistro set and an industrial pendant.', 15, 'rejected', now() - interval '9 days' + interval '3 hours', now() - interval '9 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000016', 'd0000000-0000-4000-8000-000000000012', 1300, 'Bistro set, olive trees in terracotta pots, lanterns and an outdoor rug.', 21, 'accepted', now() - interval '137 days' + interval '3 hours', now() - interval '137 days' + interval '3 hours'),
  ('b0000000-0000-4000-8000-000000000017', 'd0000000-0000-4000-8000-000000000009', 2400, 'Velvet sofa, a salon-style gallery wall from auction prints and a lacquered coffee table.', 30, 'pending', now() - interval '1 days' + interval '1 hours', now() - interval '1 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000017', 'd0000000-0000-4000-8000-000000000011', 2300, 'A maximalist mix with industrial bones: leather, colour, and a lot of art.', 28, 'pending', now() - interval '1 days' + interval '1 hours', now() - interval '1 days' + interval '1 hours'),
  ('b0000000-0000-4000-8000-000000000018', 'd0000000-0000-4000-8000-000000000011', 1550, 'Steel-frame shelving with a rolling ladder, a leather reading chair and a tripod lamp.', 30, 'accepted', now() - interval '197 days' + interval '3 hours', now() - interval '197 days' + interval '3 hours');

-- Items: near the budget warning (Maya, 82% of a hard cap), close to a hard cap (Sofia, 97%), over a soft budget (Liam, 112%).
insert into public.project_items (project_id, name, description, cost, added_by, created_at) values
  ('b0000000-0000-4000-8000-000000000001', 'Walnut credenza, 1964', 'Eight-foot low credenza, original pulls, light scratches on top', 650, 'd0000000-0000-4000-8000-000000000001', now() - interval '18 days'),
  ('b0000000-0000-4000-8000-000000000001', 'Teak lounge chair', 'Danish lounge chair with new wool cushions', 420, 'd0000000-0000-4000-8000-000000000001', now() - interval '16 days'),
  ('b0000000-0000-4000-8000-000000000001', 'Brass arc floor lamp', 'Rewired, dimmer switch', 180, 'd0000000-0000-4000-8000-000000000001', now() - interval '14 days'),
  ('b0000000-0000-4000-8000-000000000001', 'Wool kilim rug 5x8', 'Rust and cream kilim from an estate sale', 390, 'c0000000-0000-4000-8000-000000000001', now() - interval '12 days'),
  ('b0000000-0000-4000-8000-000000000001', 'Ceramic table lamps (pair)', 'Mustard glaze, linen shades', 110, 'd0000000-0000-4000-8000-000000000001', now() - interval '9 days'),
  ('b0000000-0000-4000-8000-000000000001', 'Danish coffee table', 'Teak, oval, small water ring', 300, 'c0000000-0000-4000-8000-000000000001', now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Rattan headboard', 'Queen size, 1970s', 240, 'd0000000-0000-4000-8000-000000000002', now() - interval '60 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Vintage kilim runner', null, 160, 'd0000000-0000-4000-8000-000000000002', now() - interval '58 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Macrame wall hanging', 'Handmade, found at a church sale', 45, 'c0000000-0000-4000-8000-000000000001', now() - interval '55 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Linen bedding set', 'Second-hand, washed and pressed', 120, 'c0000000-0000-4000-8000-000000000001', now() - interval '54 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Trailing plants and pots', 'Pothos, string of pearls, three terracotta pots', 95, 'd0000000-0000-4000-8000-000000000002', now() - interval '52 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Pine dresser, repainted', 'Six drawers, sage green', 310, 'd0000000-0000-4000-8000-000000000002', now() - interval '50 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Peacock chair', 'Wicker, needs a cushion', 380, 'd0000000-0000-4000-8000-000000000002', now() - interval '48 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Moroccan pouf', null, 85, 'c0000000-0000-4000-8000-000000000001', now() - interval '47 days'),
  ('b0000000-0000-4000-8000-000000000003', 'Brass floor mirror', null, 215, 'd0000000-0000-4000-8000-000000000002', now() - interval '45 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Farmhouse table', 'Pine, 7 ft, from a Round Top dealer', 520, 'd0000000-0000-4000-8000-000000000005', now() - interval '12 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Four mismatched chairs', 'Painted the same cream colour', 240, 'd0000000-0000-4000-8000-000000000005', now() - interval '10 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Open shelving brackets', 'Salvaged cast iron', 110, 'd0000000-0000-4000-8000-000000000005', now() - interval '9 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Reclaimed oak shelves', 'Two boards, sanded and oiled', 140, 'c0000000-0000-4000-8000-000000000002', now() - interval '8 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Enamel pendant light', 'Rewired, green enamel', 130, 'd0000000-0000-4000-8000-000000000005', now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Linen cafe curtains', null, 70, 'c0000000-0000-4000-8000-000000000002', now() - interval '5 days'),
  ('b0000000-0000-4000-8000-000000000005', 'Vintage bread board and crocks', 'For the shelves', 130, 'c0000000-0000-4000-8000-000000000002', now() - interval '3 days'),
  ('b0000000-0000-4000-8000-000000000007', 'Fluted brass mirror', 'Round, 30 in', 420, 'd0000000-0000-4000-8000-000000000009', now() - interval '8 days'),
  ('b0000000-0000-4000-8000-000000000007', 'Velvet bench', 'Emerald velvet, brass legs', 390, 'd0000000-0000-4000-8000-000000000009', now() - interval '7 days'),
  ('b0000000-0000-4000-8000-000000000007', 'Deco wall sconces (pair)', 'Frosted glass, rewired', 310, 'd0000000-0000-4000-8000-000000000009', now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000007', 'Deco wallpaper, 3 rolls', 'Fan pattern, black and gold', 240, 'c0000000-0000-4000-8000-000000000003', now() - interval '5 days'),
  ('b0000000-0000-4000-8000-000000000007', 'Brass towel ring and hooks', null, 95, 'd0000000-0000-4000-8000-000000000009', now() - interval '3 days'),
  ('b0000000-0000-4000-8000-000000000014', 'Low birch bookshelves (2)', 'Face-out shelves for picture books', 120, 'd0000000-0000-4000-8000-000000000006', now() - interval '6 days'),
  ('b0000000-0000-4000-8000-000000000014', 'Quilt floor cushions', null, 60, 'd0000000-0000-4000-8000-000000000006', now() - interval '4 days'),
  ('b0000000-0000-4000-8000-000000000015', 'Round pedestal table', 'Birch, 36 in', 260, 'd0000000-0000-4000-8000-000000000010', now() - interval '9 days'),
  ('b0000000-0000-4000-8000-000000000015', 'Spindle chairs (set of 4)', null, 190, 'd0000000-0000-4000-8000-000000000010', now() - interval '7 days');

-- The portfolio (docs/decisions/0017): two completed projects are shown with what they cost, two without costs,
-- and Jordan's "Minimalist bedroom" is not shown at all, so the demo designer's portfolio has both kinds.
insert into public.project_items (project_id, name, description, cost, added_by, created_at) values
  ('b0000000-0000-4000-8000-000000000008', 'Daybed with trundle', 'Birch frame, seats three by day', 720, 'd0000000-0000-4000-8000-000000000001', now() - interval '112 days'),
  ('b0000000-0000-4000-8000-000000000008', 'Slim writing desk', 'Fold-out top, 1970s', 310, 'd0000000-0000-4000-8000-000000000001', now() - interval '110 days'),
  ('b0000000-0000-4000-8000-000000000008', 'Open shelving room divider', 'Pine, five cubes high', 540, 'd0000000-0000-4000-8000-000000000001', now() - interval '108 days'),
  ('b0000000-0000-4000-8000-000000000008', 'Wool flatweave rug', null, 240, 'c0000000-0000-4000-8000-000000000003', now() - interval '104 days'),
  ('b0000000-0000-4000-8000-000000000008', 'Linen curtains', null, 95, 'c0000000-0000-4000-8000-000000000003', now() - interval '101 days');
update public.projects set portfolio_consent = true, portfolio_show_costs = true
 where id in ('b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000008');
update public.projects set portfolio_consent = true
 where id in ('b0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000016');

-- Messages between customers and their designers.
insert into public.messages (project_id, sender_id, content, created_at) values
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Hi Jordan! So happy you took this on. The credenza you mentioned, is it still available?', now() - interval '22 days' + interval '9 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Hi Maya! Yes, I put a hold on it. It is 8 ft, so let us measure the wall under the window first.', now() - interval '22 days' + interval '11 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Measured: 104 inches between the radiator and the corner. Does that work?', now() - interval '21 days' + interval '18 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Perfect, with 8 inches to spare. I will pick it up Saturday and bring the lounge chair too.', now() - interval '21 days' + interval '19 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Uploaded the before photos. I marked where the arc lamp should go.', now() - interval '16 days' + interval '10 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Love the lamp! The rug is a little more orange than I expected, but I think it grows on me.', now() - interval '12 days' + interval '20 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'It will calm down once the sofa is in. We are at about 82% of the budget, so I will keep the last pieces small.', now() - interval '9 days' + interval '8 hours'),
  ('b0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Sounds good. Can we still fit some plants?', now() - interval '2 days' + interval '17 hours'),
  ('b0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000001', 'Ava, the headboard is gorgeous. My cat already sleeps on it.', now() - interval '55 days' + interval '21 hours'),
  ('b0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000002', 'Ha! Cats always know. Pouf and mirror arrive Thursday.', now() - interval '55 days' + interval '22 hours'),
  ('b0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000002', 'All done! After photos are up. Thank you for trusting me with this room.', now() - interval '41 days' + interval '16 hours'),
  ('b0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000005', 'Found the table! Pine, 7 ft, a little wobbly but I can fix that.', now() - interval '12 days' + interval '10 hours'),
  ('b0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000002', 'Great. I know we are a bit over budget, but the crocks were too good to pass up.', now() - interval '3 days' + interval '19 hours'),
  ('b0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000005', 'Totally fine on a flexible budget. Maybe we skip the second curtain set.', now() - interval '3 days' + interval '20 hours'),
  ('b0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000009', 'Wallpaper samples are in; the fan pattern in black and gold is the winner.', now() - interval '7 days' + interval '12 hours'),
  ('b0000000-0000-4000-8000-000000000007', 'c0000000-0000-4000-8000-000000000003', 'Agreed. We are close to the cap, so let us keep the towel hooks simple.', now() - interval '3 days' + interval '18 hours'),
  ('b0000000-0000-4000-8000-000000000008', 'c0000000-0000-4000-8000-000000000003', 'The daybed idea changed everything. Friends can stay over now!', now() - interval '100 days' + interval '20 hours'),
  ('b0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000001', 'So glad. I am adding after photos today.', now() - interval '96 days' + interval '9 hours'),
  ('b0000000-0000-4000-8000-000000000014', 'd0000000-0000-4000-8000-000000000006', 'Bookshelves installed. The kids already emptied them onto the floor.', now() - interval '5 days' + interval '15 hours'),
  ('b0000000-0000-4000-8000-000000000014', 'c0000000-0000-4000-8000-000000000005', 'That means they love it. Canopy next?', now() - interval '5 days' + interval '16 hours'),
  ('b0000000-0000-4000-8000-000000000015', 'd0000000-0000-4000-8000-000000000010', 'Table is in. The pedestal base means no corners at toddler height.', now() - interval '8 days' + interval '11 hours'),
  ('b0000000-0000-4000-8000-000000000015', 'c0000000-0000-4000-8000-000000000006', 'Thank you! Chairs look great too.', now() - interval '7 days' + interval '19 hours');

-- Notes on before/after photos (the files themselves are uploaded by scripts/seed-storage.ts under these paths:
-- active projects get before-1/before-2 and after-1; completed ones before-1, after-1 and after-2).
insert into public.project_photo_notes (project_id, photo_path, note, added_by) values
  ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001/before-1.webp', 'The empty wall under the window: credenza goes here.', 'c0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001/before-2.webp', 'Corner for the arc lamp and the lounge chair.', 'c0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001/after-1.webp', 'Halfway there: credenza and chair are in.', 'c0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000003/before-1.webp', 'Before: mattress on the floor, no storage.', 'c0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000003/after-1.webp', 'After: rattan headboard and the peacock chair.', 'c0000000-0000-4000-8000-000000000001'),
  ('b0000000-0000-4000-8000-000000000008', 'b0000000-0000-4000-8000-000000000008/after-1.webp', 'The daybed doubles as a sofa.', 'c0000000-0000-4000-8000-000000000003'),
  ('b0000000-0000-4000-8000-000000000016', 'b0000000-0000-4000-8000-000000000016/after-2.webp', 'Olive trees survived the winter!', 'c0000000-0000-4000-8000-000000000006');

-- Reviews of completed projects (one per project).
insert into public.reviews (project_id, designer_id, client_id, rating, comment, created_at) values
  ('b0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 5, 'Ava made my bedroom feel like a treehouse. Every piece has a story and we stayed under budget.', now() - interval '39 days'),
  ('b0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000008', 'c0000000-0000-4000-8000-000000000002', 4, 'Beautiful sunroom and great sourcing. Took a bit longer than planned, but worth it.', now() - interval '60 days'),
  ('b0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000003', 5, 'Jordan understood the studio instantly. The daybed idea was genius.', now() - interval '94 days'),
  ('b0000000-0000-4000-8000-000000000010', 'd0000000-0000-4000-8000-000000000003', 'c0000000-0000-4000-8000-000000000004', 4, 'The loft finally feels like a home. Marcus restored the shelving himself.', now() - interval '118 days'),
  ('b0000000-0000-4000-8000-000000000011', 'd0000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000004', 5, 'Calm, simple, perfect. Exactly the bedroom I needed after a hard year.', now() - interval '50 days'),
  ('b0000000-0000-4000-8000-000000000013', 'd0000000-0000-4000-8000-000000000007', 'c0000000-0000-4000-8000-000000000005', 5, 'Kenji edited my clutter away. The guest room is now my favourite room.', now() - interval '84 days'),
  ('b0000000-0000-4000-8000-000000000016', 'd0000000-0000-4000-8000-000000000012', 'c0000000-0000-4000-8000-000000000006', 5, 'Our balcony is where we eat every evening now. Lucia found the cutest bistro set.', now() - interval '108 days'),
  ('b0000000-0000-4000-8000-000000000018', 'd0000000-0000-4000-8000-000000000011', 'c0000000-0000-4000-8000-000000000006', 3, 'Shelves look great, but the ladder rail needed a second visit to fix.', now() - interval '168 days');

-- Nudges in every status.
insert into public.designer_nudges (client_id, designer_id, project_id, status, quote_amount, quote_message, created_at, responded_at) values
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000002', 'pending', null, null, now() - interval '1 days', null),
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000008', 'b0000000-0000-4000-8000-000000000004', 'pending', null, null, now() - interval '0 days', null),
  ('c0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000007', 'b0000000-0000-4000-8000-000000000012', 'pending', null, null, now() - interval '2 days', null),
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000005', 'b0000000-0000-4000-8000-000000000004', 'accepted', 2800, 'Happy to help with the move! I can start the week you arrive and I already know a few East Austin dealers.', now() - interval '0 days', now() - interval '0 days' + interval '5 hours'),
  ('c0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000009', 'accepted', 1400, 'Would love to. I have two matching steel desks on hold that would be perfect.', now() - interval '4 days', now() - interval '4 days' + interval '5 hours'),
  ('c0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000011', 'b0000000-0000-4000-8000-000000000017', 'accepted', 2300, 'Count me in. I have a velvet sofa in storage that is begging for this room.', now() - interval '1 days', now() - interval '1 days' + interval '5 hours'),
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000006', 'b0000000-0000-4000-8000-000000000004', 'declined', null, null, now() - interval '0 days', now() - interval '0 days' + interval '5 hours'),
  ('c0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000012', 'declined', null, null, now() - interval '3 days', now() - interval '3 days' + interval '5 hours'),
  ('c0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000010', 'b0000000-0000-4000-8000-000000000017', 'declined', null, null, now() - interval '1 days', now() - interval '1 days' + interval '5 hours');

-- Good Stuff: vintage pieces listed by designers (pictures added by scripts/seed-storage.ts, which sets image_url and
-- so photo_urls), each where it can be picked up (location) with coordinates, a condition grade and, below, real
-- dimensions in inches (docs/good-stuff.md, "Model").
insert into public.catalog_items (id, designer_id, title, description, category, price, location, latitude, longitude, condition, is_available, created_at, updated_at) values
  ('f0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Teak three-seat sofa', '1960s Danish sofa, reupholstered in oatmeal wool', 'couch', 850, 'Portland, OR', 45.4972, -122.6464, 'excellent', true, now() - interval '3 days', now() - interval '3 days'),
  ('f0000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000009', 'Emerald velvet Chesterfield', 'Deep buttoned velvet, solid frame, one small fray on the back', 'couch', 1200, 'Brooklyn, NY', 40.6662, -73.9202, 'good', true, now() - interval '12 days', now() - interval '12 days'),
  ('f0000000-0000-4000-8000-000000000003', 'd0000000-0000-4000-8000-000000000005', 'Slipcovered linen sofa', 'Washable natural linen slipcover, down-wrapped cushions', 'couch', 640, 'Austin, TX', 30.2612, -97.7271, 'good', true, now() - interval '20 days', now() - interval '20 days'),
  ('f0000000-0000-4000-8000-000000000004', 'd0000000-0000-4000-8000-000000000008', 'Cane daybed', 'Rattan frame with new cushion', 'couch', 520, 'Austin, TX', 30.2672, -97.7351, 'very_good', true, now() - interval '8 days', now() - interval '8 days'),
  ('f0000000-0000-4000-8000-000000000005', 'd0000000-0000-4000-8000-000000000002', 'Peacock wicker chair', 'Classic 1970s peacock chair, sturdy', 'chair', 280, 'Portland, OR', 45.5212, -122.6784, 'good', true, now() - interval '5 days', now() - interval '5 days'),
  ('f0000000-0000-4000-8000-000000000006', 'd0000000-0000-4000-8000-000000000001', 'Danish lounge chair', 'Teak frame, new wool cushions', 'chair', 460, 'Portland, OR', 45.5272, -122.6864, 'excellent', false, now() - interval '9 days', now() - interval '9 days'),
  ('f0000000-0000-4000-8000-000000000007', 'd0000000-0000-4000-8000-000000000011', 'Leather club chair', 'Cognac leather with lovely patina', 'chair', 540, 'Brooklyn, NY', 40.6962, -73.9602, 'good', true, now() - interval '15 days', now() - interval '15 days'),
  ('f0000000-0000-4000-8000-000000000008', 'd0000000-0000-4000-8000-000000000006', 'Painted spindle chairs (pair)', 'Sage green, farmhouse style', 'chair', 120, 'Austin, TX', 30.2912, -97.7671, 'fair', true, now() - interval '2 days', now() - interval '2 days'),
  ('f0000000-0000-4000-8000-000000000009', 'd0000000-0000-4000-8000-000000000010', 'Bentwood cafe chairs (set of 4)', 'Thonet-style, all joints tight', 'chair', 360, 'Brooklyn, NY', 40.6542, -73.9762, 'very_good', true, now() - interval '22 days', now() - interval '22 days'),
  ('f0000000-0000-4000-8000-000000000010', 'd0000000-0000-4000-8000-000000000001', 'Oval teak coffee table', 'Mid-century oval, small water ring', 'table', 240, 'Portland, OR', 45.4972, -122.6464, 'good', true, now() - interval '4 days', now() - interval '4 days'),
  ('f0000000-0000-4000-8000-000000000011', 'd0000000-0000-4000-8000-000000000005', 'Farmhouse dining table', 'Pine, seats eight, 7 ft', 'table', 560, 'Austin, TX', 30.2552, -97.7191, 'good', true, now() - interval '17 days', now() - interval '17 days'),
  ('f0000000-0000-4000-8000-000000000012', 'd0000000-0000-4000-8000-000000000012', 'Marble bistro table', 'Round marble top, cast iron base', 'table', 310, 'Brooklyn, NY', 40.6722, -73.9282, 'very_good', true, now() - interval '11 days', now() - interval '11 days'),
  ('f0000000-0000-4000-8000-000000000013', 'd0000000-0000-4000-8000-000000000007', 'Low Japanese tea table', 'Solid elm, 1980s', 'table', 190, 'Austin, TX', 30.2672, -97.7351, 'excellent', true, now() - interval '26 days', now() - interval '26 days'),
  ('f0000000-0000-4000-8000-000000000014', 'd0000000-0000-4000-8000-000000000003', 'Steel-and-oak writing desk', 'Industrial desk, two drawers', 'desk', 420, 'Portland, OR', 45.5212, -122.6784, 'good', true, now() - interval '6 days', now() - interval '6 days'),
  ('f0000000-0000-4000-8000-000000000015', 'd0000000-0000-4000-8000-000000000004', 'Birch secretary desk', 'Fold-down front, lots of cubbies', 'desk', 260, 'Portland, OR', 45.5272, -122.6864, 'very_good', true, now() - interval '14 days', now() - interval '14 days'),
  ('f0000000-0000-4000-8000-000000000016', 'd0000000-0000-4000-8000-000000000010', 'Teak partners desk', 'Double-sided with drawers both ways', 'desk', 780, 'Brooklyn, NY', 40.6962, -73.9602, 'good', true, now() - interval '30 days', now() - interval '30 days'),
  ('f0000000-0000-4000-8000-000000000017', 'd0000000-0000-4000-8000-000000000002', 'Rattan queen headboard', 'Arched rattan, 1970s', 'bed', 220, 'Portland, OR', 45.5392, -122.7024, 'good', true, now() - interval '7 days', now() - interval '7 days'),
  ('f0000000-0000-4000-8000-000000000018', 'd0000000-0000-4000-8000-000000000006', 'Iron daybed frame', 'Cream painted iron, twin', 'bed', 180, 'Austin, TX', 30.2432, -97.7751, 'fair', true, now() - interval '19 days', now() - interval '19 days'),
  ('f0000000-0000-4000-8000-000000000019', 'd0000000-0000-4000-8000-000000000012', 'Carved wood bed frame', 'Queen, Mediterranean carving', 'bed', 640, 'Brooklyn, NY', 40.6602, -73.9122, 'very_good', false, now() - interval '33 days', now() - interval '33 days'),
  ('f0000000-0000-4000-8000-000000000020', 'd0000000-0000-4000-8000-000000000001', 'Walnut six-drawer dresser', 'Original brass pulls', 'dresser', 590, 'Portland, OR', 45.5032, -122.6544, 'excellent', true, now() - interval '1 days', now() - interval '1 days'),
  ('f0000000-0000-4000-8000-000000000021', 'd0000000-0000-4000-8000-000000000006', 'Painted pine dresser', 'Hand-painted florals', 'dresser', 240, 'Austin, TX', 30.2612, -97.7271, 'good', true, now() - interval '13 days', now() - interval '13 days'),
  ('f0000000-0000-4000-8000-000000000022', 'd0000000-0000-4000-8000-000000000009', 'Deco waterfall dresser', 'Bookmatched veneer, 1930s', 'dresser', 720, 'Brooklyn, NY', 40.6782, -73.9362, 'good', true, now() - interval '27 days', now() - interval '27 days'),
  ('f0000000-0000-4000-8000-000000000023', 'd0000000-0000-4000-8000-000000000010', 'Teak credenza', 'Sliding doors, adjustable shelves', 'cabinet', 690, 'Brooklyn, NY', 40.6842, -73.9442, 'very_good', true, now() - interval '10 days', now() - interval '10 days'),
  ('f0000000-0000-4000-8000-000000000024', 'd0000000-0000-4000-8000-000000000005', 'Glass-front hutch', 'Oak, two-piece', 'cabinet', 450, 'Austin, TX', 30.2792, -97.7511, 'good', true, now() - interval '24 days', now() - interval '24 days'),
  ('f0000000-0000-4000-8000-000000000025', 'd0000000-0000-4000-8000-000000000011', 'Metal locker cabinet', 'Factory locker, four doors, repainted', 'cabinet', 300, 'Brooklyn, NY', 40.6962, -73.9602, 'good', true, now() - interval '16 days', now() - interval '16 days'),
  ('f0000000-0000-4000-8000-000000000026', 'd0000000-0000-4000-8000-000000000001', 'Brass arc floor lamp', 'Rewired, marble base', 'lighting', 260, 'Portland, OR', 45.5392, -122.7024, 'excellent', true, now() - interval '2 days', now() - interval '2 days'),
  ('f0000000-0000-4000-8000-000000000027', 'd0000000-0000-4000-8000-000000000008', 'Rattan pendant shade', 'Large, 24 in', 'lighting', 85, 'Austin, TX', 30.2432, -97.7751, 'very_good', true, now() - interval '5 days', now() - interval '5 days'),
  ('f0000000-0000-4000-8000-000000000028', 'd0000000-0000-4000-8000-000000000009', 'Deco frosted sconces (pair)', 'Rewired, frosted glass', 'lighting', 230, 'Brooklyn, NY', 40.6602, -73.9122, 'good', true, now() - interval '9 days', now() - interval '9 days'),
  ('f0000000-0000-4000-8000-000000000029', 'd0000000-0000-4000-8000-000000000007', 'Paper lantern floor lamp', 'Washi paper, oak frame', 'lighting', 140, 'Austin, TX', 30.2552, -97.7191, 'excellent', true, now() - interval '18 days', now() - interval '18 days'),
  ('f0000000-0000-4000-8000-000000000030', 'd0000000-0000-4000-8000-000000000002', 'Macrame wall hanging', 'Large handmade piece', 'decor', 65, 'Portland, OR', 45.5092, -122.6624, 'very_good', true, now() - interval '3 days', now() - interval '3 days'),
  ('f0000000-0000-4000-8000-000000000031', 'd0000000-0000-4000-8000-000000000012', 'Terracotta urns (set of 3)', 'Weathered, frost-proof', 'decor', 120, 'Brooklyn, NY', 40.6782, -73.9362, 'good', true, now() - interval '21 days', now() - interval '21 days'),
  ('f0000000-0000-4000-8000-000000000032', 'd0000000-0000-4000-8000-000000000008', 'Vintage botanical prints (4)', 'Framed, 1950s', 'decor', 95, 'Austin, TX', 30.2732, -97.7431, 'good', true, now() - interval '6 days', now() - interval '6 days'),
  ('f0000000-0000-4000-8000-000000000033', 'd0000000-0000-4000-8000-000000000003', 'Reclaimed wood mirror', 'Chunky frame, 30x40', 'decor', 150, 'Portland, OR', 45.5272, -122.6864, 'good', true, now() - interval '12 days', now() - interval '12 days'),
  ('f0000000-0000-4000-8000-000000000034', 'd0000000-0000-4000-8000-000000000011', 'Record crate and stand', 'Holds about 200 records', 'other', 110, 'Brooklyn, NY', 40.6962, -73.9602, 'good', true, now() - interval '8 days', now() - interval '8 days'),
  ('f0000000-0000-4000-8000-000000000035', 'd0000000-0000-4000-8000-000000000004', 'Woven storage baskets (3)', 'Seagrass, nesting', 'other', 45, 'Portland, OR', 45.5392, -122.7024, 'very_good', true, now() - interval '4 days', now() - interval '4 days'),
  ('f0000000-0000-4000-8000-000000000036', 'd0000000-0000-4000-8000-000000000005', 'Cast iron garden bench', 'Needs a fresh coat of paint', 'other', 180, 'Austin, TX', 30.2432, -97.7751, 'fair', true, now() - interval '28 days', now() - interval '28 days');

update public.catalog_items i set width_in = v.w, depth_in = v.d, height_in = v.h
from (values
  ('f0000000-0000-4000-8000-000000000001', 84, 34, 31),
  ('f0000000-0000-4000-8000-000000000002', 90, 38, 30),
  ('f0000000-0000-4000-8000-000000000003', 82, 36, 33),
  ('f0000000-0000-4000-8000-000000000004', 78, 30, 32),
  ('f0000000-0000-4000-8000-000000000005', 40, 30, 58),
  ('f0000000-0000-4000-8000-000000000006', 28, 31, 30),
  ('f0000000-0000-4000-8000-000000000007', 32, 34, 30),
  ('f0000000-0000-4000-8000-000000000008', 17, 18, 34),
  ('f0000000-0000-4000-8000-000000000009', 16, 19, 34),
  ('f0000000-0000-4000-8000-000000000010', 48, 26, 16),
  ('f0000000-0000-4000-8000-000000000011', 84, 40, 30),
  ('f0000000-0000-4000-8000-000000000012', 28, 28, 29),
  ('f0000000-0000-4000-8000-000000000013', 36, 24, 14),
  ('f0000000-0000-4000-8000-000000000014', 48, 24, 30),
  ('f0000000-0000-4000-8000-000000000015', 36, 20, 42),
  ('f0000000-0000-4000-8000-000000000016', 60, 48, 30),
  ('f0000000-0000-4000-8000-000000000017', 62, 3, 52),
  ('f0000000-0000-4000-8000-000000000018', 40, 77, 36),
  ('f0000000-0000-4000-8000-000000000019', 64, 86, 50),
  ('f0000000-0000-4000-8000-000000000020', 58, 19, 34),
  ('f0000000-0000-4000-8000-000000000021', 42, 18, 36),
  ('f0000000-0000-4000-8000-000000000022', 48, 20, 33),
  ('f0000000-0000-4000-8000-000000000023', 72, 18, 30),
  ('f0000000-0000-4000-8000-000000000024', 40, 16, 76),
  ('f0000000-0000-4000-8000-000000000025', 36, 18, 72),
  ('f0000000-0000-4000-8000-000000000026', 40, 14, 78),
  ('f0000000-0000-4000-8000-000000000027', 24, 24, 18),
  ('f0000000-0000-4000-8000-000000000028', 5, 4, 11),
  ('f0000000-0000-4000-8000-000000000029', 18, 18, 60),
  ('f0000000-0000-4000-8000-000000000030', 30, 1, 42),
  ('f0000000-0000-4000-8000-000000000031', 14, 14, 20),
  ('f0000000-0000-4000-8000-000000000032', 12, 1, 16),
  ('f0000000-0000-4000-8000-000000000033', 30, 2, 40),
  ('f0000000-0000-4000-8000-000000000034', 24, 14, 30),
  ('f0000000-0000-4000-8000-000000000035', 16, 16, 12),
  ('f0000000-0000-4000-8000-000000000036', 50, 20, 32)
) as v(id, w, d, h)
where i.id = v.id::uuid;

-- Maya has saved a few pieces and a designer, and has an open offer on the peacock chair (its seller, Ava, sees
-- it on the piece's page and in the bell).
insert into public.saved_items (user_id, catalog_item_id, created_at) values
  ('c0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000005', now() - interval '2 days'),
  ('c0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000026', now() - interval '1 days'),
  ('c0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000010', now() - interval '3 hours');
insert into public.saved_designers (user_id, designer_id, created_at) values
  ('c0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000003', now() - interval '5 days');
insert into public.offers (id, catalog_item_id, buyer_id, seller_id, amount, note, status, expires_at, created_at, updated_at) values
  ('e1000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000005', 'c0000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000002', 240, 'Could I pick it up this weekend?', 'open',
   now() + interval '40 hours', now() - interval '8 hours', now() - interval '8 hours');

-- Every designer with Good Stuff pieces has finished the sandbox's 'Get paid' onboarding, so the demo can Buy Now
-- at once (docs/decisions/0029-paying-sellers.md); the account ids are the sandbox's form, fixed per designer.
insert into public.seller_accounts (user_id, provider, account_id, charges_enabled, payouts_enabled, details_submitted,
                                    transfers_active, created_at, updated_at)
select d.designer_id, 'sandbox', 'acct_sandbox_' || md5(d.designer_id::text), true, true, true, true,
       now() - interval '30 days', now() - interval '30 days'
from (select distinct designer_id from public.catalog_items) d;

-- Orders (docs/orders.md): Maya bought two of Jordan's pieces in the sandbox, the lounge chair (collected, Jordan
-- paid) and the arc lamp she had saved (paid and held, pickup on Saturday), each with its pickup conversation, so
-- both sides' Orders pages show the flow. The orders get the pieces' photos once scripts/seed-storage.ts has drawn them.
update public.catalog_items set status = 'sold'
 where id in ('f0000000-0000-4000-8000-000000000006', 'f0000000-0000-4000-8000-000000000026');
insert into public.orders (id, catalog_item_id, buyer_id, seller_id, item_title, amount, status, provider,
                           checkout_session_id, payment_intent_id, checkout_expires_at, paid_at, ready_at, completed_at,
                           created_at, updated_at, payout, charge_id, released_amount) values
  ('e3000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000001', 'Danish lounge chair', 460, 'completed', 'sandbox', 'cs_sandbox_demo_chair',
   'pi_sandbox_demo_chair', now() - interval '8 days' + interval '30 minutes', now() - interval '8 days',
   now() - interval '7 days', now() - interval '6 days', now() - interval '8 days', now() - interval '6 days',
   'held', 'ch_sandbox_demo_chair', 460),
  ('e3000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000026', 'c0000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000001', 'Brass arc floor lamp', 260, 'paid', 'sandbox', 'cs_sandbox_demo_lamp',
   'pi_sandbox_demo_lamp', now() - interval '20 hours' + interval '30 minutes', now() - interval '20 hours',
   null, null, now() - interval '20 hours', now() - interval '3 hours', 'held', 'ch_sandbox_demo_lamp', 0);
insert into public.order_payments (order_id, kind, amount, status, reason, provider, provider_id, created_at, completed_at)
values ('e3000000-0000-4000-8000-000000000001', 'transfer', 460, 'succeeded', 'release', 'sandbox',
        'tr_sandbox_demo_chair', now() - interval '6 days', now() - interval '6 days');
-- The lamp's pickup: Jordan offered two windows, Maya chose Saturday morning's (two days ahead).
insert into public.order_pickup_windows (order_id, proposed_by, proposer_role, starts_at, ends_at, status, confirmed_at,
                                         created_at) values
  ('e3000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'seller',
   date_trunc('hour', now()) + interval '2 days', date_trunc('hour', now()) + interval '2 days 1 hour', 'confirmed',
   now() - interval '3 hours', now() - interval '4 hours'),
  ('e3000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'seller',
   date_trunc('hour', now()) + interval '3 days', date_trunc('hour', now()) + interval '3 days 2 hours', 'superseded',
   null, now() - interval '4 hours');
insert into public.order_pickup_addresses (order_id, seller_id, address, directions) values
  ('e3000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', '2418 SE Division St, Portland, OR',
   'The side door, by the blue gate.');
insert into public.listing_conversations (id, catalog_item_id, buyer_id, seller_id, created_at) values
  ('e4000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000006', 'c0000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000001', now() - interval '8 days'),
  ('e4000000-0000-4000-8000-000000000002', 'f0000000-0000-4000-8000-000000000026', 'c0000000-0000-4000-8000-000000000001',
   'd0000000-0000-4000-8000-000000000001', now() - interval '20 hours');
insert into public.listing_messages (conversation_id, sender_id, body, created_at) values
  ('e4000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Could I come for the chair on Thursday after six?', now() - interval '8 days' + interval '1 hour'),
  ('e4000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001', 'Thursday at 6:30 works. It''s by the side door.', now() - interval '8 days' + interval '3 hours'),
  ('e4000000-0000-4000-8000-000000000001', 'c0000000-0000-4000-8000-000000000001', 'Got it home, it''s perfect in the reading corner. Thank you!', now() - interval '6 days'),
  ('e4000000-0000-4000-8000-000000000002', 'c0000000-0000-4000-8000-000000000001', 'So happy to get this lamp! Is Saturday morning good for pickup?', now() - interval '19 hours'),
  ('e4000000-0000-4000-8000-000000000002', 'd0000000-0000-4000-8000-000000000001', 'Saturday at ten is great. The marble base is heavy, so bring a hand truck or a friend.', now() - interval '3 hours');

-- The selection board (docs/working-together.md): on Maya's living room (hard cap $2,500, $2,050 of items), Jordan
-- proposed Ava's macrame wall hanging (held for the project, as 'Add to project' holds it) and a fig from a nursery
-- (Maya asked about plants); she declined his velvet pouf. Approving the fig brings her to $2,145 of $2,500.
insert into public.board_proposals (id, project_id, designer_id, customer_id, kind, catalog_item_id, title, price,
                                    photo, store, link, dimensions, room, note, status, decline_reason, decided_at,
                                    created_at, updated_at) values
  ('a7000000-0000-4000-8000-000000000001', 'b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'piece', 'f0000000-0000-4000-8000-000000000030', 'Macrame wall hanging', 65,
   null, null, null, null, 'Living room', 'Above the credenza: the cream picks up the rug without more orange.',
   'proposed', null, null, now() - interval '1 day', now() - interval '1 day'),
  ('a7000000-0000-4000-8000-000000000002', 'b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'find', null, 'Fiddle-leaf fig, 5 ft, in a glazed pot', 95,
   null, 'Pistils Nursery', null, '5 ft tall, 14 in pot', 'Living room', 'You asked about plants: this one fills the corner by the window.',
   'proposed', null, null, now() - interval '20 hours', now() - interval '20 hours'),
  ('a7000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000001', 'd0000000-0000-4000-8000-000000000001',
   'c0000000-0000-4000-8000-000000000001', 'find', null, 'Rust velvet pouf', 120,
   null, 'Schoolhouse', null, '18 in round', 'Living room', null,
   'declined', 'Too much orange with the rug, sorry!', now() - interval '2 days', now() - interval '3 days', now() - interval '2 days');
-- The wall hanging's hold, as propose_board_item takes it (its photo comes with seed-storage's drawing of the piece).
insert into private.catalog_holds (catalog_item_id, project_id, board_proposal_id, held_until) values
  ('f0000000-0000-4000-8000-000000000030', 'b0000000-0000-4000-8000-000000000001', 'a7000000-0000-4000-8000-000000000001',
   now() + interval '6 days');
insert into private.catalog_hold_history (project_id, catalog_item_id, held_until) values
  ('b0000000-0000-4000-8000-000000000001', 'f0000000-0000-4000-8000-000000000030', now() + interval '6 days');
update public.catalog_items set held_until = now() + interval '6 days' where id = 'f0000000-0000-4000-8000-000000000030';

-- The demo's history has already happened: the notifications its rows made are shown in the app but not mailed
-- on a fresh stack (docs/decisions/0025-notifications.md). Mailed when they happened, at least an hour ago: a
-- mail within the hour would hold the next mail of its kind from that person for an hour (docs/security.md, "Mail").
update public.notifications set mailed_at = least(created_at, now() - interval '1 hour') where mailed_at is null;
