-- Good Space: saved searches, their alerts and price drops ("Find it first": docs/find-it-first.md; the decisions
-- in docs/decisions/0036-find-it-first.md; the kinds in docs/notifications.md; the columns in docs/schema.md).
--
-- 1. public.saved_searches: a person's Good Stuff filters with a name (at most 50; names unique per person), the
--    origin of its distance copied by the database from the owner's place (or the tied project's), its e-mail
--    setting (instant, daily digest, off) and pause. A search tied to a project follows its remaining budget.
-- 2. Matching runs in the database for each piece listed or relisted (is_available becoming true), never a sweep
--    over the searches: a trigger on catalog_items records the piece in private.search_alerts_due, and the job
--    send-search-alerts (every 5 seconds) matches each piece waiting and writes its alerts, so the listing's own
--    statement stays light. The match reaches the few searches a piece can match through two indexes: searches
--    with words by their words' lexemes (GIN: the piece must contain one of them), the others by a 5-dimensional
--    box of what they accept (category, price, the sphere around their origin: GiST on cube). One search_match
--    per search and piece ever, at most 20 per search a day; a piece no longer listed when the job runs alerts
--    nobody.
-- 3. Price drops: a price falling while the piece is listed tells each person who saved it (price_drop); a later
--    drop updates their unread, unmailed notice instead of adding one.
-- 4. Mail: an instant search mails at most once an hour per search (the rest folds into the next mail); a daily
--    search folds all of the person's daily matches into one digest mailed a day after the first of them; 'off'
--    never mails (the bell only). Through the existing fold keys and mail_next_attempt_at of
--    20261130000400_fair_mail.sql: the claim is unchanged.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Helpers for the match columns (immutable: generated columns use them)
-- ---------------------------------------------------------------------------------------------------------

-- A category's place in public.catalog_category (1–10), the first dimension of a search's box.
create function private.catalog_category_code(category text) returns double precision
language sql immutable parallel safe set search_path = '' as $$
  select case category
    when 'couch' then 1 when 'chair' then 2 when 'table' then 3 when 'desk' then 4 when 'bed' then 5
    when 'dresser' then 6 when 'cabinet' then 7 when 'lighting' then 8 when 'decor' then 9 when 'other' then 10
  end::double precision
$$;

-- The keys a piece must have one of to match `q`, each a prefix followed by '*' (a piece has 'lamp*' when one of its
-- lexemes starts with 'lamp': private.catalog_item_keys). Null when there are none: a query with a negation ('-lamp',
-- 'brass or -lamp') can match a piece containing none of its words. Usually one key: the longest lexeme the query
-- cannot match without (the query is monotone, so that lexeme is needed when the query does not match all its
-- other lexemes without it); else (words joined by 'or') every lexeme. The exact test, `search @@ q`, is made on
-- each candidate.
create function private.tsquery_keys(q tsquery) returns text[]
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  t text := q::text;
  lexemes text[];
  l text;
begin
  if q is null or position('!' in t) > 0 then
    return null;
  end if;
  select array_agg(distinct replace(m[1], '''''', '''')) into lexemes
    from regexp_matches(t, '''((?:[^'']|'''')+)''', 'g') m;
  if lexemes is null then
    return null;
  end if;
  for l in select x from unnest(lexemes) x order by char_length(x) desc, x loop
    if not (pg_catalog.array_to_tsvector(array(select y from unnest(lexemes) y where not starts_with(y, l))) @@ q) then
      return array[l || '*'];
    end if;
  end loop;
  return array(select x || '*' from unnest(lexemes) x order by x);
end $$;

-- A search's keys in the GIN index: each word key of private.tsquery_keys joined to each one-degree cell
-- ('lamp*@39,-105') that the box of its distance touches, or to '@' (anywhere) without a distance (or a box of more
-- than 64 cells, near a pole). A piece has its keys with its own cell and with '@' (private.catalog_item_keys), so
-- the index hands over only the searches whose words and place the piece can both meet. Null without word keys.
create function private.saved_search_keys(words text, latitude double precision, longitude double precision,
                                          within_miles integer) returns text[]
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  wk text[] := private.tsquery_keys(private.catalog_tsquery(words));
  b record;
begin
  if wk is null then
    return null;
  end if;
  if within_miles is not null and latitude is not null and longitude is not null then
    select * into b from private.box_around(latitude, longitude, within_miles + 0.5);
    if (floor(b.max_lat) - floor(b.min_lat) + 1) * (floor(b.max_lng) - floor(b.min_lng) + 1) <= 64 then
      return array(select k || '@' || y || ',' || x
                     from unnest(wk) k,
                          generate_series(floor(b.min_lat)::integer, floor(b.max_lat)::integer) y,
                          generate_series(floor(b.min_lng)::integer, floor(b.max_lng)::integer) x);
    end if;
  end if;
  return array(select k || '@' from unnest(wk) k);
end $$;

-- A piece's keys for the test above: each prefix of each of its lexemes followed by '*', joined to '@' and, when the
-- piece has a place, to its one-degree cell.
create function private.catalog_item_keys(v tsvector, latitude double precision, longitude double precision)
returns text[]
language sql immutable parallel safe set search_path = '' as $$
  select array_agg(distinct p.k || c.cell)
    from (select left(l, n) || '*' as k
            from unnest(pg_catalog.tsvector_to_array(v)) l, generate_series(1, char_length(l)) n) p,
         (select '@' as cell
          union all
          select '@' || floor(latitude)::integer || ',' || floor(longitude)::integer
           where latitude is not null and longitude is not null) c
$$;

-- What a search accepts as a box: (category, price, x, y, z); x, y, z bound the sphere of `within_miles` (plus the
-- half mile the search rounds by) around the origin on the unit sphere (private.sphere_point), or the whole cube
-- [-2, 2]³ without a distance. A piece is a point in it: private.catalog_item_point.
create function private.saved_search_reach(category text, min_price numeric, max_price numeric,
                                           latitude double precision, longitude double precision,
                                           within_miles integer) returns extensions.cube
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  c double precision := private.catalog_category_code(category);
  h double precision;
  p double precision[];
begin
  if within_miles is not null and latitude is not null and longitude is not null then
    -- The chord of the arc, a bound on each coordinate's difference.
    h := 2 * sin(least((within_miles + 0.5) / 3959.0 / 2, pi() / 2)) + 1e-9;
    p := array[extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 1),
               extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 2),
               extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 3)];
    return extensions.cube(
      array[coalesce(c, 1), coalesce(min_price, 0)::double precision, p[1] - h, p[2] - h, p[3] - h],
      array[coalesce(c, 10), coalesce(max_price, 1e10)::double precision, p[1] + h, p[2] + h, p[3] + h]);
  end if;
  return extensions.cube(
    array[coalesce(c, 1), coalesce(min_price, 0)::double precision, -2, -2, -2],
    array[coalesce(c, 10), coalesce(max_price, 1e10)::double precision, 2, 2, 2]);
end $$;

-- A piece as a point of those boxes; an unplaced piece sits at the centre (0, 0, 0), inside only the boxes of
-- searches without a distance, as Good Stuff's search leaves unplaced pieces out of a distance.
create function private.catalog_item_point(category text, price numeric, latitude double precision,
                                           longitude double precision) returns extensions.cube
language sql immutable parallel safe set search_path = '' as $$
  select extensions.cube(array[private.catalog_category_code(category), price::double precision,
    coalesce(extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 1), 0),
    coalesce(extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 2), 0),
    coalesce(extensions.cube_ll_coord(private.sphere_point(latitude, longitude), 3), 0)])
$$;

revoke execute on function private.catalog_category_code(text), private.tsquery_keys(tsquery),
  private.saved_search_keys(text, double precision, double precision, integer),
  private.catalog_item_keys(tsvector, double precision, double precision),
  private.saved_search_reach(text, numeric, numeric, double precision, double precision, integer),
  private.catalog_item_point(text, numeric, double precision, double precision) from public;
-- Generated columns are computed with the writer's rights: the API roles write saved_searches and catalog_items.
grant execute on function private.catalog_category_code(text), private.tsquery_keys(tsquery),
  private.saved_search_keys(text, double precision, double precision, integer),
  private.saved_search_reach(text, numeric, numeric, double precision, double precision, integer)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. The table
-- ---------------------------------------------------------------------------------------------------------
create table public.saved_searches (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 80 and name = btrim(name)),
  words text check (words is null or char_length(words) <= 200),
  category text check (category is null or category in
    ('couch', 'chair', 'table', 'desk', 'bed', 'dresser', 'cabinet', 'lighting', 'decor', 'other')),
  min_price numeric(10, 2) check (min_price is null or min_price >= 0),
  max_price numeric(10, 2) check (max_price is null or max_price >= 0),
  conditions text[] not null default '{}'
    check (conditions <@ array['excellent', 'very_good', 'good', 'fair'] and array_position(conditions, null) is null),
  within_miles integer check (within_miles is null or within_miles in (25, 50, 100)),
  latitude double precision check (latitude is null or latitude between -90 and 90),
  longitude double precision check (longitude is null or longitude between -180 and 180),
  email text not null default 'instant' check (email in ('instant', 'daily', 'off')),
  paused boolean not null default false,
  project_id uuid references public.projects (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- For matching only (no client grant): the words as Good Stuff's search reads them, the lexemes a match must
  -- contain one of, and the box of what the search accepts.
  match_query tsquery generated always as (private.catalog_tsquery(words)) stored,
  match_keys text[] generated always as (private.saved_search_keys(words, latitude, longitude, within_miles)) stored,
  match_reach extensions.cube generated always as (
    private.saved_search_reach(category, min_price, max_price, latitude, longitude, within_miles)) stored,
  constraint saved_searches_price_order check (min_price is null or max_price is null or min_price <= max_price),
  constraint saved_searches_origin check ((latitude is null) = (longitude is null)
                                          and (within_miles is null or latitude is not null))
);
comment on table public.saved_searches is
  'A person''s saved Good Stuff filters with a name; a new piece matching one alerts its owner (docs/find-it-first.md).';
comment on column public.saved_searches.latitude is
  'The origin of within_miles, copied by the database from the owner''s place (or the tied project''s) when saved. No client grant.';
comment on column public.saved_searches.project_id is
  'A search tied to a project: max_price follows the project''s remaining budget (kept by the database).';
comment on column public.saved_searches.match_reach is
  '(category, price, x, y, z) box of what the search accepts; matched by private.saved_searches_matching.';

create unique index saved_searches_user_id_name_key on public.saved_searches (user_id, lower(name));
create index saved_searches_user_id_created_at_idx on public.saved_searches (user_id, created_at desc, id desc);
create index saved_searches_project_id_idx on public.saved_searches (project_id) where project_id is not null;
-- The two ways in from a new piece (private.saved_searches_matching).
create index saved_searches_match_keys_idx on public.saved_searches using gin (match_keys) where not paused;
create index saved_searches_match_reach_idx on public.saved_searches using gist (match_reach)
  where not paused and match_keys is null;

alter table public.saved_searches enable row level security;
create policy saved_searches_select_own on public.saved_searches for select to authenticated
  using (user_id = (select auth.uid()));
create policy saved_searches_insert_own on public.saved_searches for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy saved_searches_update_own on public.saved_searches for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));
create policy saved_searches_delete_own on public.saved_searches for delete to authenticated
  using (user_id = (select auth.uid()));
create policy "two-factor users need aal2" on public.saved_searches as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on public.saved_searches from anon, authenticated;
-- The origin and the match columns stay in the database (a tied project's origin is its private coordinates).
grant select (id, user_id, name, words, category, min_price, max_price, conditions, within_miles, email, paused,
              project_id, created_at, updated_at),
      insert (user_id, name, words, category, min_price, max_price, conditions, within_miles, email, project_id),
      update (name, email, paused),
      delete
  on public.saved_searches to authenticated;
grant select, insert, update, delete on public.saved_searches to service_role;

-- One per person and piece: a relisted piece alerts a search once; the day's count for the cap.
create table private.saved_search_matches (
  search_id uuid not null references public.saved_searches (id) on delete cascade,
  catalog_item_id uuid not null references public.catalog_items (id) on delete cascade,
  notification_id uuid references public.notifications (id) on delete set null,
  matched_at timestamptz not null default now(),
  primary key (search_id, catalog_item_id)
);
create index saved_search_matches_search_id_matched_at_idx on private.saved_search_matches (search_id, matched_at);
create index saved_search_matches_catalog_item_id_idx on private.saved_search_matches (catalog_item_id);
create index saved_search_matches_notification_id_idx on private.saved_search_matches (notification_id);
revoke all on private.saved_search_matches from public, anon, authenticated;
comment on table private.saved_search_matches is
  'Each search''s alerts (one per piece ever; at most 20 a day per search): private.send_search_alerts.';

-- ---------------------------------------------------------------------------------------------------------
-- 3. What the database keeps on a saved search
-- ---------------------------------------------------------------------------------------------------------
insert into private.rate_limits (action, max_events, per) values ('saved_search', 30, interval '1 hour');

-- The remaining budget of a project, the max_price of the searches tied to it.
create function private.remaining_budget(p public.projects) returns numeric
language sql immutable set search_path = '' as $$
  select greatest(p.budget - p.items_total, 0)::numeric(10, 2)
$$;
revoke execute on function private.remaining_budget(public.projects) from public;

-- Before a search is written: its name trimmed, at most 50 a person, names unique per person (the sentence;
-- the unique index stays the race's guard), the tie to a project checked and its budget followed, the origin
-- copied from the project or the owner's place.
create function private.saved_search_rules() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p public.projects;
  n integer;
begin
  new.name := btrim(coalesce(new.name, ''));
  if new.name = '' or char_length(new.name) > 80 then
    raise exception 'Name the search in 1 to 80 characters.' using errcode = '23514';
  end if;
  if tg_op = 'INSERT' then
    new.words := nullif(btrim(new.words), '');
    -- One person's inserts one after the other: the 50th and 51st at once cannot both pass.
    perform pg_advisory_xact_lock(hashtextextended('saved-searches/' || new.user_id::text, 0));
    select count(*) into n from public.saved_searches s where s.user_id = new.user_id;
    if n >= 50 then
      raise exception 'You can keep at most 50 saved searches.' using errcode = '23514',
        hint = 'Delete one you no longer need.';
    end if;
    perform private.take_rate('saved_search');
  end if;
  if exists (select 1 from public.saved_searches s
              where s.user_id = new.user_id and lower(s.name) = lower(new.name) and s.id <> new.id) then
    raise exception '%', format('You already have a saved search called "%s".', new.name) using errcode = '23505';
  end if;
  if tg_op = 'UPDATE' then
    return new;
  end if;

  if new.project_id is not null then
    select * into p from public.projects x where x.id = new.project_id;
    if not found or (p.customer_id is distinct from new.user_id and p.designer_id is distinct from new.user_id) then
      raise exception 'Only the project''s customer or its designer can tie a search to it.' using errcode = '42501';
    end if;
    if p.status = 'completed' then
      raise exception 'This project is completed: a search can no longer follow its budget.' using errcode = '55000';
    end if;
    new.max_price := private.remaining_budget(p);
    new.min_price := least(new.min_price, new.max_price);
    new.latitude := p.latitude;
    new.longitude := p.longitude;
  else
    select x.latitude, x.longitude into new.latitude, new.longitude
      from (select c.latitude, c.longitude, 1 as o from public.customer_profiles c where c.user_id = new.user_id
            union all
            select d.latitude, d.longitude, 2 from public.designer_profiles d where d.user_id = new.user_id) x
     where x.latitude is not null and x.longitude is not null
     order by x.o limit 1;
  end if;
  if new.within_miles is not null and new.latitude is null then
    raise exception '%', case when new.project_id is not null
      then 'This project has no place on the map: save the search without a distance.'
      else 'Add your location to your profile to search within a distance.' end
      using errcode = '23514';
  end if;
  if new.min_price > new.max_price then
    raise exception 'The lowest price cannot be above the highest.' using errcode = '23514';
  end if;
  return new;
end $$;
revoke execute on function private.saved_search_rules() from public, anon, authenticated;

create trigger saved_searches_rules before insert or update of name on public.saved_searches
  for each row execute function private.saved_search_rules();
create trigger saved_searches_set_updated_at before update on public.saved_searches
  for each row execute function private.set_updated_at();

-- A tied search's price limit follows its project's remaining budget (items added or removed, budget changed).
create function private.follow_remaining_budget() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  remaining numeric(10, 2) := private.remaining_budget(new);
begin
  update public.saved_searches s
     set max_price = remaining, min_price = least(s.min_price, remaining)
   where s.project_id = new.id and s.max_price is distinct from remaining;
  return null;
end $$;
revoke execute on function private.follow_remaining_budget() from public, anon, authenticated;

create trigger projects_saved_searches_budget after update of items_total, budget on public.projects
  for each row when (new.items_total is distinct from old.items_total or new.budget is distinct from old.budget)
  execute function private.follow_remaining_budget();

-- ---------------------------------------------------------------------------------------------------------
-- 4. Mail: instant, daily digest, off
-- ---------------------------------------------------------------------------------------------------------
-- The fold key (20261204000100_buyer_protection_foundation.sql) gains search_match's own: an instant search's
-- matches fold per search (at most one mail an hour each), a person's daily ones into one digest key.
drop index public.notifications_mail_fold_key_idx;
alter table public.notifications drop column mail_fold_key;
alter table public.notifications
  add column mail_fold_key text generated always as (
    case when kind like 'order\_%' or kind like 'pickup\_%'
              or kind in ('payment_failed', 'membership_ending', 'milestone_funded', 'milestone_released',
                          'milestone_refunded', 'milestone_dispute_decided', 'milestone_release_reminder') then null
         when kind = 'search_match' then
           'search_match:' || case when data ->> 'email' = 'daily' then 'daily' else coalesce(data ->> 'search_id', '-') end
         else kind || ':' || coalesce(actor_id::text, project_id::text, data ->> 'catalog_item_id', '-') end
  ) stored;
comment on column public.notifications.mail_fold_key is
  'Kind and actor (or project/piece; a saved search, or a person''s daily digest): at most one mail per (user_id, mail_fold_key) an hour. Null: never folded (money, pickups, memberships).';
create index notifications_mail_fold_key_idx on public.notifications (user_id, mail_fold_key, mailed_at)
  where mail_fold_key is not null;

-- When a search_match may first be mailed: now (instant), with the person's pending digest (daily: a day after
-- the first match it carries), never ('off': the claim takes rows whose next attempt is due, and infinity never is).
create function private.search_match_mail_at(recipient uuid, email text) returns timestamptz
language sql stable security definer set search_path = '' as $$
  select case email
    when 'instant' then null
    when 'off' then 'infinity'::timestamptz
    else coalesce(
      (select min(n.mail_next_attempt_at) from public.notifications n
        where n.user_id = recipient and n.mail_fold_key = 'search_match:daily' and n.mailed_at is null
          and n.mail_attempts = 0 and n.mail_next_attempt_at < 'infinity'),
      now() + interval '1 day')
  end
$$;
revoke execute on function private.search_match_mail_at(uuid, text) from public, anon, authenticated;

-- A search's e-mail changed: its matches not yet mailed follow the new setting.
create function private.saved_search_email_changed() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.notifications n
     set data = jsonb_set(n.data, '{email}', to_jsonb(new.email)),
         mail_next_attempt_at = private.search_match_mail_at(new.user_id, new.email)
    from private.saved_search_matches m
   where m.search_id = new.id and n.id = m.notification_id
     and n.mailed_at is null and n.mail_attempts = 0
     and (n.mail_claimed_until is null or n.mail_claimed_until < now());
  return null;
end $$;
revoke execute on function private.saved_search_email_changed() from public, anon, authenticated;

create trigger saved_searches_email_changed after update of email on public.saved_searches
  for each row when (new.email is distinct from old.email)
  execute function private.saved_search_email_changed();

-- ---------------------------------------------------------------------------------------------------------
-- 5. Matching a listed piece
-- ---------------------------------------------------------------------------------------------------------
-- Listing a piece only records it here (private.queue_search_alerts: one row per piece waiting, whether listed or
-- relisted); the job send-search-alerts, every 5 seconds, matches each piece waiting and writes its alerts
-- (private.send_search_alerts). A listing's own statement stays light: writing hundreds of alerts, each with its
-- own triggers, cost a popular piece's listing half a second (docs/benchmarks.md).
create table private.search_alerts_due (
  catalog_item_id uuid primary key references public.catalog_items (id) on delete cascade,
  listed_at timestamptz not null default now(),
  -- Runs that failed on this piece (the error kept for whoever looks); after 5 the job leaves it for a person.
  attempts integer not null default 0,
  last_error text
);
create index search_alerts_due_listed_at_idx on private.search_alerts_due (listed_at);
revoke all on private.search_alerts_due from public, anon, authenticated;
comment on table private.search_alerts_due is
  'Pieces listed or relisted whose saved-search alerts are not yet written: private.send_search_alerts.';

-- The saved searches a piece matches now, whose owners it should alert: not paused, not the seller's own, nobody
-- in a block with the seller (either way), the piece not alerted to that search before, fewer than 20 alerts from
-- the search in the last day. The words, category, price, conditions and distance as Good Stuff's search reads them
-- (search_catalog_items: the piece's search vector, whole miles rounded). Reaches the few candidates through the
-- two indexes on saved_searches (its words' keys and place; the box of category, price and place): never a sweep.
create function private.saved_searches_matching(item public.catalog_items)
returns table (search_id uuid, user_id uuid, name text, email text)
language plpgsql stable set search_path = '' as $$
declare
  pt extensions.cube := private.catalog_item_point(item.category::text, item.price, item.latitude, item.longitude);
  keys text[] := private.catalog_item_keys(item.search, item.latitude, item.longitude);
  per_day constant integer := 20;
begin
  return query
  with candidates as (
    select s.* from public.saved_searches s
     where not s.paused and s.match_keys && keys and s.match_reach operator(extensions.@>) pt
    union all
    select s.* from public.saved_searches s
     where not s.paused and s.match_keys is null and s.match_reach operator(extensions.@>) pt
  )
  select c.id, c.user_id, c.name, c.email
    from candidates c
   where c.user_id <> item.designer_id
     and (c.match_query is null or item.search @@ c.match_query)
     and (c.category is null or c.category = item.category::text)
     and (c.min_price is null or item.price >= c.min_price)
     and (c.max_price is null or item.price <= c.max_price)
     and (cardinality(c.conditions) = 0 or item.condition = any (c.conditions))
     and (c.within_miles is null
          or floor(private.miles_between(c.latitude, c.longitude, item.latitude, item.longitude) + 0.5) <= c.within_miles)
     and not exists (select 1 from public.blocks b where b.blocker_id = c.user_id and b.blocked_id = item.designer_id)
     and not exists (select 1 from public.blocks b where b.blocker_id = item.designer_id and b.blocked_id = c.user_id)
     and not exists (select 1 from private.saved_search_matches m where m.search_id = c.id and m.catalog_item_id = item.id)
     and (select count(*) from private.saved_search_matches m
           where m.search_id = c.id and m.matched_at > now() - interval '1 day') < per_day;
end $$;
revoke execute on function private.saved_searches_matching(public.catalog_items) from public, anon, authenticated;

-- The job: takes up to `max_pieces` waiting pieces, oldest first, that no other run holds (two runs at once share
-- the work, never a piece), and for each still listed writes one search_match per matching search in one statement.
-- A piece sold, delisted or hidden meanwhile alerts nobody. The match's record is written first and only the
-- searches it newly records are told: at most one alert per search and piece, whatever runs at once. A piece
-- whose alerts fail stays waiting (attempts, last_error) without holding up the others; after 5 failures it is
-- left for a person to look at. Returns the alerts written.
create function private.send_search_alerts(max_pieces integer default 50) returns integer
language plpgsql security definer set search_path = '' as $$
declare
  due uuid;
  item public.catalog_items;
  told integer := 0;
  n integer;
begin
  for due in
    select q.catalog_item_id from private.search_alerts_due q
     where q.attempts < 5
     order by q.listed_at, q.catalog_item_id
     limit max_pieces
     for update skip locked
  loop
    begin
      select * into item from public.catalog_items i where i.id = due;
      if found and item.is_available then
        with matching as materialized (
          select m.search_id, m.user_id, m.name, m.email, gen_random_uuid() as notification_id
            from private.saved_searches_matching(item) m
        ), recorded as (
          insert into private.saved_search_matches (search_id, catalog_item_id, notification_id)
          select m.search_id, item.id, m.notification_id from matching m
          on conflict (search_id, catalog_item_id) do nothing
          returning search_id
        )
        insert into public.notifications (id, user_id, kind, title, body, link, data, mail_next_attempt_at)
        select m.notification_id, m.user_id, 'search_match',
               private.clip(format('New match for "%s": %s, %s', m.name, item.title, private.money(item.price)), 200),
               private.clip(private.condition_words(item.condition)
                            || coalesce(' · ' || nullif(btrim(item.location), ''), ''), 500),
               '/good-stuff/' || item.id,
               jsonb_build_object('search_id', m.search_id, 'item_id', item.id, 'catalog_item_id', item.id,
                                  'email', m.email),
               private.search_match_mail_at(m.user_id, m.email)
          from matching m join recorded r on r.search_id = m.search_id;
        get diagnostics n = row_count;
        told := told + n;
      end if;
      delete from private.search_alerts_due q where q.catalog_item_id = due;
    exception when others then
      update private.search_alerts_due q set attempts = q.attempts + 1, last_error = sqlerrm
       where q.catalog_item_id = due;
      raise warning 'saved-search alerts of piece % failed: %', due, sqlerrm;
    end;
  end loop;
  return told;
end $$;
revoke execute on function private.send_search_alerts(integer) from public, anon, authenticated;

-- Every 5 seconds, so an alert reaches the bell within seconds of the listing (pg_cron 1.5+ takes seconds; the
-- journeys run it every 2: e2e/global-setup.ts). A run without waiting pieces is one index probe.
select cron.schedule('send-search-alerts', '5 seconds', 'select private.send_search_alerts()');

-- A piece listed or relisted waits for its alerts; one row per piece however often it is relisted meanwhile
-- (the alerts are once per search and piece anyway).
create function private.queue_search_alerts() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into private.search_alerts_due (catalog_item_id) values (new.id) on conflict (catalog_item_id) do nothing;
  return null;
end $$;
revoke execute on function private.queue_search_alerts() from public, anon, authenticated;

-- "Excellent condition", as the piece's page says it.
create function private.condition_words(condition text) returns text
language sql immutable set search_path = '' as $$
  select case condition when 'excellent' then 'Excellent' when 'very_good' then 'Very good' when 'good' then 'Good'
                        when 'fair' then 'Fair' else 'Unknown' end || ' condition'
$$;
revoke execute on function private.condition_words(text) from public;

-- Listed (a new piece that is available) or relisted (is_available false → true: sold or delisted and listed
-- again, or shown again after moderation). is_available is set by a BEFORE trigger from status and hidden_at, so
-- the relist trigger is a WHEN on the row, not UPDATE OF.
create trigger catalog_items_queue_search_alerts after insert on public.catalog_items
  for each row when (new.is_available) execute function private.queue_search_alerts();
create trigger catalog_items_requeue_search_alerts after update on public.catalog_items
  for each row when (not old.is_available and new.is_available) execute function private.queue_search_alerts();

-- ---------------------------------------------------------------------------------------------------------
-- 6. Price drops
-- ---------------------------------------------------------------------------------------------------------
-- "The teak sideboard you saved is now $180, was $220": the title's first letter lowered unless its first word
-- is in capitals (an acronym or a name like "IKEA").
create function private.saved_piece_phrase(title text) returns text
language sql immutable set search_path = '' as $$
  select case when split_part(btrim(title), ' ', 1) ~ '^[^[:lower:]]{2,}$' then btrim(title)
              else lower(left(btrim(title), 1)) || substr(btrim(title), 2) end
$$;
revoke execute on function private.saved_piece_phrase(text) from public;

-- Tells each person who saved the piece (not its seller, nobody in a block with the seller). A saver whose last
-- notice of this piece's drop is unread and not yet mailed has it brought up to date (the first "was", the new
-- price) rather than a second one: lowering a price a dollar at a time is one notice. A saver already told of a
-- price as low or lower is not told again: raising the price and lowering it back, over and over, would otherwise
-- ring their bell each time.
create function private.notify_price_drop() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  with savers as (
    select si.user_id from public.saved_items si
     where si.catalog_item_id = new.id and si.user_id <> new.designer_id
       and exists (select 1 from public.profiles p where p.id = si.user_id)
       and not exists (select 1 from public.blocks b where b.blocker_id = si.user_id and b.blocked_id = new.designer_id)
       and not exists (select 1 from public.blocks b where b.blocker_id = new.designer_id and b.blocked_id = si.user_id)
       and not exists (select 1 from public.notifications t
                        where t.user_id = si.user_id and t.kind = 'price_drop'
                          and t.link = '/good-stuff/' || new.id and (t.data ->> 'new_price')::numeric <= new.price)
  ), updated as (
    update public.notifications n
       set title = private.clip(format('The %s you saved is now %s, was %s', private.saved_piece_phrase(new.title),
                                       private.money(new.price), private.money((n.data ->> 'old_price')::numeric)), 200),
           data = n.data || jsonb_build_object('new_price', new.price),
           created_at = now()
      from savers v
     where n.user_id = v.user_id and n.kind = 'price_drop' and n.read_at is null and n.mailed_at is null
       and n.mail_attempts = 0 and n.mail_claimed_until is null
       and n.mail_fold_key = 'price_drop:' || new.id::text
       and (n.data ->> 'old_price')::numeric > new.price
    returning n.user_id
  )
  insert into public.notifications (user_id, kind, title, link, data)
  select v.user_id, 'price_drop',
         private.clip(format('The %s you saved is now %s, was %s', private.saved_piece_phrase(new.title),
                             private.money(new.price), private.money(old.price)), 200),
         '/good-stuff/' || new.id,
         jsonb_build_object('item_id', new.id, 'catalog_item_id', new.id, 'old_price', old.price, 'new_price', new.price)
    from savers v
   where not exists (select 1 from updated u where u.user_id = v.user_id);
  return null;
end $$;
revoke execute on function private.notify_price_drop() from public, anon, authenticated;

create trigger catalog_items_price_drop after update of price on public.catalog_items
  for each row when (new.price < old.price and new.is_available and old.is_available)
  execute function private.notify_price_drop();

-- ---------------------------------------------------------------------------------------------------------
-- 7. The RPC
-- ---------------------------------------------------------------------------------------------------------
-- Saves the caller's search (the rules: private.saved_search_rules) and returns it as they may read it: without
-- the origin (a tied project's coordinates are private) and the match columns.
create function public.save_search(name text, words text, category text, min_price numeric, max_price numeric,
                                   conditions text[], within_miles integer, email text, project_id uuid default null)
returns public.saved_searches
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  r public.saved_searches;
begin
  if me is null then
    raise exception 'Sign in to save a search.' using errcode = '42501';
  end if;
  if not (select private.aal_satisfied()) then
    raise exception 'Enter the code from your authenticator app first.' using errcode = '42501';
  end if;
  if min_price < 0 or max_price < 0 then
    raise exception 'Prices cannot be negative.' using errcode = '23514';
  end if;
  if coalesce(email, 'instant') not in ('instant', 'daily', 'off') then
    raise exception 'E-mail must be instant, daily or off.' using errcode = '23514';
  end if;
  if within_miles is not null and within_miles not in (25, 50, 100) then
    raise exception 'The distance must be 25, 50 or 100 miles.' using errcode = '23514';
  end if;
  if conditions is not null and exists (select 1 from unnest(conditions) c
                                         where c is null or c not in ('excellent', 'very_good', 'good', 'fair')) then
    raise exception 'Unknown condition: use excellent, very_good, good or fair.' using errcode = '23514';
  end if;
  if category is not null and category not in
     ('couch', 'chair', 'table', 'desk', 'bed', 'dresser', 'cabinet', 'lighting', 'decor', 'other') then
    raise exception 'Unknown category.' using errcode = '23514';
  end if;
  if char_length(words) > 200 then
    raise exception 'The words can be at most 200 characters.' using errcode = '23514';
  end if;
  insert into public.saved_searches (user_id, name, words, category, min_price, max_price, conditions,
                                     within_miles, email, project_id)
  values (me, name, words, category, min_price, max_price, coalesce(conditions, '{}'), within_miles,
          coalesce(email, 'instant'), project_id)
  returning * into r;
  r.latitude := null;
  r.longitude := null;
  r.match_query := null;
  r.match_keys := null;
  r.match_reach := null;
  return r;
end $$;
revoke execute on function public.save_search(text, text, text, numeric, numeric, text[], integer, text, uuid)
  from public, anon;
grant execute on function public.save_search(text, text, text, numeric, numeric, text[], integer, text, uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 8. The two kinds (docs/notifications.md): Settings groups them under Saved searches.
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback',
  'board_proposed', 'board_approved', 'board_declined', 'board_alternative',
  'search_match', 'price_drop'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback',
  'board_proposed', 'board_approved', 'board_declined', 'board_alternative',
  'search_match', 'price_drop'
));
