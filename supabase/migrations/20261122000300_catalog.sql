-- Good Stuff: the vintage marketplace. Designers list their own pieces; signed-in users browse what is available.

create type public.catalog_category as enum (
  'couch', 'chair', 'table', 'desk', 'bed', 'dresser', 'cabinet', 'lighting', 'decor', 'other'
);

create table public.catalog_items (
  id uuid primary key default gen_random_uuid(),
  designer_id uuid not null references public.profiles (id) on delete cascade,
  title text not null check (char_length(btrim(title)) between 1 and 100),
  description text not null check (char_length(btrim(description)) between 1 and 1000),
  category public.catalog_category not null,
  price numeric not null check (price >= 0 and price < 10000000000 and price = round(price, 2)),
  dimensions text not null check (char_length(btrim(dimensions)) between 1 and 100),
  condition text not null check (char_length(btrim(condition)) between 1 and 50),
  image_url text check (image_url is null or char_length(image_url) <= 2000),
  is_available boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- SPEC §7: available items newest first (the Good Stuff grid, optionally by category); a designer's own.
create index catalog_items_available_created_at_idx on public.catalog_items (created_at desc) where is_available;
create index catalog_items_available_category_idx on public.catalog_items (category, created_at desc) where is_available;
create index catalog_items_designer_id_idx on public.catalog_items (designer_id, created_at desc);
create trigger catalog_items_set_updated_at before update on public.catalog_items
  for each row execute function private.set_updated_at();

revoke all on public.catalog_items from anon, authenticated;
grant select, delete on public.catalog_items to authenticated;
grant insert (designer_id, title, description, category, price, dimensions, condition, image_url, is_available)
  on public.catalog_items to authenticated;
grant update (title, description, category, price, dimensions, condition, image_url, is_available)
  on public.catalog_items to authenticated;
grant select, insert, update, delete on public.catalog_items to service_role;
alter table public.catalog_items enable row level security;
create policy catalog_items_select_available_or_own on public.catalog_items for select to authenticated
  using (is_available or designer_id = (select auth.uid()));
create policy catalog_items_insert_designer on public.catalog_items for insert to authenticated
  with check (designer_id = (select auth.uid()) and is_available and (select private.has_role('designer')));
create policy catalog_items_update_own on public.catalog_items for update to authenticated
  using (designer_id = (select auth.uid())) with check (designer_id = (select auth.uid()));
create policy catalog_items_delete_own on public.catalog_items for delete to authenticated
  using (designer_id = (select auth.uid()));
