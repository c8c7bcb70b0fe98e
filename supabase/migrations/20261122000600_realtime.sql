-- Tables whose changes the screens follow live (SPEC §7): items and messages of a project, a designer's
-- nudges, and the bids on a customer's pending project. Realtime delivers only rows the subscriber may select.
alter publication supabase_realtime add table
  public.messages,
  public.project_items,
  public.designer_nudges,
  public.project_bids;
