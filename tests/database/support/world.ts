import type pg from 'pg';
import { createUser, deleteUsers } from './pg.ts';

/**
 * A small marketplace every RLS cell is judged against:
 *   owner (customer, client plan) owns projects pendingProject, activeProject (assigned designer), completedProject;
 *   assigned (designer, designer plan) is assigned to the active and completed projects and has bid on pending;
 *   otherCustomer and otherDesigner (both subscribed) share nothing with them.
 */
export interface World {
  owner: string;
  otherCustomer: string;
  assigned: string;
  otherDesigner: string;
  pendingProject: string;
  activeProject: string;
  completedProject: string;
  bid: string;
  item: string;
  message: string;
  notePath: string;
  review: string;
  nudge: string;
  catalogItem: string;
  ownerSubscription: string;
  users: string[];
}

export async function buildWorld(c: pg.Client): Promise<World> {
  const owner = await createUser(c, { role: 'customer', fullName: 'Olivia Owner', subscribe: 'client' });
  const otherCustomer = await createUser(c, { role: 'customer', fullName: 'Carl Other', subscribe: 'client' });
  const assigned = await createUser(c, { role: 'designer', fullName: 'Ada Assigned', subscribe: 'designer' });
  const otherDesigner = await createUser(c, { role: 'designer', fullName: 'Dora Other', subscribe: 'designer' });

  const project = async (status: string, designer: string | null, budgetType = 'soft') =>
    (
      await c.query<{ id: string }>(
        `insert into public.projects (customer_id, designer_id, title, description, location, space_size, budget, budget_type, status)
         values ($1, $2, $3, 'A room that needs furnishing', 'Portland, OR', 400, 1000, $4, $5) returning id`,
        [owner, designer, `Project ${status}`, budgetType, status],
      )
    ).rows[0]!.id;
  const pendingProject = await project('pending', null);
  const activeProject = await project('active', assigned, 'hard');
  const completedProject = await project('completed', assigned);

  const one = async (text: string, params: unknown[]) => (await c.query<{ id: string }>(text, params)).rows[0]!.id;
  const bid = await one(
    `insert into public.project_bids (project_id, designer_id, bid_amount, proposal) values ($1, $2, 750.50, 'Mid-century look on a budget') returning id`,
    [pendingProject, assigned],
  );
  const item = await one(
    `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Teak sideboard', 180, $2) returning id`,
    [activeProject, owner],
  );
  await c.query(
    `insert into public.project_items (project_id, name, cost, added_by) values ($1, 'Brass lamp', 40, $2)`,
    [activeProject, assigned],
  );
  const message = await one(
    `insert into public.messages (project_id, sender_id, content) values ($1, $2, 'Hello, when can you start?') returning id`,
    [activeProject, owner],
  );
  const notePath = `${activeProject}/before-1.jpg`;
  await c.query(
    `insert into public.project_photo_notes (project_id, photo_path, note, added_by) values ($1, $2, 'Living room', $3)`,
    [activeProject, notePath, owner],
  );
  const review = await one(
    `insert into public.reviews (project_id, designer_id, client_id, rating, comment) values ($1, $2, $3, 5, 'Lovely work') returning id`,
    [completedProject, assigned, owner],
  );
  const nudge = await one(
    `insert into public.designer_nudges (client_id, designer_id, project_id) values ($1, $2, $3) returning id`,
    [owner, assigned, pendingProject],
  );
  const catalogItem = await one(
    `insert into public.catalog_items (designer_id, title, description, category, price, dimensions, condition)
     values ($1, 'Rattan chair', 'A 1970s rattan lounge chair', 'chair', 120, '30x30x32 in', 'Good') returning id`,
    [assigned],
  );
  const ownerSubscription = (
    await c.query<{ id: string }>(`select id from public.subscriptions where user_id = $1`, [owner])
  ).rows[0]!.id;
  return {
    owner,
    otherCustomer,
    assigned,
    otherDesigner,
    pendingProject,
    activeProject,
    completedProject,
    bid,
    item,
    message,
    notePath,
    review,
    nudge,
    catalogItem,
    ownerSubscription,
    users: [owner, otherCustomer, assigned, otherDesigner],
  };
}

export async function destroyWorld(c: pg.Client, w: World | undefined): Promise<void> {
  if (w) await deleteUsers(c, w.users);
}
