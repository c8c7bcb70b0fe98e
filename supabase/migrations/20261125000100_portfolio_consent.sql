-- Good Space: completed projects in the designer's public portfolio, with the customer's consent
-- (docs/decisions/0017-portfolio-consent.md, docs/schema.md "Portfolio").
--
-- Row-level security shows a project to its two parties only, and it works per row, not per column: widening the
-- projects select policy would hand every signed-in user the customer's id, the full location, the coordinates and
-- the items. So the projects table keeps its policies, and the portfolio is read through portfolio_projects(), a
-- SECURITY DEFINER function that returns only the permitted columns of the permitted rows.
--
--   portfolio_consent     the customer agrees that the completed project appears in the designer's portfolio
--   portfolio_show_costs  the customer also agrees to show what it cost: the items' total against the budget
--                         (never the items themselves)
-- Both default to off, are written by the project's customer only (column grant + projects_update_owner), and may
-- be on only while the project is completed; showing the costs needs the first consent too.

alter table public.projects
  add column portfolio_consent boolean not null default false,
  add column portfolio_show_costs boolean not null default false,
  add constraint projects_portfolio_consent_completed
    check ((not portfolio_consent and not portfolio_show_costs) or status = 'completed'),
  add constraint projects_portfolio_costs_need_consent
    check (not portfolio_show_costs or portfolio_consent);
comment on column public.projects.portfolio_consent is
  'The customer agrees to show this completed project in the designer''s portfolio (docs/decisions/0017).';
comment on column public.projects.portfolio_show_costs is
  'The customer also agrees to show the items'' total against the budget there (docs/decisions/0017).';

-- The customer sets both, with the completion itself or later; nobody else may (the update policy is the owner's).
grant update (portfolio_consent, portfolio_show_costs) on public.projects to authenticated;

-- The portfolio is ordered by completion date, so every completed project has one. Status changes set it
-- (private.guard_project_update); rows inserted already completed (imports, the service role) get it here.
create function private.completed_at_on_insert() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'completed' and new.completed_at is null then
    new.completed_at := now();
  end if;
  return new;
end $$;
create trigger projects_completed_at_on_insert before insert on public.projects
  for each row execute function private.completed_at_on_insert();
update public.projects set completed_at = updated_at where status = 'completed' and completed_at is null;
alter table public.projects add constraint projects_completed_has_date check (status <> 'completed' or completed_at is not null);

-- A designer's completed projects, newest completion first (the portfolio's page order, id as tie-breaker).
-- Consent is checked on each row while walking it: one ordered index serves the public view, the designer's own
-- view (all of theirs) and a customer seeing their own project among the public ones.
create index projects_designer_completed_idx on public.projects (designer_id, completed_at desc, id desc)
  where status = 'completed';

-- ---------------------------------------------------------------------------------------------------------
-- The place shown for a project: city level or nothing.
-- ---------------------------------------------------------------------------------------------------------
-- projects.location is free text (a city, but people type addresses) or 'lat,lng' from the device. Only a plain
-- place name is shown: letters, spaces, dots, apostrophes and hyphens, one part or two ("Portland" or
-- "Portland, OR"), no digits (so never coordinates, a house number or a postcode) and no street or unit word.
-- Anything else shows nothing: no place is better than an address. Nothing is derived from coordinates.
create function private.portfolio_place(location text) returns text
language plpgsql immutable set search_path = '' as $$
declare
  t text := regexp_replace(btrim(coalesce(location, '')), '\s+', ' ', 'g');
begin
  if t = '' or char_length(t) > 60 or t !~ '^[[:alpha:] .''’-]+(,[[:alpha:] .''’-]+)?$' then
    return null;
  end if;
  if t ~* '\m(street|avenue|road|boulevard|lane|drive|court|terrace|highway|way|apartment|apt|suite|unit|floor|building)\M'
     or t ~* '\m(st|ave|rd|blvd|ln|dr|ct|hwy|pl)\.?\s*(,|$)' then
    return null;
  end if;
  return t;
end $$;
grant execute on function private.portfolio_place(text) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- portfolio_projects(designer_id, after_completed_at, after_id, page_size): one page of a designer's portfolio.
-- ---------------------------------------------------------------------------------------------------------
-- Rows: the designer's completed projects whose customer consented, plus, for the project's own customer and
-- designer, their non-consented ones (is_public false: the page tells them only they see it). Columns: what the
-- portfolio shows, never the customer, the location as typed, the coordinates or the items. budget, budget_type
-- and items_total only with the cost consent (costs_public), or for the project's own parties, who see them on
-- the project page anyway. Keyset paging: pass the last row's completed_at and id for the next page.
create function public.portfolio_projects(
  designer_id uuid,
  after_completed_at timestamptz default null,
  after_id uuid default null,
  page_size integer default 6
) returns table (
  id uuid,
  title text,
  description text,
  place text,
  space_size integer,
  preferred_style text,
  completed_at timestamptz,
  budget integer,
  budget_type public.budget_type,
  items_total numeric,
  is_public boolean,
  costs_public boolean
)
language plpgsql stable security definer set search_path = '' as $$
declare
  uid uuid := (select auth.uid());
begin
  if uid is null then
    raise exception 'No user logged in' using errcode = '42501';
  end if;
  if page_size is null or page_size < 1 or page_size > 50 then
    raise exception 'page_size must be between 1 and 50' using errcode = '22023';
  end if;
  if (after_completed_at is null) <> (after_id is null) then
    raise exception 'after_completed_at and after_id go together' using errcode = '22023';
  end if;
  return query
    select p.id, p.title, p.description, private.portfolio_place(p.location), p.space_size,
           p.preferred_style, p.completed_at,
           case when shown.costs then p.budget end,
           case when shown.costs then p.budget_type end,
           case when shown.costs then p.items_total end,
           p.portfolio_consent, p.portfolio_show_costs
      from public.projects p
      cross join lateral (
        select p.portfolio_show_costs or p.customer_id = uid or p.designer_id = uid as costs
      ) shown
     where p.designer_id = portfolio_projects.designer_id
       and p.status = 'completed'
       and (p.portfolio_consent or p.customer_id = uid or p.designer_id = uid)
       and (portfolio_projects.after_completed_at is null
            or (p.completed_at, p.id) < (portfolio_projects.after_completed_at, portfolio_projects.after_id))
     order by p.completed_at desc, p.id desc
     limit page_size;
end $$;
revoke execute on function public.portfolio_projects(uuid, timestamptz, uuid, integer) from public, anon;
grant execute on function public.portfolio_projects(uuid, timestamptz, uuid, integer) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------
-- Storage: the before/after photos of a consented completed project, for every signed-in user.
-- ---------------------------------------------------------------------------------------------------------
-- Read only (list, signed links), only files named before-… or after-… directly in the project's folder (the
-- photos posted with a new project stay with its parties), only while the project is completed and consented.
-- One primary-key probe per object row, so a listing costs what the folder holds, at any number of projects.
create function private.is_portfolio_photo(object_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select case
    when object_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/(before|after)-[^/]+$' then
      exists (
        select 1 from public.projects p
        where p.id = split_part(object_name, '/', 1)::uuid and p.status = 'completed' and p.portfolio_consent
      )
    else false
  end
$$;
grant execute on function private.is_portfolio_photo(text) to authenticated, service_role;

create policy "project-photos: signed-in users read portfolio photos" on storage.objects for select to authenticated
  using (bucket_id = 'project-photos' and private.is_portfolio_photo(name));
