-- Good Space: a message's notification in one statement (docs/decisions/0025-notifications.md, "Cost").
--
-- bench:stack measured the notification trigger at ten times the cost of the message insert itself: each
-- message went through four nested SECURITY DEFINER functions (notify_parties, person_name, notify twice), each
-- call saving and restoring search_path, plus existence checks that a message insert cannot fail (the project,
-- its two people and the sender are all held by foreign keys of the row being inserted). The notification is
-- the same: the other party of the project, titled with the sender's name and the project's title, the first
-- 200 characters of the message as its body; nobody is told of their own message.

create or replace function private.notify_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  insert into public.notifications (user_id, kind, project_id, actor_id, title, body, link, data)
  select r.recipient, 'message_received', p.id, new.sender_id,
         -- private.clip(…, 200) and (…, 500), written out: a function call per row is what this migration saves.
         case when char_length(t.title) <= 200 then t.title else left(t.title, 199) || '…' end,
         nullif(case when char_length(new.content) <= 200 then new.content else left(new.content, 199) || '…' end, ''),
         '/project/' || p.id,
         jsonb_build_object('message_id', new.id)
    from public.projects p
    cross join lateral (values (p.customer_id), (p.designer_id)) as r (recipient)
    left join public.profiles s on s.id = new.sender_id
    cross join lateral (
      select format('%s sent you a message about "%s"', coalesce(nullif(btrim(s.full_name), ''), 'Someone'), p.title)
    ) as t (title)
   where p.id = new.project_id
     and r.recipient is not null
     and r.recipient is distinct from new.sender_id;
  return null;
end $$;
