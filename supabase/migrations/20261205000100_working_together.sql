-- Working together on a room (docs/working-together.md; ADR 0035): photos in both kinds of conversation, who has
-- read how far (Seen, unread counts), who may join a conversation's private Realtime channel (typing, online), and
-- the selection board, where the designer proposes pieces and outside finds and the customer approves, declines or
-- asks for an alternative.
--
-- What is reused rather than restated: a photo's existence check is private.check_folder_photos (buyer
-- protection); a piece's hold on the board is taken by the same rules as 'Add to project' (the rules moved, once,
-- into private.check_catalog_hold and private.take_catalog_hold, which add_catalog_item_to_project now calls); an
-- approval adds its item through add_catalog_item_to_project (a piece) or a plain insert (a find), so the hard cap
-- is the project_items budget trigger's, with its own message, and a refusal rolls everything back.
--
-- Locks: every board function locks the project's row first (as 'Add to project' and the budget trigger do), then
-- the proposal, then the piece; two approvals at once run one after the other and the second finds the proposal
-- approved.

-- ---------------------------------------------------------------------------------------------------------
-- 1. Photos in messages
-- ---------------------------------------------------------------------------------------------------------
-- The private bucket of message photos (docs/decisions/0003-storage-buckets-and-listing.md): 'project/<project
-- id>/<file>' for a project's messages, 'piece/<listing conversation id>/<file>' for a piece conversation.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('message-photos', 'message-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']);

-- A message may be photos only: its text is then empty. Otherwise 1 to 2000 characters, as before.
alter table public.messages add column photos text[] not null default '{}';
alter table public.messages alter column content set default '';
alter table public.messages drop constraint messages_content_check;
alter table public.messages add constraint messages_content_check
  check (char_length(content) <= 2000 and (char_length(content) >= 1 or cardinality(photos) >= 1));
alter table public.messages add constraint messages_photos_check check (cardinality(photos) <= 6);
comment on column public.messages.photos is
  'Up to 6 paths in the private bucket message-photos, each ''project/<project id>/<file>'' and uploaded before the message.';

alter table public.listing_messages add column photos text[] not null default '{}';
alter table public.listing_messages alter column body set default '';
alter table public.listing_messages drop constraint listing_messages_body_check;
alter table public.listing_messages add constraint listing_messages_body_check
  check (char_length(body) <= 2000 and (char_length(body) >= 1 or cardinality(photos) >= 1));
alter table public.listing_messages add constraint listing_messages_photos_check check (cardinality(photos) <= 6);
comment on column public.listing_messages.photos is
  'Up to 6 paths in the private bucket message-photos, each ''piece/<conversation id>/<file>'' and uploaded before the message.';

grant insert (photos) on public.messages to authenticated;
grant insert (photos) on public.listing_messages to authenticated;

-- The photo check with a folder of any depth ('project/<id>'). The one-segment form (a uuid folder: orders,
-- milestones) is the same rule and now calls this one.
create function private.check_folder_photos(p_bucket text, p_folder text, p_photos text[]) returns text[]
language plpgsql stable security definer set search_path = '' as $$
declare
  path text;
begin
  p_photos := coalesce(p_photos, '{}');
  if cardinality(p_photos) > 6 then
    raise exception 'Add at most 6 photos' using errcode = '23514';
  end if;
  foreach path in array p_photos loop
    if path is null or p_folder is null or left(path, char_length(p_folder) + 1) <> p_folder || '/'
       or not exists (select 1 from storage.objects o where o.bucket_id = p_bucket and o.name = path) then
      raise exception 'A photo was not found: upload it again' using errcode = '23514';
    end if;
  end loop;
  return p_photos;
end $$;

create or replace function private.check_folder_photos(p_bucket text, p_folder uuid, p_photos text[]) returns text[]
language sql stable security definer set search_path = '' as $$
  select private.check_folder_photos(p_bucket, p_folder::text, p_photos)
$$;

-- A message's text and photos, before it goes in (the text trimmed first, as before): at most 6 photos, each in
-- the conversation's folder and uploaded; text or photos, one of the two.
create function private.check_message_photos(p_text text, p_photos text[], p_folder text) returns text[]
language plpgsql stable security definer set search_path = '' as $$
begin
  p_photos := coalesce(p_photos, '{}');
  if cardinality(p_photos) > 6 then
    raise exception 'Add at most 6 photos to a message' using errcode = '23514';
  end if;
  if coalesce(p_text, '') = '' and cardinality(p_photos) = 0 then
    raise exception 'Write a message or add a photo' using errcode = '23514';
  end if;
  if cardinality(p_photos) > 0 then
    perform private.check_folder_photos('message-photos', p_folder, p_photos);
  end if;
  return p_photos;
end $$;

-- Restated from 20261122000200_projects.sql (the trim) with the photos' check after it.
create or replace function private.trim_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.content := btrim(coalesce(new.content, ''), E' \t\r\n');
  new.photos := private.check_message_photos(new.content, new.photos, 'project/' || new.project_id);
  return new;
end $$;

-- Restated from 20261128000100_market.sql (the trim) with the photos' check after it.
create or replace function private.listing_message_before() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.body := btrim(coalesce(new.body, ''), E' \t\r\n');
  new.photos := private.check_message_photos(new.body, new.photos, 'piece/' || new.conversation_id);
  return new;
end $$;

-- What a photos-only message's notification says: 'sent a photo', 'sent 3 photos'.
create function private.photos_phrase(n integer) returns text
language sql immutable set search_path = '' as $$
  select case when n = 1 then 'a photo' else n || ' photos' end
$$;

-- Restated from 20261127000300_message_notification_cost.sql: a photos-only message says what came
-- ('Maya sent 2 photos about "…"', no body); a message with text reads as before. data.photos: how many, if any.
create or replace function private.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.notifications (user_id, kind, project_id, actor_id, title, body, link, data)
  select r.recipient, 'message_received', p.id, new.sender_id,
         -- private.clip(…, 200) and (…, 500), written out: a function call per row is what that migration saved.
         case when char_length(t.title) <= 200 then t.title else left(t.title, 199) || '…' end,
         nullif(case when char_length(new.content) <= 200 then new.content else left(new.content, 199) || '…' end, ''),
         '/project/' || p.id,
         jsonb_build_object('message_id', new.id)
           || case when cardinality(new.photos) > 0 then jsonb_build_object('photos', cardinality(new.photos))
                   else '{}'::jsonb end
    from public.projects p
    cross join lateral (values (p.customer_id), (p.designer_id)) as r (recipient)
    left join public.profiles s on s.id = new.sender_id
    cross join lateral (
      select case when new.content = ''
        then format('%s sent %s about "%s"', coalesce(nullif(btrim(s.full_name), ''), 'Someone'),
                    private.photos_phrase(cardinality(new.photos)), p.title)
        else format('%s sent you a message about "%s"', coalesce(nullif(btrim(s.full_name), ''), 'Someone'), p.title)
      end
    ) as t (title)
   where p.id = new.project_id
     and r.recipient is not null
     and r.recipient is distinct from new.sender_id;
  return null;
end $$;

-- Restated from 20261128000100_market.sql, as the project messages' notification above.
create or replace function private.notify_listing_message() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  c public.listing_conversations;
  piece text;
begin
  select * into c from public.listing_conversations x where x.id = new.conversation_id;
  piece := (select i.title from public.catalog_items i where i.id = c.catalog_item_id);
  perform private.notify(
    case when new.sender_id = c.buyer_id then c.seller_id else c.buyer_id end, 'listing_message', null, new.sender_id,
    case when new.body = ''
      then format('%s sent %s about "%s"', private.person_name(new.sender_id, 'Someone'),
                  private.photos_phrase(cardinality(new.photos)), piece)
      else format('%s sent a message about "%s"', private.person_name(new.sender_id, 'Someone'), piece) end,
    new.body, '/good-stuff/' || c.catalog_item_id,
    jsonb_build_object('conversation_id', c.id, 'catalog_item_id', c.catalog_item_id)
      || case when cardinality(new.photos) > 0 then jsonb_build_object('photos', cardinality(new.photos))
              else '{}'::jsonb end);
  return null;
end $$;

-- The conversations whose folders the caller may use: 'project/<id>' of their projects, 'piece/<id>' of their
-- piece conversations.
create function private.message_photo_folders() returns setof text
language sql stable security definer set search_path = '' as $$
  select 'project/' || x from private.participant_project_ids() x
  union all
  select 'piece/' || x from private.listing_conversation_ids() x
$$;

-- Storage: the conversation's people upload and read its folder, operators read all (a reported message's
-- photos); nobody overwrites; the uploader removes their own.
-- A message Good Space removes (docs/trust-and-safety.md, "Hiding") loses its photos with its text: they move here
-- when hidden_at is set and come back when it is cleared (private.hide_content and private.restore_content only
-- change the text; the trigger below follows hidden_at whoever sets it). Their files stay for operators.
create table private.hidden_message_photos (
  message_id uuid primary key,
  photos text[] not null
);
revoke all on table private.hidden_message_photos from public, anon, authenticated;
create index hidden_message_photos_photos_idx on private.hidden_message_photos using gin (photos);

create function private.message_photo_hidden(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from private.hidden_message_photos h where h.photos @> array[p_name])
$$;
revoke all on function private.message_photo_hidden(text) from public, anon;
grant execute on function private.message_photo_hidden(text) to authenticated, service_role;

create function private.hide_message_photos() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.hidden_at is not null and old.hidden_at is null and cardinality(new.photos) > 0 then
    insert into private.hidden_message_photos (message_id, photos) values (new.id, new.photos)
    on conflict (message_id) do update set photos = excluded.photos;
    new.photos := '{}';
  elsif new.hidden_at is null and old.hidden_at is not null then
    delete from private.hidden_message_photos h where h.message_id = new.id returning h.photos into new.photos;
    new.photos := coalesce(new.photos, '{}');
  end if;
  return new;
end $$;
revoke all on function private.hide_message_photos() from public, anon, authenticated;
create trigger messages_hide_photos before update of hidden_at on public.messages
  for each row execute function private.hide_message_photos();
create trigger listing_messages_hide_photos before update of hidden_at on public.listing_messages
  for each row execute function private.hide_message_photos();

create policy "message-photos: conversation's people upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'message-photos'
              and array_to_string((storage.foldername(name))[1:2], '/') in (select private.message_photo_folders()));
-- Photos of a message Good Space removed are read by operators only (private.hidden_message_photos, below).
create policy "message-photos: conversation's people or operators read" on storage.objects for select to authenticated
  using (bucket_id = 'message-photos'
         and ((array_to_string((storage.foldername(name))[1:2], '/') in (select private.message_photo_folders())
               and not private.message_photo_hidden(name))
              or (select private.is_operator())));
create policy "message-photos: uploader deletes own" on storage.objects for delete to authenticated
  using (bucket_id = 'message-photos' and owner_id = (select auth.uid())::text
         and array_to_string((storage.foldername(name))[1:2], '/') in (select private.message_photo_folders()));

-- ---------------------------------------------------------------------------------------------------------
-- 2. Read state: how far each person has read each conversation (Seen, unread counts)
-- ---------------------------------------------------------------------------------------------------------
create table public.conversation_reads (
  user_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('project', 'piece')),
  -- The project's id (its messages) or the listing conversation's id.
  conversation_id uuid not null,
  last_read_at timestamptz not null default now(),
  primary key (user_id, kind, conversation_id)
);
comment on table public.conversation_reads is
  'How far each person has read a conversation (docs/working-together.md): written only by mark_conversation_read; read by the conversation''s people, so the other''s Seen shows.';
-- The other person's row of a conversation (Seen), and a conversation's rows when it goes.
create index conversation_reads_kind_conversation_id_idx on public.conversation_reads (kind, conversation_id);

-- The conversations the caller takes part in, by kind (the policy and the functions).
create function private.is_conversation_person(p_kind text, p_conversation uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select case p_kind
    when 'project' then exists (select 1 from public.projects p where p.id = p_conversation
                                   and (select auth.uid()) in (p.customer_id, p.designer_id))
    when 'piece' then exists (select 1 from public.listing_conversations c where c.id = p_conversation
                                 and (select auth.uid()) in (c.buyer_id, c.seller_id))
    else false end
$$;

alter table public.conversation_reads enable row level security;
create policy conversation_reads_select_people on public.conversation_reads for select to authenticated
  using ((kind = 'project' and conversation_id in (select private.participant_project_ids()))
         or (kind = 'piece' and conversation_id in (select private.listing_conversation_ids())));
create policy "two-factor users need aal2" on public.conversation_reads as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on public.conversation_reads from anon, authenticated;
grant select on public.conversation_reads to authenticated;
grant select, insert, update, delete on public.conversation_reads to service_role;

-- A conversation going takes its read rows along (no foreign key can name two tables).
create function private.forget_conversation_reads() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  delete from public.conversation_reads r
   where r.kind = tg_argv[0] and r.conversation_id = old.id;
  return null;
end $$;
create trigger projects_forget_reads after delete on public.projects
  for each row execute function private.forget_conversation_reads('project');
create trigger listing_conversations_forget_reads after delete on public.listing_conversations
  for each row execute function private.forget_conversation_reads('piece');

-- The caller has read the conversation up to now (never backwards). Its people only.
create function public.mark_conversation_read(kind text, conversation_id uuid) returns public.conversation_reads
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  r public.conversation_reads;
begin
  if kind is null or kind not in ('project', 'piece') then
    raise exception 'A conversation is a project''s or a piece''s' using errcode = '23514';
  end if;
  if me is null or not private.is_conversation_person(kind, conversation_id) then
    raise exception 'Conversation not found' using errcode = 'P0002';
  end if;
  insert into public.conversation_reads as x (user_id, kind, conversation_id, last_read_at)
  values (me, kind, conversation_id, now())
  on conflict on constraint conversation_reads_pkey
    do update set last_read_at = greatest(x.last_read_at, excluded.last_read_at)
  returning * into r;
  return r;
end $$;

-- The caller's conversations with messages from the other person after the caller's last read (none read yet:
-- all of them), and how many.
create function public.unread_counts()
returns table (kind text, conversation_id uuid, unread integer)
language sql stable security definer set search_path = '' as $$
  select 'project'::text, m.project_id, count(*)::integer
    from public.messages m
    left join public.conversation_reads r
      on r.user_id = (select auth.uid()) and r.kind = 'project' and r.conversation_id = m.project_id
   where m.project_id in (select private.participant_project_ids())
     and m.sender_id <> (select auth.uid())
     and m.created_at > coalesce(r.last_read_at, '-infinity')
   group by m.project_id
  union all
  select 'piece'::text, m.conversation_id, count(*)::integer
    from public.listing_messages m
    left join public.conversation_reads r
      on r.user_id = (select auth.uid()) and r.kind = 'piece' and r.conversation_id = m.conversation_id
   where m.conversation_id in (select private.listing_conversation_ids())
     and m.sender_id <> (select auth.uid())
     and m.created_at > coalesce(r.last_read_at, '-infinity')
   group by m.conversation_id
$$;

-- ---------------------------------------------------------------------------------------------------------
-- 3. Holds: the rules of 'Add to project', now shared with the selection board
-- ---------------------------------------------------------------------------------------------------------
-- A hold belongs to a project's item ('Add to project') or to a proposal on its selection board.
alter table private.catalog_holds alter column project_item_id drop not null;

-- Whether the project (locked by the caller) may hold the piece now, by 'Add to project''s rules
-- (20261130000300_limits.sql): the piece locked and available, reserved only for the project's people, not held
-- for another project nor already by this one, at most 10 live holds per project, and the end of the project's
-- earlier hold of the piece kept. Returns the piece's title, photo and dimensions, the price an item records (an
-- agreed offer's when lower), and the hold's end.
create function private.check_catalog_hold(p public.projects, item_id uuid,
                                           out title text, out photo text, out dimensions text, out cost numeric,
                                           out hold_end timestamptz, out earlier timestamptz)
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  piece public.catalog_items;
  h private.catalog_holds;
  agreed numeric;
  live_holds integer;
begin
  piece := private.lock_catalog_item(item_id);
  if piece.status <> 'available' then
    raise exception 'This piece is no longer available' using errcode = '55000';
  end if;
  -- The accepted, unreserved-yet-unlapsed offer of the project's customer or designer, if any: its price.
  select coalesce(o.counter_amount, o.amount) into agreed
    from public.offers o
   where o.catalog_item_id = item_id and o.status = 'accepted' and o.reserved_until > now()
     and o.buyer_id in (p.customer_id, p.designer_id)
   order by o.updated_at desc
   limit 1;
  if piece.reserved_until > now() and agreed is null then
    raise exception 'This piece is reserved' using errcode = '55000';
  end if;
  select * into h from private.catalog_holds x where x.catalog_item_id = item_id;
  if found and h.held_until > now() then
    if h.project_id = p.id and h.board_proposal_id is not null then
      raise exception 'This piece is already on this project''s selection board' using errcode = '23505';
    end if;
    if h.project_id = p.id then
      raise exception 'This piece is already in this project' using errcode = '23505';
    end if;
    raise exception 'This piece is held for another project' using errcode = '55000';
  end if;
  -- This project's earlier hold of the piece, if it ended less than 7 days ago (or has not ended): its end stays.
  delete from private.catalog_hold_history x
   where x.project_id = p.id and x.held_until <= now() - interval '7 days';
  select x.held_until into earlier from private.catalog_hold_history x
   where x.project_id = p.id and x.catalog_item_id = item_id;
  hold_end := coalesce(earlier, now() + interval '7 days');
  if hold_end > now() then
    select count(*) into live_holds from private.catalog_holds x
     where x.project_id = p.id and x.held_until > now();
    if live_holds >= 10 then
      raise exception 'This project already holds 10 pieces, the most a project can hold at once. Remove one from its items, or wait for a hold to end, to add another.'
        using errcode = 'P0001';
    end if;
  end if;
  -- The agreed price, unless the seller has since lowered the list price below it (what Buy Now charges too).
  cost := least(agreed, piece.price);
  title := piece.title;
  photo := coalesce(piece.photo_urls[1], piece.image_url);
  dimensions := piece.dimensions;
end $$;

-- The hold itself, for an item or a proposal (exactly one), after private.check_catalog_hold.
create function private.take_catalog_hold(p_project uuid, p_item uuid, p_hold_end timestamptz, p_earlier timestamptz,
                                          p_project_item uuid, p_proposal uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if p_hold_end <= now() then
    return;
  end if;
  insert into private.catalog_holds (catalog_item_id, project_id, project_item_id, board_proposal_id, held_until)
  values (p_item, p_project, p_project_item, p_proposal, p_hold_end)
  on conflict (catalog_item_id) do update
    set project_id = excluded.project_id, project_item_id = excluded.project_item_id,
        board_proposal_id = excluded.board_proposal_id, held_until = excluded.held_until;
  update public.catalog_items set held_until = p_hold_end where id = p_item;
  if p_earlier is null then
    insert into private.catalog_hold_history (project_id, catalog_item_id, held_until)
    values (p_project, p_item, p_hold_end)
    on conflict on constraint catalog_hold_history_pkey do update set held_until = excluded.held_until;
  end if;
end $$;

-- Restated from 20261130000300_limits.sql; what changes: nothing of its rules, which now live in the two functions
-- above.
create or replace function public.add_catalog_item_to_project(project_id uuid, item_id uuid) returns public.project_items
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  p public.projects;
  chk record;
  item public.project_items;
begin
  select * into p from public.projects x where x.id = project_id;
  if not found or me is null or (me is distinct from p.customer_id and me is distinct from p.designer_id) then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  -- The project's holds are counted under its row lock (taken before the piece's, the order a project's deletion
  -- takes them in): the 11th of two racing adds waits for the 10th and sees it.
  select * into p from public.projects x where x.id = project_id for no key update;
  if p.status <> 'active' then
    raise exception 'Pieces can be added to active projects only' using errcode = '55000';
  end if;
  select * into chk from private.check_catalog_hold(p, item_id);
  insert into public.project_items (project_id, name, description, cost, added_by, catalog_item_id)
  values (project_id, left(chk.title, 100), private.clip('Good Stuff: ' || chk.title, 500), chk.cost,
          me, item_id)
  returning * into item;
  perform private.take_catalog_hold(project_id, item_id, chk.hold_end, chk.earlier, item.id, null);
  return item;
end $$;
revoke execute on function public.add_catalog_item_to_project(uuid, uuid) from public, anon;
grant execute on function public.add_catalog_item_to_project(uuid, uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 4. The selection board
-- ---------------------------------------------------------------------------------------------------------
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('board-photos', 'board-photos', false, 5242880, array['image/jpeg', 'image/png', 'image/webp']);

create table public.board_proposals (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  designer_id uuid not null references public.profiles (id) on delete cascade,
  customer_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('piece', 'find')),
  -- A piece's: kept when the piece goes (the proposal keeps its title, price and photo).
  catalog_item_id uuid references public.catalog_items (id) on delete set null,
  title text not null check (char_length(title) between 1 and 200),
  price numeric(12, 2) not null check (price > 0),
  -- A piece: its photo's URL. A find: '<project id>/<file>' in the private bucket board-photos.
  photo text check (char_length(photo) between 1 and 2000),
  store text check (char_length(store) between 1 and 200),
  link text check (char_length(link) <= 2000 and link ~ '^https://[^[:space:]]+$'),
  dimensions text check (char_length(dimensions) between 1 and 200),
  room text not null check (char_length(room) between 1 and 60),
  note text check (char_length(note) between 1 and 1000),
  status text not null default 'proposed'
    check (status in ('proposed', 'approved', 'declined', 'alternative', 'withdrawn')),
  decline_reason text check (char_length(decline_reason) between 1 and 1000),
  alternative_note text check (char_length(alternative_note) between 1 and 1000),
  decided_at timestamptz,
  project_item_id uuid references public.project_items (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'proposed') = (decided_at is null)),
  check (status = 'declined' or decline_reason is null),
  check (status = 'alternative' or alternative_note is null),
  check (status = 'approved' or project_item_id is null)
);
comment on table public.board_proposals is
  'The selection board (docs/working-together.md): pieces and outside finds the designer proposes, the customer approves, declines or asks an alternative for. Written only by the board''s functions.';
create index board_proposals_project_id_created_at_idx on public.board_proposals (project_id, created_at desc);
create index board_proposals_designer_id_idx on public.board_proposals (designer_id);
create index board_proposals_customer_id_idx on public.board_proposals (customer_id);
create index board_proposals_catalog_item_id_idx on public.board_proposals (catalog_item_id);
create index board_proposals_project_item_id_idx on public.board_proposals (project_item_id);
create trigger board_proposals_set_updated_at before update on public.board_proposals
  for each row execute function private.set_updated_at();

alter table private.catalog_holds
  add column board_proposal_id uuid references public.board_proposals (id) on delete cascade,
  add constraint catalog_holds_one_holder check (num_nonnulls(project_item_id, board_proposal_id) = 1);
create index catalog_holds_board_proposal_id_idx on private.catalog_holds (board_proposal_id);

alter table public.board_proposals enable row level security;
create policy board_proposals_select_people on public.board_proposals for select to authenticated
  using (project_id in (select private.participant_project_ids()) or (select private.is_operator()));
create policy "two-factor users need aal2" on public.board_proposals as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
revoke all on public.board_proposals from anon, authenticated;
grant select on public.board_proposals to authenticated;
grant select, insert, update, delete on public.board_proposals to service_role;

-- The board and the read state are live (Realtime applies the select policies per subscriber).
alter publication supabase_realtime add table public.board_proposals, public.conversation_reads;

-- Storage: board-photos, '<project id>/<file>'. The project's customer and designer upload and read it, operators
-- read all; nobody overwrites; the uploader removes their own.
create policy "board-photos: participants upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'board-photos'
              and (storage.foldername(name))[1] in (select private.participant_project_folders()));
create policy "board-photos: participants or operators read" on storage.objects for select to authenticated
  using (bucket_id = 'board-photos'
         and ((storage.foldername(name))[1] in (select private.participant_project_folders())
              or (select private.is_operator())));
create policy "board-photos: uploader deletes own" on storage.objects for delete to authenticated
  using (bucket_id = 'board-photos' and owner_id = (select auth.uid())::text
         and (storage.foldername(name))[1] in (select private.participant_project_folders()));

-- A proposal's piece let go (declined, alternative asked, withdrawn, or the proposal gone). The project's hold
-- history keeps the hold's end, so proposing the piece again within 7 days does not renew it.
create function private.release_proposal_hold(p_proposal uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  released uuid;
begin
  delete from private.catalog_holds h where h.board_proposal_id = p_proposal returning h.catalog_item_id into released;
  if released is not null then
    update public.catalog_items set held_until = null where id = released;
  end if;
end $$;

create function private.release_proposal_hold_on_delete() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.release_proposal_hold(old.id);
  return old;
end $$;
create trigger board_proposals_release_hold before delete on public.board_proposals
  for each row execute function private.release_proposal_hold_on_delete();

-- One notification about the board; its link opens the project's board.
create function private.notify_board(b public.board_proposals, recipient uuid, kind text, actor uuid, title text,
                                     body text) returns void
language plpgsql security definer set search_path = '' as $$
begin
  perform private.notify(recipient, kind, b.project_id, actor, title, body, '/project/' || b.project_id || '#board',
                         jsonb_build_object('proposal_id', b.id, 'price', b.price, 'catalog_item_id', b.catalog_item_id));
end $$;

-- The project locked, then the proposal, for one of its people; 'Proposal not found' for anyone else.
create function private.lock_proposal(p_proposal uuid) returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  pid uuid := (select x.project_id from public.board_proposals x where x.id = p_proposal);
  p public.projects;
  b public.board_proposals;
begin
  select * into p from public.projects x where x.id = pid for no key update;
  if not found or me is null or me not in (p.customer_id, p.designer_id) then
    raise exception 'Proposal not found' using errcode = 'P0002';
  end if;
  select * into b from public.board_proposals x where x.id = p_proposal for update;
  if not found then
    raise exception 'Proposal not found' using errcode = 'P0002';
  end if;
  return b;
end $$;

-- Why a proposal cannot move, for people.
create function private.proposal_refuse_state(b public.board_proposals) returns void
language plpgsql stable set search_path = '' as $$
begin
  raise exception '%', case b.status
      when 'approved' then 'This proposal was already approved.'
      when 'declined' then 'This proposal was already declined.'
      when 'alternative' then 'An alternative was already asked for this proposal.'
      else 'This proposal was withdrawn.' end
    using errcode = '55000';
end $$;

-- Text as the board stores it: trimmed, and null when empty.
create function private.board_text(value text) returns text
language sql immutable set search_path = '' as $$
  select nullif(btrim(value, E' \t\r\n'), '')
$$;

-- The designer proposes a Good Stuff piece (its title, price, photo and dimensions are the piece's, and it is held
-- for the project as 'Add to project' holds it) or an outside find (title, price, an optional photo uploaded to
-- board-photos/<project id>/, store, link, dimensions). The customer is told.
create function public.propose_board_item(project_id uuid, room text, catalog_item_id uuid default null,
                                          title text default null, price numeric default null,
                                          photo text default null, store text default null, link text default null,
                                          dimensions text default null, note text default null)
returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  p public.projects;
  chk record;
  b public.board_proposals;
begin
  select * into p from public.projects x where x.id = project_id;
  if not found or me is null or me not in (p.customer_id, p.designer_id) then
    raise exception 'Project not found' using errcode = 'P0002';
  end if;
  if me is distinct from p.designer_id then
    raise exception 'Only the project''s designer proposes pieces' using errcode = '42501';
  end if;
  select * into p from public.projects x where x.id = project_id for no key update;
  if p.status <> 'active' then
    raise exception 'Pieces can be proposed on active projects only' using errcode = '55000';
  end if;
  room := private.board_text(room);
  note := private.board_text(note);
  dimensions := private.board_text(dimensions);
  if room is null or char_length(room) > 60 then
    raise exception 'Say which room it is for (1 to 60 characters)' using errcode = '23514';
  end if;
  if char_length(note) > 1000 then
    raise exception 'Keep the note to 1000 characters' using errcode = '23514';
  end if;
  if char_length(dimensions) > 200 then
    raise exception 'Keep the dimensions to 200 characters' using errcode = '23514';
  end if;
  perform private.take_rate('board_proposal');

  if catalog_item_id is not null then
    if private.board_text(title) is not null or price is not null or private.board_text(photo) is not null
       or private.board_text(store) is not null or private.board_text(link) is not null then
      raise exception 'A Good Stuff piece brings its own title, price and photo' using errcode = '23514';
    end if;
    select * into chk from private.check_catalog_hold(p, catalog_item_id);
    insert into public.board_proposals (project_id, designer_id, customer_id, kind, catalog_item_id, title, price,
                                        photo, dimensions, room, note)
    values (p.id, me, p.customer_id, 'piece', catalog_item_id, left(chk.title, 200), chk.cost, chk.photo,
            coalesce(dimensions, private.board_text(chk.dimensions)), room, note)
    returning * into b;
    perform private.take_catalog_hold(p.id, catalog_item_id, chk.hold_end, chk.earlier, null, b.id);
  else
    title := private.board_text(title);
    photo := private.board_text(photo);
    store := private.board_text(store);
    link := private.board_text(link);
    if title is null or char_length(title) > 200 then
      raise exception 'Give the find a title (1 to 200 characters)' using errcode = '23514';
    end if;
    if price is null or price <= 0 or price <> round(price, 2) or price >= 10000000000 then
      raise exception 'Give the find a price above $0, in dollars and cents' using errcode = '23514';
    end if;
    if char_length(store) > 200 then
      raise exception 'Keep the store''s name to 200 characters' using errcode = '23514';
    end if;
    if link is not null and (char_length(link) > 2000 or link !~ '^https://[^[:space:]]+$') then
      raise exception 'The link must be a web address starting with https:// (up to 2000 characters)'
        using errcode = '23514';
    end if;
    if photo is not null then
      perform private.check_folder_photos('board-photos', p.id, array[photo]);
    end if;
    insert into public.board_proposals (project_id, designer_id, customer_id, kind, title, price, photo, store, link,
                                        dimensions, room, note)
    values (p.id, me, p.customer_id, 'find', title, price, photo, store, link, dimensions, room, note)
    returning * into b;
  end if;
  perform private.notify_board(b, p.customer_id, 'board_proposed', me,
    format('%s proposed "%s" (%s) for the %s', private.person_name(me, 'Your designer'), b.title,
           private.money(b.price), b.room),
    b.note);
  return b;
end $$;

-- The customer approves: the item is added to the project at the proposal's price (a piece through 'Add to
-- project', keeping its hold's end; its price is the one 'Add to project' records). Over a hard cap the budget's
-- trigger refuses with its own message and nothing changes.
create function public.approve_board_item(proposal_id uuid) returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  b public.board_proposals := private.lock_proposal(proposal_id);
  p public.projects := (select x from public.projects x where x.id = b.project_id);
  item public.project_items;
begin
  if me is distinct from p.customer_id then
    raise exception 'Only the customer approves proposals' using errcode = '42501';
  end if;
  if b.status <> 'proposed' then
    perform private.proposal_refuse_state(b);
  end if;
  if p.status <> 'active' then
    raise exception 'Pieces can be approved on active projects only' using errcode = '55000';
  end if;
  if b.kind = 'piece' then
    if b.catalog_item_id is null then
      raise exception 'This piece is no longer available' using errcode = '55000';
    end if;
    -- The proposal's hold becomes the item's (its end kept through the project's hold history).
    perform private.release_proposal_hold(b.id);
    item := public.add_catalog_item_to_project(p.id, b.catalog_item_id);
  else
    insert into public.project_items (project_id, name, description, cost, added_by)
    values (p.id, left(b.title, 100),
            private.clip(concat_ws(' · ', 'From the selection board', b.store, b.dimensions, b.link), 500),
            b.price, me)
    returning * into item;
  end if;
  update public.board_proposals x
     set status = 'approved', decided_at = now(), project_item_id = item.id, price = item.cost
   where x.id = b.id returning * into b;
  perform private.notify_board(b, b.designer_id, 'board_approved', me,
    format('%s approved "%s" (%s)', private.person_name(me, 'Your customer'), b.title, private.money(b.price)),
    'It is now one of the project''s items.');
  return b;
end $$;

-- The customer declines, saying why; a piece is let go.
create function public.decline_board_item(proposal_id uuid, reason text) returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  b public.board_proposals := private.lock_proposal(proposal_id);
  customer uuid := (select x.customer_id from public.projects x where x.id = b.project_id);
begin
  if me is distinct from customer then
    raise exception 'Only the customer declines proposals' using errcode = '42501';
  end if;
  if b.status <> 'proposed' then
    perform private.proposal_refuse_state(b);
  end if;
  reason := private.board_text(reason);
  if reason is null or char_length(reason) > 1000 then
    raise exception 'Say why you decline it (1 to 1000 characters)' using errcode = '23514';
  end if;
  perform private.release_proposal_hold(b.id);
  update public.board_proposals x set status = 'declined', decided_at = now(), decline_reason = reason
   where x.id = b.id returning * into b;
  perform private.notify_board(b, b.designer_id, 'board_declined', me,
    format('%s declined "%s"', private.person_name(me, 'Your customer'), b.title), reason);
  return b;
end $$;

-- The customer asks for something else instead (with an optional note); a piece is let go.
create function public.ask_board_alternative(proposal_id uuid, note text default null) returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
#variable_conflict use_variable
declare
  me uuid := (select auth.uid());
  b public.board_proposals := private.lock_proposal(proposal_id);
  customer uuid := (select x.customer_id from public.projects x where x.id = b.project_id);
begin
  if me is distinct from customer then
    raise exception 'Only the customer asks for an alternative' using errcode = '42501';
  end if;
  if b.status <> 'proposed' then
    perform private.proposal_refuse_state(b);
  end if;
  note := private.board_text(note);
  if char_length(note) > 1000 then
    raise exception 'Keep the note to 1000 characters' using errcode = '23514';
  end if;
  perform private.release_proposal_hold(b.id);
  update public.board_proposals x set status = 'alternative', decided_at = now(), alternative_note = note
   where x.id = b.id returning * into b;
  perform private.notify_board(b, b.designer_id, 'board_alternative', me,
    format('%s asked for an alternative to "%s"', private.person_name(me, 'Your customer'), b.title), note);
  return b;
end $$;

-- The designer takes a proposal back before the customer decides; a piece is let go.
create function public.withdraw_board_item(proposal_id uuid) returns public.board_proposals
language plpgsql volatile security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  b public.board_proposals := private.lock_proposal(proposal_id);
  customer uuid := (select x.customer_id from public.projects x where x.id = b.project_id);
begin
  if me is distinct from b.designer_id then
    raise exception 'Only the designer who proposed it withdraws a proposal' using errcode = '42501';
  end if;
  if b.status <> 'proposed' then
    perform private.proposal_refuse_state(b);
  end if;
  perform private.release_proposal_hold(b.id);
  update public.board_proposals x set status = 'withdrawn', decided_at = now()
   where x.id = b.id returning * into b;
  return b;
end $$;

-- Proposing is cheap for a designer and each proposal tells the customer: 60 an hour is far above a working
-- session (docs/product.md, Limits) and stops a script from flooding a customer's notifications.
insert into private.rate_limits (action, max_events, per) values ('board_proposal', 60, interval '1 hour');

-- ---------------------------------------------------------------------------------------------------------
-- 5. Notification kinds of the board (docs/notifications.md): folded like the project's other kinds.
-- ---------------------------------------------------------------------------------------------------------
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback',
  'board_proposed', 'board_approved', 'board_declined', 'board_alternative'
));
alter table public.notification_preferences drop constraint notification_preferences_kind_check;
alter table public.notification_preferences add constraint notification_preferences_kind_check check (kind in (
  'bid_received', 'bid_accepted', 'bid_rejected',
  'nudge_received', 'nudge_accepted', 'nudge_declined',
  'message_received', 'item_added', 'item_removed', 'budget_80', 'budget_100', 'photos_added',
  'project_completed', 'review_received', 'payment_failed', 'membership_ending',
  'offer_received', 'offer_countered', 'offer_accepted', 'offer_declined', 'listing_message',
  'order_paid', 'order_receipt', 'order_ready', 'order_completed', 'order_cancelled', 'order_refunded',
  'report_outcome', 'account_warning', 'content_hidden', 'project_paused', 'verification_decided',
  'milestone_funded', 'milestone_submitted', 'milestone_changes_requested', 'milestone_released',
  'milestone_release_reminder', 'milestone_refunded', 'milestone_cancel_requested', 'milestone_disputed',
  'milestone_dispute_decided',
  'pickup_proposed', 'pickup_confirmed', 'pickup_reschedule', 'pickup_reminder', 'pickup_missed',
  'order_collected', 'order_refused', 'order_problem', 'order_problem_decided', 'order_chargeback',
  'board_proposed', 'board_approved', 'board_declined', 'board_alternative'
));

-- ---------------------------------------------------------------------------------------------------------
-- 6. Grants
-- ---------------------------------------------------------------------------------------------------------
revoke all on function
  private.check_folder_photos(text, text, text[]), private.check_folder_photos(text, uuid, text[]),
  private.check_message_photos(text, text[], text), private.photos_phrase(integer),
  private.forget_conversation_reads(),
  private.check_catalog_hold(public.projects, uuid), private.take_catalog_hold(uuid, uuid, timestamptz, timestamptz, uuid, uuid),
  private.release_proposal_hold(uuid), private.release_proposal_hold_on_delete(),
  private.notify_board(public.board_proposals, uuid, text, uuid, text, text),
  private.lock_proposal(uuid), private.proposal_refuse_state(public.board_proposals), private.board_text(text)
  from public, anon, authenticated;
-- Read by the policies, as the caller.
revoke all on function private.message_photo_folders(), private.is_conversation_person(text, uuid) from public, anon;
grant execute on function private.message_photo_folders(), private.is_conversation_person(text, uuid)
  to authenticated, service_role;

revoke all on function
  public.mark_conversation_read(text, uuid),
  public.unread_counts(),
  public.propose_board_item(uuid, text, uuid, text, numeric, text, text, text, text, text),
  public.approve_board_item(uuid),
  public.decline_board_item(uuid, text),
  public.ask_board_alternative(uuid, text),
  public.withdraw_board_item(uuid)
  from public, anon;
grant execute on function
  public.mark_conversation_read(text, uuid),
  public.unread_counts(),
  public.propose_board_item(uuid, text, uuid, text, numeric, text, text, text, text, text),
  public.approve_board_item(uuid),
  public.decline_board_item(uuid, text),
  public.ask_board_alternative(uuid, text),
  public.withdraw_board_item(uuid)
  to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- 7. Realtime authorization (private channels): hosted checks a join against realtime.messages' policies as the
--    joining role, with realtime.topic() the channel's topic (select: may receive broadcast and presence; insert:
--    may send broadcast and track presence).
-- ---------------------------------------------------------------------------------------------------------
-- Topics: 'project:<project id>' (the project's customer and designer) and 'piece-chat:<listing conversation id>'
-- (its buyer and seller). Not while suspended (Realtime runs no pre-request check; the restrictive policy below,
-- as on storage.objects); a block between the two changes nothing here (what they already share stays, as its
-- messages do: docs/trust-and-safety.md).
create function private.realtime_topic_allowed(p_topic text) returns boolean
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := (select auth.uid());
  target uuid;
begin
  if me is null or p_topic is null
     or p_topic !~ '^(project|piece-chat):[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then
    return false;
  end if;
  target := split_part(p_topic, ':', 2)::uuid;
  if split_part(p_topic, ':', 1) = 'project' then
    return exists (select 1 from public.projects p where p.id = target and me in (p.customer_id, p.designer_id));
  end if;
  return exists (select 1 from public.listing_conversations c where c.id = target and me in (c.buyer_id, c.seller_id));
end $$;
revoke all on function private.realtime_topic_allowed(text) from public, anon;
grant execute on function private.realtime_topic_allowed(text) to authenticated, service_role;

create policy "conversation channels: their people receive" on realtime.messages for select to authenticated
  using (extension in ('broadcast', 'presence') and (select private.realtime_topic_allowed((select realtime.topic()))));
create policy "conversation channels: their people send" on realtime.messages for insert to authenticated
  with check (extension in ('broadcast', 'presence')
              and (select private.realtime_topic_allowed((select realtime.topic()))));

-- As on every table the API roles reach (20261130000900_mfa_required.sql, which made it where realtime.messages
-- already existed: hosted) and as storage refuses a suspended account (20261202000200_moderation.sql).
drop policy if exists "two-factor users need aal2" on realtime.messages;
create policy "two-factor users need aal2" on realtime.messages as restrictive
  for all to authenticated
  using ((select private.aal_satisfied())) with check ((select private.aal_satisfied()));
create policy "suspended accounts are refused" on realtime.messages as restrictive
  for all to authenticated
  using ((select private.account_active())) with check ((select private.account_active()));
