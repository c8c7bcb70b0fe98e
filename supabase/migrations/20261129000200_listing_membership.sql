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
