-- Good Space: one piece's distance from the viewer (docs/decisions/0024-places.md, 0026-market.md).
--
-- The market's search measures each card's distance; a piece's page opened from a shared link has no card, so it
-- asks for its own: whole miles on the sphere of radius 3,959 miles (private.miles_between), rounded as the search
-- rounds them. SECURITY INVOKER: a piece the caller may not see (another seller's delisted one) has no distance, as
-- it has no page.

create function public.catalog_item_distance(item_id uuid, near_lat double precision, near_lng double precision)
returns integer
language plpgsql stable set search_path = '' as $$
begin
  if near_lat is null or near_lng is null or near_lat not between -90 and 90 or near_lng not between -180 and 180 then
    raise exception 'A place needs a latitude between -90 and 90 and a longitude between -180 and 180'
      using errcode = '22023';
  end if;
  return (
    select floor(private.miles_between(near_lat, near_lng, i.latitude, i.longitude) + 0.5)::integer
      from public.catalog_items i
     where i.id = item_id and i.latitude is not null and i.longitude is not null
  );
end $$;

revoke execute on function public.catalog_item_distance(uuid, double precision, double precision) from public, anon;
grant execute on function public.catalog_item_distance(uuid, double precision, double precision)
  to authenticated, service_role;
