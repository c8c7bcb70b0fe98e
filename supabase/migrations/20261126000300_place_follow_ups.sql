-- Good Space: places, follow-ups (docs/decisions/0024-places.md).
--
-- 1. Sign-up keeps the place chosen on the landing form: private.handle_new_user copies pending_profile.place_id
--    into the new customer or designer profile when it names a row of public.places (an unknown id is left out;
--    sign-up never fails for it).

-- ---------------------------------------------------------------------------------------------------------
-- 1. The sign-up trigger (last defined in 20261125000300_dashboard_totals.sql; unchanged but for place_id)
-- ---------------------------------------------------------------------------------------------------------
-- The place is looked up here rather than left to the foreign key: a stale or forged id in the metadata must not
-- fail the sign-up (Auth would answer 500 and create nobody). With a place and no location, the coordinates
-- trigger names the location after the place; with both, the location stays as typed (ADR 0024).
create or replace function private.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  pending jsonb := case when jsonb_typeof(meta -> 'pending_profile') = 'object' then meta -> 'pending_profile' else '{}'::jsonb end;
  wanted text := nullif(btrim(meta ->> 'role'), '');
  r public.app_role;
  uname text := nullif(left(btrim(meta ->> 'username'), 50), '');
  place text;
begin
  if wanted is null then
    r := 'customer';
  elsif wanted in ('customer', 'designer') then
    r := wanted::public.app_role;
  else
    raise exception 'Invalid role "%": must be customer or designer', wanted using errcode = '22023';
  end if;

  if jsonb_typeof(pending -> 'place_id') = 'string' then
    select p.id into place from public.places p where p.id = btrim(pending ->> 'place_id');
  end if;

  insert into public.profiles (id, full_name, email)
  values (new.id, nullif(left(btrim(meta ->> 'full_name'), 100), ''), new.email);
  insert into public.user_roles (user_id, role) values (new.id, r);

  if r = 'customer' then
    begin
      insert into public.customer_profiles (user_id, username, location, place_id, space_size, budget_range, preferred_style)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        place,
        case when (pending ->> 'space_size') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'space_size')::numeric)::integer end,
        case when (pending ->> 'budget_range') ~ '^\s*\d+(\.\d+)?\s*$' then round((pending ->> 'budget_range')::numeric)::integer end,
        private.design_style_name(pending ->> 'preferred_style')
      );
    exception when check_violation or invalid_text_representation or numeric_value_out_of_range then
      insert into public.customer_profiles (user_id, username) values (new.id, uname);
    end;
  else
    begin
      insert into public.designer_profiles (user_id, username, location, place_id, bio, specialties, portfolio_url, base_rate)
      values (
        new.id, uname,
        nullif(btrim(pending ->> 'location'), ''),
        place,
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
