-- Good Space: projects and everything that happens on them (bids, items, messages, photo notes, reviews, nudges).
-- State-carrying columns (status, designer_id, items_total, bid status) are not granted to clients: they
-- change only through accept_bid(), the completion update and the database's own triggers.

create type public.project_status as enum ('pending', 'active', 'completed');
create type public.budget_type as enum ('soft', 'hard');
create type public.bid_status as enum ('pending', 'accepted', 'rejected');
create type public.nudge_status as enum ('pending', 'accepted', 'declined');

-- ---------------------------------------------------------------------------------------------------------
-- projects
-- ---------------------------------------------------------------------------------------------------------
create table public.projects (
  id uuid primary key default gen_random_uuid(),
  customer_id uuid not null,
  designer_id uuid,
  title text not null check (char_length(btrim(title)) between 3 and 100),
  description text not null check (char_length(btrim(description)) between 10 and 1000),
  location text not null check (char_length(btrim(location)) between 1 and 100),
  latitude double precision check (latitude is null or latitude between -90 and 90),
  longitude double precision check (longitude is null or longitude between -180 and 180),
  space_size integer not null check (space_size > 0),
  budget integer not null check (budget > 0),
  budget_type public.budget_type not null default 'soft',
  preferred_style text check (preferred_style is null or char_length(preferred_style) <= 50),
  status public.project_status not null default 'pending',
  items_total numeric not null default 0 check (items_total >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  completed_at timestamptz,
  constraint projects_customer_id_fkey foreign key (customer_id) references public.profiles (id) on delete cascade,
  constraint projects_designer_id_fkey foreign key (designer_id) references public.profiles (id) on delete set null,
  constraint projects_designer_not_customer check (designer_id is null or designer_id <> customer_id),
  -- An active project always has its designer (completed ones keep history even if the designer left).
  constraint projects_active_has_designer check (status <> 'active' or designer_id is not null)
);
comment on column public.projects.items_total is 'Sum of project_items.cost, maintained by the database.';

-- SPEC §7: by customer newest first; by customer and status; pending and unassigned; by designer; by designer
-- and status completed newest first.
create index projects_customer_id_created_at_idx on public.projects (customer_id, created_at desc);
create index projects_customer_id_status_idx on public.projects (customer_id, status);
create index projects_designer_id_status_created_at_idx on public.projects (designer_id, status, created_at desc);
create index projects_open_created_at_idx on public.projects (created_at desc) where status = 'pending' and designer_id is null;

create trigger projects_set_updated_at before update on public.projects
  for each row execute function private.set_updated_at();
create trigger projects_coordinates before insert or update of location on public.projects
  for each row execute function private.coordinates_from_location();

-- A client (authenticated) may only move its project from active to completed; everything else that
-- changes state runs in SECURITY DEFINER functions owned by postgres (accept_bid, item totals).
create function private.guard_project_update() returns trigger
language plpgsql set search_path = '' as $$
begin
  if current_user in ('authenticated', 'anon') then
    if new.status is distinct from old.status then
      if not (old.status = 'active' and new.status = 'completed') then
        raise exception 'Invalid project status change: % to %', old.status, new.status
          using errcode = '23514', hint = 'A project goes pending → active (accepting a bid) → completed.';
      end if;
    end if;
  end if;
  if new.status = 'completed' and old.status <> 'completed' then
    new.completed_at := now();
  end if;
  return new;
end $$;
create trigger projects_guard_update before update on public.projects
  for each row execute function private.guard_project_update();

revoke all on public.projects from anon, authenticated;
grant select on public.projects to authenticated;
grant insert (customer_id, title, description, location, latitude, longitude, space_size, budget, budget_type,
              preferred_style, status) on public.projects to authenticated;
grant update (status) on public.projects to authenticated;
grant select, insert, update, delete on public.projects to service_role;
alter table public.projects enable row level security;

create policy projects_select_visible on public.projects for select to authenticated
  using (
    customer_id = (select auth.uid())
    or designer_id = (select auth.uid())
    or (status = 'pending' and designer_id is null and (select private.has_role('designer')))
  );
create policy projects_insert_subscribed_customer on public.projects for insert to authenticated
  with check (
    customer_id = (select auth.uid())
    and status = 'pending'
    and (select private.has_role('customer'))
    and (select private.has_active_subscription('client'))
  );
create policy projects_update_owner on public.projects for update to authenticated
  using (customer_id = (select auth.uid()))
  with check (customer_id = (select auth.uid()));

-- Project sets used by the policies below (evaluated once per statement).
create function private.owned_project_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.projects p where p.customer_id = (select auth.uid())
$$;
create function private.participant_project_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.projects p where p.customer_id = (select auth.uid())
  union all
  select p.id from public.projects p where p.designer_id = (select auth.uid())
$$;
create function private.active_participant_project_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  select p.id from public.projects p where p.customer_id = (select auth.uid()) and p.status = 'active'
  union all
  select p.id from public.projects p where p.designer_id = (select auth.uid()) and p.status = 'active'
$$;
-- Projects a designer may bid on: pending, no designer yet, not their own.
create function private.is_open_project(pid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    where p.id = pid and p.status = 'pending' and p.designer_id is null and p.customer_id <> (select auth.uid())
  )
$$;
grant execute on function private.owned_project_ids(), private.participant_project_ids(),
  private.active_participant_project_ids(), private.is_open_project(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- project_bids
-- ---------------------------------------------------------------------------------------------------------
create table public.project_bids (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  designer_id uuid not null references public.profiles (id) on delete cascade,
  -- Money with cents: more decimals are refused, not rounded (so no numeric(p,2) typmod, which would round).
  bid_amount numeric not null check (bid_amount > 0 and bid_amount < 10000000000 and bid_amount = round(bid_amount, 2)),
  proposal text not null check (char_length(btrim(proposal)) between 1 and 2000),
  estimated_days integer check (estimated_days is null or estimated_days between 1 and 3650),
  status public.bid_status not null default 'pending',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint project_bids_project_id_designer_id_key unique (project_id, designer_id)
);
create index project_bids_designer_id_idx on public.project_bids (designer_id);
create trigger project_bids_set_updated_at before update on public.project_bids
  for each row execute function private.set_updated_at();

-- A client's bid is taken only while its project is open. The share lock makes a bid and accept_bid() (which
-- locks the project for update) serialize, so no pending bid slips in after the acceptance. The service role
-- and migrations (seed, imports) may record bids of any project.
create function private.lock_open_project_for_bid() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  -- SECURITY DEFINER changes current_user, not the request's role setting.
  if coalesce(current_setting('role', true), 'none') not in ('authenticated', 'anon') then
    return new;
  end if;
  perform 1 from public.projects p
   where p.id = new.project_id and p.status = 'pending' and p.designer_id is null
   for share;
  if not found then
    raise exception 'This project is no longer taking bids' using errcode = '23514';
  end if;
  return new;
end $$;

create trigger project_bids_open_project before insert on public.project_bids
  for each row execute function private.lock_open_project_for_bid();

revoke all on public.project_bids from anon, authenticated;
grant select on public.project_bids to authenticated;
grant insert (project_id, designer_id, bid_amount, proposal, estimated_days) on public.project_bids to authenticated;
grant select, insert, update, delete on public.project_bids to service_role;
alter table public.project_bids enable row level security;
create policy project_bids_select_own_or_owner on public.project_bids for select to authenticated
  using (designer_id = (select auth.uid()) or project_id in (select private.owned_project_ids()));
create policy project_bids_insert_subscribed_designer on public.project_bids for insert to authenticated
  with check (
    designer_id = (select auth.uid())
    and (select private.has_role('designer'))
    and (select private.has_active_subscription('designer'))
    and private.is_open_project(project_id)
  );

-- accept_bid(bid_id): the owner accepts one bid of a pending project; in one transaction the bid becomes
-- accepted, every other bid of the project rejected, the designer assigned and the project active.
create function public.accept_bid(bid_id uuid) returns public.projects
language plpgsql security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
  b public.project_bids;
  p public.projects;
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  select * into b from public.project_bids where id = bid_id;
  if not found then
    raise exception 'Bid not found' using errcode = '42501';
  end if;
  -- Lock the project: a second acceptance waits here and then sees the project active.
  select * into p from public.projects where id = b.project_id for update;
  if p.customer_id <> uid then
    raise exception 'Only the project owner can accept bids' using errcode = '42501';
  end if;
  if p.status <> 'pending' or p.designer_id is not null then
    raise exception 'This project is no longer pending' using errcode = '23514';
  end if;
  select * into b from public.project_bids where id = bid_id;
  if b.status <> 'pending' then
    raise exception 'This bid is no longer pending' using errcode = '23514';
  end if;
  update public.project_bids
     set status = case when id = b.id then 'accepted'::public.bid_status else 'rejected'::public.bid_status end
   where project_id = p.id;
  update public.projects set designer_id = b.designer_id, status = 'active' where id = p.id
  returning * into p;
  return p;
end $$;
revoke execute on function public.accept_bid(uuid) from public, anon;
grant execute on function public.accept_bid(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- project_items and the budget tracker total
-- ---------------------------------------------------------------------------------------------------------
create table public.project_items (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  name text not null check (char_length(btrim(name)) between 1 and 100),
  description text check (description is null or char_length(description) <= 500),
  cost numeric not null check (cost > 0 and cost < 10000000000 and cost = round(cost, 2)),
  added_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now()
);
create index project_items_project_id_created_at_idx on public.project_items (project_id, created_at desc);
create index project_items_added_by_idx on public.project_items (added_by);
-- Realtime DELETE events carry the whole old row (project_id included), so filtered feeds see deletions.
alter table public.project_items replica identity full;

-- Before an item goes in: lock the project (concurrent inserts queue here), then refuse it when a hard
-- budget would be exceeded. The lock is held to commit, so the next insert sees the new total.
create function private.check_item_budget() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  p public.projects;
begin
  select * into p from public.projects where id = new.project_id for update;
  if not found then
    raise exception 'Project not found' using errcode = '23503';
  end if;
  if p.budget_type = 'hard' and p.items_total + new.cost > p.budget then
    raise exception 'Cannot add item: Would exceed hard budget cap of $%', p.budget
      using errcode = '23514',
            detail = format('Items total %s + cost %s > budget %s', p.items_total, new.cost, p.budget);
  end if;
  return new;
end $$;
create trigger project_items_check_budget before insert on public.project_items
  for each row execute function private.check_item_budget();

create function private.maintain_items_total() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    update public.projects set items_total = items_total + new.cost where id = new.project_id;
  elsif tg_op = 'DELETE' then
    update public.projects set items_total = greatest(items_total - old.cost, 0) where id = old.project_id;
  end if;
  return null;
end $$;
create trigger project_items_maintain_total after insert or delete on public.project_items
  for each row execute function private.maintain_items_total();

revoke all on public.project_items from anon, authenticated;
grant select, delete on public.project_items to authenticated;
grant insert (project_id, name, description, cost, added_by) on public.project_items to authenticated;
grant select, insert, update, delete on public.project_items to service_role;
alter table public.project_items enable row level security;
create policy project_items_select_participants on public.project_items for select to authenticated
  using (project_id in (select private.participant_project_ids()));
create policy project_items_insert_participants on public.project_items for insert to authenticated
  with check (added_by = (select auth.uid()) and project_id in (select private.active_participant_project_ids()));
create policy project_items_delete_own on public.project_items for delete to authenticated
  using (added_by = (select auth.uid()) and project_id in (select private.active_participant_project_ids()));

-- ---------------------------------------------------------------------------------------------------------
-- messages
-- ---------------------------------------------------------------------------------------------------------
create table public.messages (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  sender_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  content text not null check (char_length(content) between 1 and 2000),
  created_at timestamptz not null default now()
);
create index messages_project_id_created_at_idx on public.messages (project_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);

-- SPEC §5: the message is trimmed, then 1 to 2000 characters.
create function private.trim_message() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.content := btrim(new.content, E' \t\r\n');
  return new;
end $$;
create trigger messages_trim before insert on public.messages
  for each row execute function private.trim_message();

revoke all on public.messages from anon, authenticated;
grant select on public.messages to authenticated;
grant insert (project_id, sender_id, content) on public.messages to authenticated;
grant select, insert, update, delete on public.messages to service_role;
alter table public.messages enable row level security;
create policy messages_select_participants on public.messages for select to authenticated
  using (project_id in (select private.participant_project_ids()));
create policy messages_insert_participants on public.messages for insert to authenticated
  with check (sender_id = (select auth.uid()) and project_id in (select private.participant_project_ids()));

-- ---------------------------------------------------------------------------------------------------------
-- project_photo_notes: one note per photo, written by the project owner (upsert on the primary key).
-- ---------------------------------------------------------------------------------------------------------
create table public.project_photo_notes (
  project_id uuid not null references public.projects (id) on delete cascade,
  photo_path text not null check (char_length(photo_path) between 1 and 500),
  note text not null default '' check (char_length(note) <= 1000),
  added_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, photo_path)
);
create index project_photo_notes_added_by_idx on public.project_photo_notes (added_by);
create trigger project_photo_notes_set_updated_at before update on public.project_photo_notes
  for each row execute function private.set_updated_at();

revoke all on public.project_photo_notes from anon, authenticated;
grant select, delete on public.project_photo_notes to authenticated;
grant insert (project_id, photo_path, note, added_by) on public.project_photo_notes to authenticated;
grant update (project_id, photo_path, note, added_by) on public.project_photo_notes to authenticated;
grant select, insert, update, delete on public.project_photo_notes to service_role;
alter table public.project_photo_notes enable row level security;
create policy project_photo_notes_select_participants on public.project_photo_notes for select to authenticated
  using (project_id in (select private.participant_project_ids()));
create policy project_photo_notes_insert_owner on public.project_photo_notes for insert to authenticated
  with check (added_by = (select auth.uid()) and project_id in (select private.owned_project_ids()));
create policy project_photo_notes_update_owner on public.project_photo_notes for update to authenticated
  using (project_id in (select private.owned_project_ids()))
  with check (added_by = (select auth.uid()) and project_id in (select private.owned_project_ids()));
create policy project_photo_notes_delete_owner on public.project_photo_notes for delete to authenticated
  using (project_id in (select private.owned_project_ids()));

-- ---------------------------------------------------------------------------------------------------------
-- reviews: one per project, by its customer, after completion, about the project's designer.
-- client_name is the reviewer's name at the time (public on the reviews page; profiles stay private).
-- ---------------------------------------------------------------------------------------------------------
create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  designer_id uuid not null,
  client_id uuid not null,
  client_name text,
  rating smallint not null default 5 check (rating between 1 and 5),
  comment text check (comment is null or char_length(comment) <= 1000),
  created_at timestamptz not null default now(),
  constraint reviews_project_id_key unique (project_id),
  constraint reviews_designer_id_fkey foreign key (designer_id) references public.profiles (id) on delete cascade,
  constraint reviews_client_id_fkey foreign key (client_id) references public.profiles (id) on delete cascade
);
create index reviews_designer_id_created_at_idx on public.reviews (designer_id, created_at desc);
create index reviews_client_id_idx on public.reviews (client_id);

create function private.can_review(pid uuid, did uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p
    where p.id = pid and p.customer_id = (select auth.uid()) and p.status = 'completed' and p.designer_id = did
  )
$$;
grant execute on function private.can_review(uuid, uuid) to authenticated, service_role;

create function private.review_client_name() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  select p.full_name into new.client_name from public.profiles p where p.id = new.client_id;
  return new;
end $$;
create trigger reviews_client_name before insert on public.reviews
  for each row execute function private.review_client_name();

revoke all on public.reviews from anon, authenticated;
grant select on public.reviews to authenticated;
grant insert (project_id, designer_id, client_id, rating, comment) on public.reviews to authenticated;
grant select, insert, update, delete on public.reviews to service_role;
alter table public.reviews enable row level security;
create policy reviews_select_signed_in on public.reviews for select to authenticated
  using (true);
create policy reviews_insert_customer_after_completion on public.reviews for insert to authenticated
  with check (client_id = (select auth.uid()) and private.can_review(project_id, designer_id));

-- ---------------------------------------------------------------------------------------------------------
-- designer_nudges: a subscribed customer invites a designer to one of their pending projects; the designer
-- accepts with a quote or declines, once.
-- ---------------------------------------------------------------------------------------------------------
create table public.designer_nudges (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null,
  designer_id uuid not null,
  project_id uuid not null references public.projects (id) on delete cascade,
  status public.nudge_status not null default 'pending',
  quote_amount numeric check (quote_amount is null or (quote_amount > 0 and quote_amount < 10000000000 and quote_amount = round(quote_amount, 2))),
  quote_message text check (quote_message is null or char_length(quote_message) <= 1000),
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  constraint designer_nudges_client_id_fkey foreign key (client_id) references public.profiles (id) on delete cascade,
  constraint designer_nudges_designer_id_fkey foreign key (designer_id) references public.profiles (id) on delete cascade,
  constraint designer_nudges_designer_id_project_id_key unique (designer_id, project_id),
  constraint designer_nudges_not_self check (client_id <> designer_id),
  constraint designer_nudges_accepted_has_quote check (status <> 'accepted' or quote_amount is not null)
);
create index designer_nudges_designer_id_created_at_idx on public.designer_nudges (designer_id, created_at desc);
create index designer_nudges_client_id_idx on public.designer_nudges (client_id);
create index designer_nudges_project_id_idx on public.designer_nudges (project_id);

create function private.nudge_responded() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    new.responded_at := now();
  end if;
  return new;
end $$;
create trigger designer_nudges_responded before update on public.designer_nudges
  for each row execute function private.nudge_responded();

create function private.is_pending_owned_project(pid uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1 from public.projects p where p.id = pid and p.customer_id = (select auth.uid()) and p.status = 'pending'
  )
$$;
grant execute on function private.is_pending_owned_project(uuid) to authenticated, service_role;

revoke all on public.designer_nudges from anon, authenticated;
grant select on public.designer_nudges to authenticated;
grant insert (client_id, designer_id, project_id, status) on public.designer_nudges to authenticated;
grant update (status, quote_amount, quote_message) on public.designer_nudges to authenticated;
grant select, insert, update, delete on public.designer_nudges to service_role;
alter table public.designer_nudges enable row level security;
create policy designer_nudges_select_parties on public.designer_nudges for select to authenticated
  using (designer_id = (select auth.uid()) or client_id = (select auth.uid()));
create policy designer_nudges_insert_subscribed_customer on public.designer_nudges for insert to authenticated
  with check (
    client_id = (select auth.uid())
    and status = 'pending'
    and (select private.has_role('customer'))
    and (select private.has_active_subscription('client'))
    and private.is_pending_owned_project(project_id)
    and private.is_designer(designer_id)
  );
create policy designer_nudges_update_designer_pending on public.designer_nudges for update to authenticated
  using (designer_id = (select auth.uid()) and status = 'pending')
  with check (designer_id = (select auth.uid()) and status in ('accepted', 'declined'));

-- ---------------------------------------------------------------------------------------------------------
-- profiles select: yourself and the people you share a project, bid or nudge with.
-- ---------------------------------------------------------------------------------------------------------
create function private.related_user_ids() returns setof uuid
language sql stable security definer set search_path = '' as $$
  with me as (select (select auth.uid()) as id)
  select p.designer_id from public.projects p, me where p.customer_id = me.id and p.designer_id is not null
  union
  select p.customer_id from public.projects p, me where p.designer_id = me.id
  union
  select b.designer_id from public.project_bids b join public.projects p on p.id = b.project_id, me where p.customer_id = me.id
  union
  select p.customer_id from public.project_bids b join public.projects p on p.id = b.project_id, me where b.designer_id = me.id
  union
  select n.designer_id from public.designer_nudges n, me where n.client_id = me.id
  union
  select n.client_id from public.designer_nudges n, me where n.designer_id = me.id
$$;
grant execute on function private.related_user_ids() to authenticated, service_role;

create policy profiles_select_self_or_related on public.profiles for select to authenticated
  using (id = (select auth.uid()) or id in (select private.related_user_ids()));
