-- Good Space: people. Profiles, roles, role profiles, subscriptions, the sign-up trigger and the role switch.
--
-- Conventions for every migration of this project (docs/schema.md):
--   * Every table in public: explicit GRANTs per role (nothing to anon), RLS enabled, policies `to authenticated`
--     written with `(select auth.uid())`, in the same migration as the table.
--   * Helpers a policy needs live in the unexposed schema `private`, SECURITY DEFINER with search_path = ''.
--   * Refusals: 42501 (not allowed), 23514 (a value or state rule), 23505 (duplicate); never a 500.

-- New objects in public are not reachable by the API roles unless granted (hosted default since 2026-05;
-- repeated here so an older hosted project behaves the same).
alter default privileges for role postgres in schema public revoke select, insert, update, delete on tables from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke usage, select on sequences from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from anon, authenticated, service_role;
alter default privileges for role postgres in schema public revoke execute on functions from public;

-- Functions are not executable by PUBLIC by default (Postgres grants that to every new function); each one
-- is granted to the roles that call it. Trigger functions need no grant.
alter default privileges for role postgres revoke execute on functions from public;

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Enumerations (PostgREST answers an unknown value with 22P02 → 400).
-- ---------------------------------------------------------------------------------------------------------
create type public.app_role as enum ('customer', 'designer');
create type public.subscription_plan as enum ('client', 'designer');
-- Stripe's subscription statuses; only active and trialing grant access.
create type public.subscription_status as enum (
  'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
);

-- ---------------------------------------------------------------------------------------------------------
-- Shared trigger helpers
-- ---------------------------------------------------------------------------------------------------------
create function private.set_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end $$;

-- 'lat,lng' (what the browser's geolocation gives) fills latitude/longitude; a city name leaves the
-- coordinates as given (seed data, or a later geocoder).
create function private.coordinates_from_location() returns trigger
language plpgsql set search_path = '' as $$
declare
  m text[];
begin
  m := regexp_match(coalesce(new.location, ''), '^\s*(-?\d{1,2}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$');
  if m is not null and abs(m[1]::float8) <= 90 and abs(m[2]::float8) <= 180 then
    new.latitude := m[1]::float8;
    new.longitude := m[2]::float8;
  elsif tg_op = 'UPDATE' and new.location is distinct from old.location
        and new.latitude is not distinct from old.latitude and new.longitude is not distinct from old.longitude then
    -- The place changed to something that is not coordinates: the old ones no longer describe it.
    new.latitude := null;
    new.longitude := null;
  end if;
  return new;
end $$;

-- ---------------------------------------------------------------------------------------------------------
-- profiles: one per auth user, created by the sign-up trigger. The e-mail is personal (see the select policy
-- in 20261122000200_projects.sql): public names are on designer_profiles.full_name and reviews.client_name.
-- ---------------------------------------------------------------------------------------------------------
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text check (full_name is null or char_length(full_name) <= 100),
  email text check (email is null or char_length(email) <= 320),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per user (trigger on auth.users). Readable by the person and by people who share a project, bid or nudge with them.';

create trigger profiles_set_updated_at before update on public.profiles
  for each row execute function private.set_updated_at();

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to authenticated;
grant update (full_name) on public.profiles to authenticated;
grant select, insert, update, delete on public.profiles to service_role;
alter table public.profiles enable row level security;
-- select policy: 20261122000200_projects.sql (needs the tables that relate people)
create policy profiles_update_own on public.profiles for update to authenticated
  using (id = (select auth.uid())) with check (id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- user_roles: the role the app routes by. Written by the sign-up trigger and switch_account_type() only.
-- ---------------------------------------------------------------------------------------------------------
create table public.user_roles (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index user_roles_role_idx on public.user_roles (role);
create trigger user_roles_set_updated_at before update on public.user_roles
  for each row execute function private.set_updated_at();

revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to authenticated;
grant select, insert, update, delete on public.user_roles to service_role;
alter table public.user_roles enable row level security;
create policy user_roles_select_own on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- customer_profiles
-- ---------------------------------------------------------------------------------------------------------
create table public.customer_profiles (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  username text check (username is null or char_length(btrim(username)) between 1 and 50),
  location text check (location is null or char_length(location) <= 100),
  space_size integer check (space_size is null or space_size > 0),
  budget_range integer check (budget_range is null or budget_range > 0),
  preferred_style text check (preferred_style is null or char_length(preferred_style) <= 50),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create trigger customer_profiles_set_updated_at before update on public.customer_profiles
  for each row execute function private.set_updated_at();

revoke all on public.customer_profiles from anon, authenticated;
grant select on public.customer_profiles to authenticated;
grant insert (user_id, username, location, space_size, budget_range, preferred_style) on public.customer_profiles to authenticated;
grant update (user_id, username, location, space_size, budget_range, preferred_style) on public.customer_profiles to authenticated;
grant select, insert, update, delete on public.customer_profiles to service_role;
alter table public.customer_profiles enable row level security;
create policy customer_profiles_select_own on public.customer_profiles for select to authenticated
  using (user_id = (select auth.uid()));
create policy customer_profiles_insert_own on public.customer_profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy customer_profiles_update_own on public.customer_profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- designer_profiles: public to signed-in users (no e-mail here). full_name mirrors profiles.full_name so
-- directories can show names without exposing the profiles row.
-- ---------------------------------------------------------------------------------------------------------
create table public.designer_profiles (
  user_id uuid primary key references public.profiles (id) on delete cascade,
  full_name text,
  username text check (username is null or char_length(btrim(username)) between 1 and 50),
  bio text check (bio is null or char_length(btrim(bio)) between 10 and 1000),
  base_rate numeric(10, 2) not null default 0 check (base_rate >= 0),
  rate_per_item numeric(10, 2) not null default 0 check (rate_per_item >= 0),
  rate_per_sqft numeric(10, 2) not null default 0 check (rate_per_sqft >= 0),
  specialties text[] not null default '{}' check (cardinality(specialties) <= 20),
  experience_years integer not null default 0 check (experience_years between 0 and 80),
  location text check (location is null or char_length(location) <= 100),
  latitude double precision check (latitude is null or latitude between -90 and 90),
  longitude double precision check (longitude is null or longitude between -180 and 180),
  availability_status text not null default 'available' check (availability_status in ('available', 'unavailable')),
  portfolio_url text check (portfolio_url is null or portfolio_url = '' or portfolio_url ~* '^https?://[^\s/$.?#][^\s]*$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on column public.designer_profiles.full_name is 'Maintained by the database from profiles.full_name (public display name).';
create index designer_profiles_available_idx on public.designer_profiles (created_at desc) where availability_status = 'available';
create trigger designer_profiles_set_updated_at before update on public.designer_profiles
  for each row execute function private.set_updated_at();
create trigger designer_profiles_coordinates before insert or update of location on public.designer_profiles
  for each row execute function private.coordinates_from_location();

create function private.designer_profile_full_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select p.full_name into new.full_name from public.profiles p where p.id = new.user_id;
  return new;
end $$;
create trigger designer_profiles_full_name before insert on public.designer_profiles
  for each row execute function private.designer_profile_full_name();

create function private.sync_designer_full_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.designer_profiles set full_name = new.full_name where user_id = new.id;
  return null;
end $$;
create trigger profiles_sync_designer_full_name after update of full_name on public.profiles
  for each row when (new.full_name is distinct from old.full_name)
  execute function private.sync_designer_full_name();

revoke all on public.designer_profiles from anon, authenticated;
grant select on public.designer_profiles to authenticated;
grant insert (user_id, username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location,
              latitude, longitude, availability_status, portfolio_url) on public.designer_profiles to authenticated;
grant update (user_id, username, bio, base_rate, rate_per_item, rate_per_sqft, specialties, experience_years, location,
              latitude, longitude, availability_status, portfolio_url) on public.designer_profiles to authenticated;
grant select, insert, update, delete on public.designer_profiles to service_role;
alter table public.designer_profiles enable row level security;
create policy designer_profiles_select_signed_in on public.designer_profiles for select to authenticated
  using (true);
create policy designer_profiles_insert_own on public.designer_profiles for insert to authenticated
  with check (user_id = (select auth.uid()));
create policy designer_profiles_update_own on public.designer_profiles for update to authenticated
  using (user_id = (select auth.uid())) with check (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- subscriptions: the source of truth for memberships. Written only by the service role (Stripe webhook or
-- the sandbox provider); a user reads their own.
-- ---------------------------------------------------------------------------------------------------------
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references public.profiles (id) on delete cascade,
  plan public.subscription_plan not null,
  status public.subscription_status not null,
  provider text not null default 'stripe' check (provider in ('stripe', 'sandbox')),
  price_id text,
  product_id text,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  stripe_customer_id text,
  stripe_subscription_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint subscriptions_user_id_plan_key unique (user_id, plan)
);
comment on table public.subscriptions is 'One row per user and plan. Written only by the service role (payments).';
create index subscriptions_stripe_customer_id_idx on public.subscriptions (stripe_customer_id);
create trigger subscriptions_set_updated_at before update on public.subscriptions
  for each row execute function private.set_updated_at();

revoke all on public.subscriptions from anon, authenticated;
grant select on public.subscriptions to authenticated;
grant select, insert, update, delete on public.subscriptions to service_role;
alter table public.subscriptions enable row level security;
create policy subscriptions_select_own on public.subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------------------
-- Helpers for policies (private, SECURITY DEFINER, fixed search_path). Called as `(select private.f(...))`
-- so Postgres evaluates them once per statement.
-- ---------------------------------------------------------------------------------------------------------
create function private.has_role(r public.app_role) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles ur where ur.user_id = (select auth.uid()) and ur.role = r)
$$;

create function private.has_active_subscription(p public.subscription_plan) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.subscriptions s
    where s.user_id = (select auth.uid()) and s.plan = p
      and s.status in ('active', 'trialing')
      and (s.current_period_end is null or s.current_period_end > now())
  )
$$;

create function private.is_designer(uid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.user_roles ur where ur.user_id = uid and ur.role = 'designer')
$$;

grant execute on function private.has_role(public.app_role), private.has_active_subscription(public.subscription_plan),
  private.is_designer(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Sign-up: auth.users → profiles, user_roles and the role's profile (docs/decisions/0002-pending-profile.md).
-- raw_user_meta_data: full_name, username, role ('customer' | 'designer'), and optionally pending_profile
-- (the landing form's fields). The role must be valid; a bad pending profile never blocks sign-up.
-- ---------------------------------------------------------------------------------------------------------
create function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  pending jsonb := case when jsonb_typeof(meta -> 'pending_profile') = 'object' then meta -> 'pending_profile' else '{}'::jsonb end;
  wanted text := nullif(btrim(meta ->> 'role'), '');
  r public.app_role;
  uname text := nullif(left(btrim(meta ->> 'username'), 50), '');
begin
  if wanted is null then
    r := 'customer';
  elsif wanted in ('customer', 'designer') then
    r := wanted::public.app_role;
  else
    raise exception 'Invalid role "%": must be customer or designer', wanted using errcode = '22023';
  end if;

  insert into public.profiles (id, full_name, email)
  values (new.id, nullif(left(btrim(meta ->> 'full_name'), 100), ''), new.email);
  insert into public.user_roles (user_id, role) values (new.id, r);

  if r = 'customer' then
    begin
      insert into public.customer_profiles (user_id, username, location, space_size, budget_range, preferred_style)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        case when (pending ->> 'space_size') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'space_size')::numeric)::integer end,
        case when (pending ->> 'budget_range') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'budget_range')::numeric)::integer end,
        nullif(btrim(pending ->> 'preferred_style'), '')
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.customer_profiles (user_id, username) values (new.id, uname);
    end;
  else
    begin
      insert into public.designer_profiles (user_id, username, location, bio, specialties, portfolio_url, base_rate)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        nullif(btrim(pending ->> 'bio'), ''),
        case when jsonb_typeof(pending -> 'specialties') = 'array'
             then array(select jsonb_array_elements_text(pending -> 'specialties'))
             when nullif(btrim(pending ->> 'specialties'), '') is not null
             then array(select btrim(s) from unnest(string_to_array(pending ->> 'specialties', ',')) s where btrim(s) <> '')
             else '{}'::text[] end,
        nullif(btrim(pending ->> 'portfolio_url'), ''),
        case when (pending ->> 'base_rate') ~ '^\s*\d+(\.\d+)?\s*$' then (pending ->> 'base_rate')::numeric else 0 end
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.designer_profiles (user_id, username) values (new.id, uname);
    end;
  end if;
  return new;
end $$;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function private.handle_new_user();

-- The e-mail on profiles follows the auth user's (e-mail change confirmed).
create function private.handle_user_email_change() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.profiles set email = new.email where id = new.id;
  return null;
end $$;

create trigger on_auth_user_email_changed after update of email on auth.users
  for each row when (new.email is distinct from old.email)
  execute function private.handle_user_email_change();

-- ---------------------------------------------------------------------------------------------------------
-- switch_account_type(new_role): SPEC §4 account type switch. Sets the caller's role and creates the
-- matching empty profile when missing. Idempotent (a second click changes nothing). Returns the role.
-- ---------------------------------------------------------------------------------------------------------
create function public.switch_account_type(new_role public.app_role) returns public.app_role
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  if new_role is null then
    raise exception 'new_role is required' using errcode = '22023';
  end if;
  update public.user_roles set role = new_role where user_id = uid;
  if not found then
    insert into public.user_roles (user_id, role) values (uid, new_role);
  end if;
  if new_role = 'customer' then
    insert into public.customer_profiles (user_id) values (uid) on conflict (user_id) do nothing;
  else
    insert into public.designer_profiles (user_id) values (uid) on conflict (user_id) do nothing;
  end if;
  return new_role;
end $$;
revoke execute on function public.switch_account_type(public.app_role) from public, anon;
grant execute on function public.switch_account_type(public.app_role) to authenticated, service_role;
