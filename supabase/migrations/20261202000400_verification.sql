-- Verified badges (docs/trust-and-safety.md, "Verified badges"; docs/decisions/0032-trust-and-safety.md).
--
-- A designer asks for 'Verified student' (a school e-mail address confirmed by a link, or a photo of a current
-- student ID) or 'Verified pro' (a business or trade registration document, or three completed Good Space projects
-- of theirs whose customers agreed to show them in the portfolio). An operator approves or refuses with a reason;
-- the badge is designer_profiles.verified, which only this migration's functions write. Documents sit in the
-- private bucket verification-documents (the designer's own folder), read by the designer and operators, and are
-- removed through the Storage API after the decision (the decide-verification edge function; a SQL delete would
-- leave the bytes in the object store, ADR 0018).
--
-- The school e-mail rule: the address's domain ends in .edu, .edu.<cc> or .ac.<cc> (<cc> two letters, a country
-- code), e.g. jo@mail.stanford.edu, jo@uni.edu.au, jo@ox.ac.uk. Case does not matter. Schools elsewhere (a .de
-- university, a k12 district) use a student ID photo instead.

-- ---------------------------------------------------------------------------------------------------------
-- 1. The badge: designer_profiles.verified, the database's to keep
-- ---------------------------------------------------------------------------------------------------------
alter table public.designer_profiles add column verified text check (verified is null or verified in ('student', 'pro'));
comment on column public.designer_profiles.verified is
  'The verified badge (student | pro | null), set by decide_verification and cleared by withdraw_verification. '
  'Not writable through the API.';
-- The API roles' grants on designer_profiles name their columns, so `verified` is not among them; stated again so
-- that a later table-wide grant would have to undo it on purpose.
revoke insert (verified), update (verified) on public.designer_profiles from anon, authenticated;

create function private.is_school_email(address text) returns boolean
language sql immutable set search_path = '' as $$
  select address is not null
     and char_length(address) <= 254
     and address ~* '^[a-z0-9.!#$%&''*+/=?^_`{|}~-]+@([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+(edu|edu\.[a-z]{2}|ac\.[a-z]{2})$'
$$;
revoke all on function private.is_school_email(text) from public;
grant execute on function private.is_school_email(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 2. Requests
-- ---------------------------------------------------------------------------------------------------------
create table public.verification_requests (
  id uuid primary key default gen_random_uuid(),
  designer_id uuid not null default auth.uid() references public.designer_profiles (user_id) on delete cascade,
  kind text not null check (kind in ('student', 'pro')),
  method text not null check (method in ('school_email', 'student_id', 'registration', 'projects')),
  school_email text,
  email_token_hash text,
  email_token_expires_at timestamptz,
  email_confirmed_at timestamptz,
  document_paths text[] not null default '{}',
  project_ids uuid[] not null default '{}',
  status text not null default 'open'
    check (status in ('awaiting_email', 'open', 'approved', 'refused', 'withdrawn', 'expired')),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  reason text check (reason is null or char_length(btrim(reason)) between 1 and 1000),
  documents_removed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint verification_requests_method_fits_kind check (
    (kind = 'student' and method in ('school_email', 'student_id'))
    or (kind = 'pro' and method in ('registration', 'projects'))),
  constraint verification_requests_school_email check (
    (method = 'school_email') = (school_email is not null) and (school_email is null or private.is_school_email(school_email))),
  constraint verification_requests_email_token check (
    method = 'school_email' or (email_token_hash is null and email_token_expires_at is null and email_confirmed_at is null)),
  constraint verification_requests_documents check (
    case when method in ('student_id', 'registration') then cardinality(document_paths) between 1 and 3
         else cardinality(document_paths) = 0 end),
  constraint verification_requests_projects check (
    case when method = 'projects' then cardinality(project_ids) = 3 else cardinality(project_ids) = 0 end),
  constraint verification_requests_decided check (
    (status in ('approved', 'refused')) = (decided_at is not null and reason is not null))
);
comment on table public.verification_requests is
  'Designers'' requests for a verified badge (docs/trust-and-safety.md). The designer writes kind, method, '
  'document_paths and project_ids; the school e-mail and its token come from the verify-school-email function; '
  'status and the decision are the database''s.';
comment on column public.verification_requests.email_token_hash is
  'sha256 (hex) of the link''s token; the token itself is only in the mail. Not readable through the API.';

-- One request in progress per designer (also checked first by the trigger, with a sentence).
create unique index verification_requests_one_in_progress on public.verification_requests (designer_id)
  where status in ('awaiting_email', 'open');
create index verification_requests_designer_idx on public.verification_requests (designer_id, created_at desc);
create index verification_requests_open_idx on public.verification_requests (created_at, id) where status = 'open';
create index verification_requests_decided_by_idx on public.verification_requests (decided_by);
create unique index verification_requests_token_idx on public.verification_requests (email_token_hash)
  where email_token_hash is not null;
-- The documents still to remove after a decision (decide-verification's sweep).
create index verification_requests_documents_left_idx on public.verification_requests (created_at)
  where documents_removed_at is null and status not in ('awaiting_email', 'open') and cardinality(document_paths) > 0;

alter table public.verification_requests enable row level security;
create policy verification_requests_insert_own on public.verification_requests
  for insert to authenticated
  with check (designer_id = (select auth.uid()) and (select private.has_role('designer')));
create policy verification_requests_select_own_or_operator on public.verification_requests
  for select to authenticated
  using (designer_id = (select auth.uid()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.verification_requests as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on table public.verification_requests from anon, authenticated;
grant select (id, designer_id, kind, method, school_email, email_token_expires_at, email_confirmed_at,
              document_paths, project_ids, status, decided_by, decided_at, reason, documents_removed_at, created_at)
  on table public.verification_requests to authenticated;
grant insert (designer_id, kind, method, document_paths, project_ids) on table public.verification_requests to authenticated;
grant all on table public.verification_requests to service_role;

insert into private.rate_limits (action, max_events, per) values
  ('verification_request', 10, interval '1 day'),  -- verification requests made (documents or projects)
  ('school_email', 5, interval '1 hour');          -- school e-mail links sent

-- Every new request: the designer's checks, whoever inserts (the API, or start_school_email_verification).
create function private.verification_request_checks() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  held text;
  path text;
begin
  -- A link never followed does not hold the place of a new request.
  update public.verification_requests r set status = 'expired'
   where r.designer_id = new.designer_id and r.status = 'awaiting_email' and r.email_token_expires_at <= now();

  if exists (select 1 from public.verification_requests r
              where r.designer_id = new.designer_id and r.status in ('awaiting_email', 'open')) then
    raise exception 'You already have a verification request in progress. Withdraw it to ask again.'
      using errcode = '23505';
  end if;
  select d.verified into held from public.designer_profiles d where d.user_id = new.designer_id;
  if held = 'pro' or held = new.kind then
    raise exception '%', format('You already have the Verified %s badge.', held) using errcode = '23505';
  end if;
  perform private.take_rate('verification_request');

  if new.method in ('student_id', 'registration') then
    if (select count(distinct p) from unnest(new.document_paths) p) <> cardinality(new.document_paths) then
      raise exception 'Each document can be added once.' using errcode = '23514';
    end if;
    foreach path in array new.document_paths loop
      if (storage.foldername(path))[1] is distinct from new.designer_id::text
         or not exists (select 1 from storage.objects o where o.bucket_id = 'verification-documents' and o.name = path) then
        raise exception 'Upload the documents to your own folder first.' using errcode = '23514';
      end if;
    end loop;
  elsif new.method = 'projects' then
    if (select count(*) from public.projects p
         where p.id = any (new.project_ids) and p.designer_id = new.designer_id and p.status = 'completed'
           and p.portfolio_consent) <> 3
       or (select count(distinct x) from unnest(new.project_ids) x) <> 3 then
      raise exception 'Choose three different completed projects of yours whose customers agreed to show them in your portfolio.'
        using errcode = '23514';
    end if;
  end if;

  -- The rest is the database's, whatever the insert said.
  new.status := case when new.method = 'school_email' then 'awaiting_email' else 'open' end;
  new.email_confirmed_at := null;
  new.decided_by := null;
  new.decided_at := null;
  new.reason := null;
  new.documents_removed_at := null;
  new.created_at := now();
  return new;
end $$;
revoke all on function private.verification_request_checks() from public;
create trigger verification_requests_checks before insert on public.verification_requests
  for each row execute function private.verification_request_checks();

-- ---------------------------------------------------------------------------------------------------------
-- 3. The school e-mail link
-- ---------------------------------------------------------------------------------------------------------
-- The verify-school-email function's part (service role only): starts the designer's school e-mail request, or
-- gives the one waiting for its link a new address and token (a resend), and returns the token for the mail. The
-- token is 64 hex characters from two random UUIDs (244 random bits); only its sha256 is kept. Valid 48 hours.
create function public.start_school_email_verification(p_designer uuid, p_email text)
returns table (request_id uuid, token text, expires_at timestamptz)
language plpgsql security definer set search_path = '' as $$
#variable_conflict use_column
declare
  address text := lower(btrim(coalesce(p_email, '')));
  fresh text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  hashed text;
  until timestamptz := now() + interval '48 hours';
  rid uuid;
begin
  if p_designer is null or not private.is_designer(p_designer) then
    raise exception 'Only designers can ask for a verified badge.' using errcode = '42501';
  end if;
  if not private.is_school_email(address) then
    raise exception 'Use your school e-mail address: one ending in .edu, .edu.<country> or .ac.<country>.'
      using errcode = '23514';
  end if;
  perform private.take_rate_for(p_designer, 'school_email');
  hashed := encode(sha256(convert_to(fresh, 'UTF8')), 'hex');

  update public.verification_requests r
     set school_email = address, email_token_hash = hashed, email_token_expires_at = until
   where r.designer_id = p_designer and r.status = 'awaiting_email' and r.method = 'school_email'
  returning r.id into rid;
  if rid is null then
    insert into public.verification_requests (designer_id, kind, method, school_email, email_token_hash, email_token_expires_at)
    values (p_designer, 'student', 'school_email', address, hashed, until)
    returning id into rid;
  end if;
  return query select rid, fresh, until;
end $$;
revoke all on function public.start_school_email_verification(uuid, text) from public, anon, authenticated;
grant execute on function public.start_school_email_verification(uuid, text) to service_role;

-- The link's page: the designer, signed in, confirms the address once, before the link expires; the request then
-- waits for an operator.
create function public.confirm_school_email(token text) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  r public.verification_requests;
begin
  if me is null then
    raise exception 'Sign in to confirm your school e-mail address.' using errcode = '42501';
  end if;
  select * into r from public.verification_requests v
   where v.email_token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex')
   for update;
  if not found then
    raise exception 'This link is not valid. Ask for a new one from your profile.' using errcode = 'P0002';
  end if;
  if r.designer_id <> me then
    raise exception 'Sign in as the designer who asked for this link to confirm it.' using errcode = '42501';
  end if;
  if r.email_confirmed_at is not null then
    raise exception 'This link was already used: your school e-mail address is confirmed.' using errcode = '55000';
  end if;
  if r.status <> 'awaiting_email' then
    raise exception 'This request is no longer waiting for its link. Ask for a new one from your profile.'
      using errcode = '55000';
  end if;
  if r.email_token_expires_at <= now() then
    raise exception 'This link has expired. Ask for a new one from your profile.' using errcode = '55000';
  end if;
  update public.verification_requests v set email_confirmed_at = now(), status = 'open' where v.id = r.id;
  return jsonb_build_object('request_id', r.id, 'school_email', r.school_email);
end $$;
revoke all on function public.confirm_school_email(text) from public, anon;
grant execute on function public.confirm_school_email(text) to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 4. The decision and the withdrawal
-- ---------------------------------------------------------------------------------------------------------
-- An operator approves or refuses an open request with a reason, in one transaction: the request, the badge,
-- the audit log line (returned) and the designer's notification. The documents go afterwards, through Storage
-- (the decide-verification function).
create function public.decide_verification(p_request uuid, p_approve boolean, p_reason text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  r public.verification_requests;
  badge text;
  logged uuid;
begin
  if not private.is_operator(me) then
    raise exception 'Only Good Space operators can do this' using errcode = '42501';
  end if;
  if p_approve is null then
    raise exception 'Say whether to approve or refuse.' using errcode = '23514';
  end if;
  if p_reason is null or char_length(btrim(p_reason)) = 0 then
    raise exception 'Give a reason for this decision.' using errcode = '23514';
  end if;
  if char_length(btrim(p_reason)) > 1000 then
    raise exception 'Keep the reason under 1000 characters' using errcode = '23514';
  end if;
  select * into r from public.verification_requests v where v.id = p_request for update;
  if not found then
    raise exception 'There is no such verification request.' using errcode = 'P0002';
  end if;
  if r.designer_id = me then
    raise exception 'Another operator has to decide your own request.' using errcode = '42501';
  end if;
  if r.status <> 'open' then
    raise exception 'This request is not open: it was already decided, withdrawn, or still waits for its e-mail link.'
      using errcode = '55000';
  end if;

  update public.verification_requests v
     set status = case when p_approve then 'approved' else 'refused' end,
         decided_by = me, decided_at = now(), reason = btrim(p_reason)
   where v.id = r.id;
  if p_approve then
    -- A pro badge outranks a student one: approving a student request never takes a pro badge away.
    update public.designer_profiles d
       set verified = case when d.verified = 'pro' then 'pro' else r.kind end
     where d.user_id = r.designer_id
    returning d.verified into badge;
  end if;
  logged := private.log_moderation(
    case when p_approve then 'approve_verification' else 'refuse_verification' end,
    'person', r.designer_id, r.designer_id, p_reason);
  perform private.notify(
    r.designer_id, 'verification_decided', null, null,
    case when p_approve then format('You are now a Verified %s', r.kind)
         else format('Your request for the Verified %s badge was refused', r.kind) end,
    case when p_approve then format('Your badge shows on your profile, your card and your bids. %s', btrim(p_reason))
         else format('Reason: %s You can ask again from your profile.', btrim(p_reason)) end,
    '/profile/designer',
    jsonb_build_object('request_id', r.id, 'kind', r.kind, 'approved', p_approve));
  return logged;
end $$;
revoke all on function public.decide_verification(uuid, boolean, text) from public, anon;
grant execute on function public.decide_verification(uuid, boolean, text) to authenticated;

-- The designer takes back their request in progress, or their badge (both, if they have both).
create function public.withdraw_verification() returns void
language plpgsql security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  requests integer;
  badges integer;
begin
  if me is null then
    raise exception 'Sign in to withdraw your verification.' using errcode = '42501';
  end if;
  update public.verification_requests v set status = 'withdrawn'
   where v.designer_id = me and v.status in ('awaiting_email', 'open');
  get diagnostics requests = row_count;
  update public.designer_profiles d set verified = null where d.user_id = me and d.verified is not null;
  get diagnostics badges = row_count;
  if requests + badges = 0 then
    raise exception 'You have no verified badge or request to withdraw.' using errcode = 'P0002';
  end if;
end $$;
revoke all on function public.withdraw_verification() from public, anon;
grant execute on function public.withdraw_verification() to authenticated;

-- ---------------------------------------------------------------------------------------------------------
-- 5. The documents' bucket (docs/decisions/0003-storage-buckets-and-listing.md): private, 5 MB, images or PDF.
--    The designer uploads, reads and removes in their own folder ({designerId}/…); operators read every folder
--    (signed URLs on the console); nobody overwrites. The service role removes them after the decision.
-- ---------------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('verification-documents', 'verification-documents', false, 5242880,
        array['image/jpeg', 'image/png', 'image/webp', 'application/pdf'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "verification-documents: designer uploads to own folder" on storage.objects for insert to authenticated
  with check (
    bucket_id = 'verification-documents'
    and (storage.foldername(name))[1] = (select auth.uid())::text
    and (select private.is_designer((select auth.uid())))
  );
create policy "verification-documents: designer or operator reads" on storage.objects for select to authenticated
  using (
    bucket_id = 'verification-documents'
    and ((storage.foldername(name))[1] = (select auth.uid())::text or (select private.is_operator()))
  );
create policy "verification-documents: designer removes own" on storage.objects for delete to authenticated
  using (bucket_id = 'verification-documents' and (storage.foldername(name))[1] = (select auth.uid())::text);

-- ---------------------------------------------------------------------------------------------------------
-- 6. The badge on designer cards: nearby_designers (Available and Browse Designers) returns `verified` too (and keeps
--    the blocks migration's rule: people in a block with the caller are not listed to each other; nor are suspended
--    designers).
--    Restated from 20261126000300_place_follow_ups.sql with only that column added (the return type changes, so
--    drop and create).
-- ---------------------------------------------------------------------------------------------------------
drop function public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer, boolean);
create function public.nearby_designers(origin_latitude double precision DEFAULT NULL::double precision, origin_longitude double precision DEFAULT NULL::double precision, after_miles integer DEFAULT NULL::integer, after_created_at timestamp with time zone DEFAULT NULL::timestamp with time zone, after_id uuid DEFAULT NULL::uuid, page_size integer DEFAULT 24, near_only boolean DEFAULT true)
 RETURNS TABLE(user_id uuid, full_name text, username text, bio text, base_rate numeric, rate_per_item numeric, rate_per_sqft numeric, specialties text[], experience_years integer, location text, place_id text, latitude double precision, longitude double precision, portfolio_url text, created_at timestamp with time zone, distance_miles integer, within_reach boolean, verified text)
 LANGUAGE plpgsql
 STABLE
 SET search_path TO ''
 SET enable_sort TO 'off'
AS $function$
#variable_conflict use_column
declare
  lim integer := least(greatest(coalesce(page_size, 24), 1), 100);
  n integer := 0;
  cos_origin double precision;
  lo_lat double precision;
  hi_lat double precision;
  lo_lng double precision;
  hi_lng double precision;
  reach boolean;
  origin_point extensions.cube;
  walk_size integer;
  got integer;
  farthest double precision;
  page_miles integer;
  walked_ids uuid[];
  walked_miles integer[];
  -- The people in a block with the caller, either way, and suspended accounts (docs/trust-and-safety.md): not listed.
  blocked_ids uuid[] := private.blocked_user_ids() || private.suspended_user_ids();
begin
  if not private.has_origin(origin_latitude, origin_longitude) then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             null::integer, null::boolean, d.verified
      from public.designer_profiles d
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
        and d.created_at <= coalesce(after_created_at, 'infinity')
        and (d.created_at < coalesce(after_created_at, 'infinity')
             or d.user_id < coalesce(after_id, 'ffffffff-ffff-ffff-ffff-ffffffffffff'))
      order by d.created_at desc, d.user_id desc
      limit lim;
    return;
  end if;

  cos_origin := cos(radians(origin_latitude));
  select * into lo_lat, hi_lat, lo_lng, hi_lng from private.box_around(origin_latitude, origin_longitude, 100.5);
  reach := coalesce(near_only, true) and exists (
    select 1 from public.designer_profiles d
    where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
      and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
      and 2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
            + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
          < 100.5
  );

  if (after_id is null or after_miles is not null) and reach then
    -- Within 100 miles: the box on the coordinate index, as before.
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             k.miles, reach, d.verified
      from (
        select x.user_id, x.miles from (
          select d.user_id,
                 floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                   + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                   + 0.5)::integer as miles
          from public.designer_profiles d
          where d.availability_status = 'available' and d.user_id <> all (blocked_ids)
            and d.latitude between lo_lat and hi_lat and d.longitude between lo_lng and hi_lng
        ) x
        where x.miles <= 100
          and (after_id is null or x.miles > after_miles or (x.miles = after_miles and x.user_id > after_id))
        order by x.miles, x.user_id
        limit lim
      ) k
      join public.designer_profiles d on d.user_id = k.user_id
      order by k.miles, k.user_id;
    get diagnostics n = row_count;
  elsif after_id is null or after_miles is not null then
    -- Every designer with coordinates: the nearest-neighbour walk.
    origin_point := private.sphere_point(origin_latitude, origin_longitude);
    walk_size := 2 * lim + 16;
    loop
      select coalesce(array_agg(w.user_id), '{}'), coalesce(array_agg(floor(w.exact + 0.5)::integer), '{}'),
             max(w.exact), count(*)
        into walked_ids, walked_miles, farthest, got
      from (
        select d.user_id,
               2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                 + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                 as exact
        from public.designer_profiles d
        where d.availability_status = 'available' and d.user_id <> all (blocked_ids) and d.latitude is not null and d.longitude is not null
          and (after_id is null
               or (floor(2 * 3959 * asin(least(1, sqrt(power(sin(radians(d.latitude - origin_latitude) / 2), 2)
                     + cos_origin * cos(radians(d.latitude)) * power(sin(radians(d.longitude - origin_longitude) / 2), 2))))
                     + 0.5)::integer, d.user_id) > (after_miles, after_id))
        order by private.sphere_point(d.latitude, d.longitude) operator(extensions.<->) origin_point
        limit walk_size
      ) w;
      exit when got < walk_size;
      page_miles := (select m from unnest(walked_miles) m order by m offset lim - 1 limit 1);
      exit when farthest > page_miles + 0.501;
      walk_size := walk_size * 8;
    end loop;
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             w.miles, reach, d.verified
      from unnest(walked_ids, walked_miles) as w(id, miles)
      join public.designer_profiles d on d.user_id = w.id
      order by w.miles, w.id
      limit lim;
    get diagnostics n = row_count;
  end if;
  if n < lim then
    return query
      select d.user_id, d.full_name, d.username, d.bio, d.base_rate, d.rate_per_item, d.rate_per_sqft, d.specialties,
             d.experience_years, d.location, d.place_id, d.latitude, d.longitude, d.portfolio_url, d.created_at,
             null::integer, reach, d.verified
      from public.designer_profiles d
      where d.availability_status = 'available' and d.user_id <> all (blocked_ids) and (d.latitude is null or d.longitude is null)
        and (after_id is null or after_miles is not null or d.user_id > after_id)
      order by d.user_id
      limit lim - n;
  end if;
end $function$;
revoke execute on function public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer, boolean) from public;
grant execute on function public.nearby_designers(double precision, double precision, integer, timestamptz, uuid, integer, boolean) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 7. Account deletion takes the verification documents too (ADR 0018): delete_user() refuses while any remain in
--    the caller's folder, as for their portfolio and Good Stuff folders; the delete-account function removes that
--    folder through Storage first (supabase/functions/delete-account/account-files.ts). Restated from
--    20261125000200_account_deletion_storage.sql with only the bucket added.
-- ---------------------------------------------------------------------------------------------------------
create or replace function public.delete_user() returns void
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;

  -- The same set the delete-account function removes: photos a designer uploaded to someone else's project stay.
  if exists (
    select 1 from storage.objects o
     where (o.bucket_id in ('designer-portfolio', 'catalog-images', 'verification-documents')
            and (storage.foldername(o.name))[1] = uid::text)
        or (o.bucket_id = 'project-photos'
            and (storage.foldername(o.name))[1] in (select p.id::text from public.projects p where p.customer_id = uid))
  ) then
    raise exception 'Stored files remain: delete the account through the delete-account function'
      using errcode = 'P0001',
            hint = 'Only the Storage API removes a file''s bytes; the function removes the files, then calls delete_user().';
  end if;

  -- Through the foreign keys: profile, role, role profiles, subscriptions, projects (with everything on them),
  -- bids, items, messages, notes, reviews, nudges, catalog items, verification requests; the profiles trigger
  -- reopens the active projects of a leaving designer (20261122000500_account_deletion.sql).
  delete from auth.users where id = uid;
end $$;
revoke execute on function public.delete_user() from public, anon;
grant execute on function public.delete_user() to authenticated;
