-- Good Space: a piece added to a project costs what Buy Now would charge (docs/decisions/0029-paying-sellers.md).
--
-- add_catalog_item_to_project (20261128000100_market.sql) recorded the agreed offer's price even when the seller had
-- since lowered the list price below it, so the project's Items & Budget showed (and a hard cap refused) more than
-- the piece costs; Buy Now charges the lower of the two (private.buy_now_check). The function is restated whole, as
-- a migration must; only the cost changes.

create or replace function public.add_catalog_item_to_project(project_id uuid, item_id uuid) returns public.project_items
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  p public.projects;
  i public.catalog_items;
  h private.catalog_holds;
  agreed numeric;
  reserved_for_us boolean := false;
  item public.project_items;
begin
  select * into p from public.projects x where x.id = project_id;
  if not found or me is null or (me is distinct from p.customer_id and me is distinct from p.designer_id) then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  if p.status <> 'active' then
    raise exception 'Pieces can be added to active projects only' using errcode = '55000';
  end if;
  i := private.lock_catalog_item(item_id);
  if i.status <> 'available' then
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  -- The accepted, unreserved-yet-unlapsed offer of the project's customer or designer, if any: its price.
  select coalesce(o.counter_amount, o.amount) into agreed
    from public.offers o
   where o.catalog_item_id = item_id and o.status = 'accepted' and o.reserved_until > now()
     and o.buyer_id in (p.customer_id, p.designer_id)
   order by o.updated_at desc
   limit 1;
  reserved_for_us := agreed is not null;
  if i.reserved_until > now() and not reserved_for_us then
    raise exception 'This piece is reserved' using errcode = '55000';
  end if;
  select * into h from private.catalog_holds x where x.catalog_item_id = item_id;
  if found and h.held_until > now() then
    if h.project_id = project_id then
      raise exception 'This piece is already in this project' using errcode = '23505';
    end if;
    raise exception 'This piece is held for another project' using errcode = '55000';
  end if;
  -- The agreed price, unless the seller has since lowered the list price below it (what Buy Now charges too).
  insert into public.project_items (project_id, name, description, cost, added_by, catalog_item_id)
  values (project_id, left(i.title, 100), private.clip('Good Stuff: ' || i.title, 500), least(agreed, i.price),
          me, item_id)
  returning * into item;
  insert into private.catalog_holds (catalog_item_id, project_id, project_item_id, held_until)
  values (item_id, project_id, item.id, now() + interval '7 days')
  on conflict (catalog_item_id) do update
    set project_id = excluded.project_id, project_item_id = excluded.project_item_id, held_until = excluded.held_until;
  update public.catalog_items set held_until = now() + interval '7 days' where id = item_id;
  return item;
end $$;
