-- Good Space: listing on Good Stuff needs the designer's membership (docs/product.md, Good Stuff; the Designer plan
-- includes 'vintage marketplace access'), as bidding does. The app asks a designer without one to subscribe before
-- it opens List Vintage; the database refuses the row whatever the client does. Customers never list (the role is
-- checked as before). Pieces listed earlier stay listed, and their seller may still edit, delist or sell them.

drop policy catalog_items_insert_designer on public.catalog_items;
create policy catalog_items_insert_subscribed_designer on public.catalog_items for insert to authenticated
  with check (
    designer_id = (select auth.uid())
    and is_available
    and (select private.has_role('designer'))
    and (select private.has_active_subscription('designer'))
  );

-- A piece bought on Good Stuff stays sold (docs/decisions/0029-paying-sellers.md): its seller cannot put it back on
-- the market (Relist) while its order is paid, ready or completed; cancelling the order (which refunds the buyer)
-- is the way, and puts it back by itself. Delisting it stays allowed. Without this, a relisted piece could be paid
-- for by a second buyer only to be refunded.
create function private.catalog_item_relist_guard() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if exists (select 1 from public.orders o
              where o.catalog_item_id = new.id and o.status in ('paid', 'ready', 'completed')) then
    raise exception 'This piece was bought on Good Stuff: cancel its order to sell it again' using errcode = '55000';
  end if;
  return new;
end $$;
create trigger catalog_items_relist_guard before update of status, is_available on public.catalog_items
  for each row when (old.status <> 'available' and new.status = 'available')
  execute function private.catalog_item_relist_guard();
revoke execute on function private.catalog_item_relist_guard() from public, anon, authenticated;
