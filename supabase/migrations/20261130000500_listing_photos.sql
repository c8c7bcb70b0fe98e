-- Listing photos are the seller's own uploads (issue 26, docs/decisions/0030-safe-by-default.md "Listing photos"):
-- every entry of catalog_items.photo_urls (and so image_url, its first) must be this project's public URL of an
-- object of the catalog-images bucket under the seller's folder ('<designer_id>/…') that exists. Any other URL
-- (a tracking pixel, another seller's photo, a missing file, '../' tricks, a query string, another host) is
-- refused: the URL is shown to every buyer and sent to Stripe Checkout as the line item's image.
--
-- The URLs stay URLs (every reader, the orders' copy and Stripe keep working); the host they must start with is
-- where browsers reach this project's API: the setting `public_api_url` if set (a custom domain), else
-- `project_url`, the one the notification mail job already reads (Vault on hosted, private.settings locally).

-- This project's API URL as browsers use it, without a trailing slash; null when the database is not told.
create function private.public_api_url() returns text
language sql stable security definer set search_path = '' as $$
  select pg_catalog.rtrim(coalesce(private.setting('public_api_url'), private.setting('project_url')), '/')
$$;
revoke execute on function private.public_api_url() from public, anon, authenticated;

-- The object name a public catalog-images URL names (under any host), or null: plain path segments only
-- (letters, digits, '.', '_', '-', none starting with a dot), so no '..', no '%' escapes, no '?' or '#'.
create function private.catalog_photo_name(url text) returns text
language sql immutable strict parallel safe set search_path = '' as $$
  select m[2] from pg_catalog.regexp_match(
    url, '^(https?://[^/?#]+)/storage/v1/object/public/catalog-images/([A-Za-z0-9_-][A-Za-z0-9._-]*(/[A-Za-z0-9_-][A-Za-z0-9._-]*)*)$') m
$$;

-- Why a photo URL is not acceptable for a piece of `seller`, or null when it is.
create function private.catalog_photo_problem(url text, seller uuid, base text) returns text
language sql stable security definer set search_path = '' as $$
  select case
    when base is null then 'the project URL is not configured, so photos cannot be checked'
    when pg_catalog.left(url, pg_catalog.char_length(base) + 1) <> base || '/'
      or private.catalog_photo_name(url) is null then 'it is not a photo uploaded to Good Stuff'
    when pg_catalog.split_part(private.catalog_photo_name(url), '/', 1) <> seller::text
      then 'it is not one of your uploaded photos'
    when not exists (select 1 from storage.objects o
                      where o.bucket_id = 'catalog-images' and o.name = private.catalog_photo_name(url))
      then 'the photo was not found (upload it again)'
  end
$$;
revoke execute on function private.catalog_photo_problem(text, uuid, text) from public, anon, authenticated;

-- Existing rows (before the trigger exists, which would refuse them): photos of the seller's own folder that exist
-- are kept (moved to this project's URL when the database knows it); anything else is dropped.
do $$
declare
  base text := private.public_api_url();
begin
  -- Only rows whose photos change are written (updated_at says when the seller last changed the listing).
  with kept as (
    select i.id, coalesce((
      select array_agg(coalesce(base || '/storage/v1/object/public/catalog-images/' || n.name, u.url) order by u.ord)
        from unnest(i.photo_urls) with ordinality u(url, ord)
        cross join lateral (select private.catalog_photo_name(u.url) as name) n
       where n.name is not null
         and split_part(n.name, '/', 1) = i.designer_id::text
         and exists (select 1 from storage.objects o where o.bucket_id = 'catalog-images' and o.name = n.name)
    ), '{}') as photo_urls
      from public.catalog_items i
     where cardinality(i.photo_urls) > 0
  )
  update public.catalog_items i
     set photo_urls = kept.photo_urls
    from kept
   where i.id = kept.id and i.photo_urls is distinct from kept.photo_urls;
  -- An order's copy of its cover is shown to its buyer and seller: the same rule, as a snapshot (kept even if the
  -- object is gone since).
  update public.orders o
     set item_photo_url = case
           when split_part(private.catalog_photo_name(o.item_photo_url), '/', 1) = o.seller_id::text
             then coalesce(base || '/storage/v1/object/public/catalog-images/' || private.catalog_photo_name(o.item_photo_url),
                           o.item_photo_url)
         end
   where o.item_photo_url is not null
     and o.item_photo_url is distinct from (case
           when split_part(private.catalog_photo_name(o.item_photo_url), '/', 1) = o.seller_id::text
             then coalesce(base || '/storage/v1/object/public/catalog-images/' || private.catalog_photo_name(o.item_photo_url),
                           o.item_photo_url)
         end);
end $$;

-- Checked whenever the photos change (after catalog_items_market_columns has made image_url and photo_urls one
-- story: BEFORE triggers run in name order, and 'photos' comes after 'market'). Rows whose photos do not change
-- (a status change, a reservation) are not re-checked.
create function private.check_catalog_item_photos() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  base text;
  url text;
  problem text;
begin
  if tg_op = 'UPDATE' and new.photo_urls is not distinct from old.photo_urls
     and new.designer_id is not distinct from old.designer_id then
    return new;
  end if;
  if cardinality(new.photo_urls) = 0 then
    return new;
  end if;
  base := private.public_api_url();
  foreach url in array new.photo_urls loop
    problem := private.catalog_photo_problem(url, new.designer_id, base);
    if problem is not null then
      raise exception 'Listing photos must be photos you uploaded for your listings: %', problem
        using errcode = '23514',
              detail = 'Refused photo: ' || pg_catalog.left(url, 200),
              hint = 'Upload the photo from your device in the listing form.';
    end if;
  end loop;
  return new;
end $$;
create trigger catalog_items_photos_checked before insert or update on public.catalog_items
  for each row execute function private.check_catalog_item_photos();

comment on column public.catalog_items.photo_urls is
  'This project''s public URLs of the seller''s own catalog-images objects (<designer_id>/…), cover first, at most 6; '
  'checked by private.check_catalog_item_photos. image_url is kept equal to the first.';
