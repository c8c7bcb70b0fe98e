import type { World } from './support/world.ts';

/**
 * The RLS matrix, kept as data: for every table and operation, who may do it. Everyone not listed in
 * `allow` must be refused (42501, or the row is invisible / unchanged). Subjects are rows of the test world
 * (support/world.ts): the owner customer's projects, the assigned designer's bid, and so on.
 */
export const WHO = ['anon', 'owner', 'otherCustomer', 'assigned', 'otherDesigner', 'service'] as const;
export type Who = (typeof WHO)[number];
export const OPS = ['select', 'insert', 'update', 'delete'] as const;
export type Op = (typeof OPS)[number];

export interface Cell {
  allow: readonly Who[];
  /** SQL run as postgres before the attempt, in the same rolled-back transaction (e.g. free a unique key). */
  setup?: (w: World) => string;
  /** insert: the row, given the acting user's id (the service role acts as `serviceActsAs`). */
  values?: (w: World, me: string) => Record<string, unknown>;
  /** update: the columns set. */
  set?: Record<string, unknown>;
}

export interface TableSpec {
  table: string;
  /** the subject row of select/update/delete */
  key: (w: World) => Record<string, unknown>;
  serviceActsAs: 'owner' | 'assigned';
  /**
   * The columns a select names, where the API roles may read only some (column grants: select=* is refused with
   * 42501 for everyone but the service role). Unset: every column.
   */
  columns?: string;
  select: Cell;
  insert: Cell;
  update: Cell;
  delete: Cell;
}

/**
 * The places cells' subject row (the table is the loader's): made in each cell's rolled-back transaction by the SQL
 * matrix, and once, kept, by the API matrix, whose world rebuild does not touch the gazetteer.
 */
const SUBJECT_PLACE = `insert into public.places (id, kind, name, region, country, label, latitude, longitude, population)
  values ('gn:999999990', 'city', 'Testville', 'OR', 'US', 'Testville, OR', 45.1, -122.1, 1000)
  on conflict (id) do nothing`;

/**
 * The blocks cells' subject row: the owner blocked the other designer (docs/trust-and-safety.md). Made by each
 * cell's set-up; it goes with the world.
 */
const subjectBlock = (w: World) => `insert into public.blocks (blocker_id, blocked_id)
  values ('${w.owner}', '${w.otherDesigner}') on conflict do nothing`;

const everyoneSignedIn: Who[] = ['owner', 'otherCustomer', 'assigned', 'otherDesigner', 'service'];

/**
 * The notifications cells' subject row: one of the owner's, made by each cell's set-up (the database's triggers
 * write the others, docs/decisions/0025-notifications.md). The API matrix rebuilds the world after such a cell, and
 * the row goes with its owner.
 */
// Found by its world's people, not a fixed id: the SQL and API matrices share one database (as the reports' row).
const subjectNotification = (w: World) => `insert into public.notifications (user_id, kind, project_id, title, link)
  values ('${w.owner}', 'message_received', '${w.activeProject}', 'Ada sent you a message', '/project/${w.activeProject}')`;

/**
 * The market's subject rows (docs/decisions/0026-market.md): the owner's offer on, saved row of and conversation
 * about the assigned designer's piece, and a message in it. Made by each cell's set-up; they go with the world.
 * Their ids are the world's own (made from its piece's id), never fixed: the SQL and API matrices run side by side
 * on one database, and a row one of them committed must not stand in for the other's.
 */
const worldId = (w: World, tag: string) => tag + w.catalogItem.slice(tag.length);
const subjectOfferId = (w: World) => worldId(w, 'bb01');
const subjectConversationId = (w: World) => worldId(w, 'bb02');
const subjectListingMessageId = (w: World) => worldId(w, 'bb03');
const subjectOffer = (w: World) => `insert into public.offers (id, catalog_item_id, buyer_id, seller_id, amount)
  values ('${subjectOfferId(w)}', '${w.catalogItem}', '${w.owner}', '${w.assigned}', 100) on conflict (id) do nothing`;
const subjectSavedItem = (w: World) => `insert into public.saved_items (user_id, catalog_item_id)
  values ('${w.owner}', '${w.catalogItem}') on conflict do nothing`;
/**
 * The saved searches' subject row: one of the owner's (docs/find-it-first.md), made by each cell's set-up with an
 * id of the world's own; it goes with its owner.
 */
const subjectSavedSearchId = (w: World) => worldId(w, 'ab01');
const subjectSavedSearch = (w: World) => `insert into public.saved_searches (id, user_id, name)
  values ('${subjectSavedSearchId(w)}', '${w.owner}', 'Matrix lamps') on conflict (id) do nothing`;
const subjectSavedDesigner = (w: World) => `insert into public.saved_designers (user_id, designer_id)
  values ('${w.owner}', '${w.assigned}') on conflict do nothing`;
const subjectConversation = (
  w: World,
) => `insert into public.listing_conversations (id, catalog_item_id, buyer_id, seller_id)
  values ('${subjectConversationId(w)}', '${w.catalogItem}', '${w.owner}', '${w.assigned}') on conflict do nothing`;
const subjectListingMessage = (w: World) => `${subjectConversation(w)};
  insert into public.listing_messages (id, conversation_id, sender_id, body)
  values ('${subjectListingMessageId(w)}', '${subjectConversationId(w)}', '${w.owner}', 'Is it still available?')
  on conflict (id) do nothing`;

/**
 * Paying sellers' subject rows (docs/decisions/0029-paying-sellers.md): the assigned designer's sandbox seller
 * account, and the owner's paid order of the assigned designer's piece. Written only by the service role.
 */
/**
 * Trust and safety's subject rows (docs/trust-and-safety.md): the owner's open report of the assigned designer, and
 * one audit log line (written here as the table's owner: the log is append-only, so it outlives rebuilt worlds).
 * The report is found by its world's people, never by a fixed id: the SQL and API matrices run side by side on one
 * database, and a row one of them committed must not stand in for the other's.
 */
const subjectReport = (w: World) => `insert into public.reports (reporter_id, subject_kind, subject_id, reason)
  values ('${w.owner}', 'person', '${w.assigned}', 'spam')`;
/**
 * The verification cells: everyone's registration document (so a refusal is the policy's, not the document
 * check's), and the assigned designer's open request made with it (docs/trust-and-safety.md, Verified badges),
 * found by its designer as the report is by its people. The request's checks want the document in Storage first.
 */
const verificationDocuments = (w: World) => `insert into storage.objects (bucket_id, name)
  select 'verification-documents', u || '/matrix/registration.pdf'
    from unnest(array['${w.owner}', '${w.otherCustomer}', '${w.assigned}', '${w.otherDesigner}']) u
  on conflict do nothing`;
const subjectVerification = (w: World) => `${verificationDocuments(w)};
  insert into public.verification_requests (designer_id, kind, method, document_paths)
  values ('${w.assigned}', 'pro', 'registration', '{${w.assigned}/matrix/registration.pdf}')`;
const SUBJECT_LOG_LINE = '00000000-0000-4000-8000-00000000dd02';
const subjectLogLine = () => `insert into public.moderation_actions (id, operator_id, operator_name, action, reason)
  values ('${SUBJECT_LOG_LINE}', '00000000-0000-4000-8000-00000000dd03', 'Good Space', 'warn', 'Matrix')
  on conflict (id) do nothing`;
// The world's own ids, as the market's rows (the account id is unique across all sellers).
const subjectAccountId = (w: World) => `acct_sandbox_${w.catalogItem.replaceAll('-', '')}`;
const subjectSellerAccount = (w: World) => `insert into public.seller_accounts (user_id, provider, account_id)
  values ('${w.assigned}', 'sandbox', '${subjectAccountId(w)}') on conflict do nothing`;
const subjectOrderId = (w: World) => worldId(w, 'cc01');
const subjectOrder = (w: World) => `insert into public.orders
    (id, catalog_item_id, buyer_id, seller_id, item_title, amount, status, provider, paid_at)
  values ('${subjectOrderId(w)}', '${w.catalogItem}', '${w.owner}', '${w.assigned}', 'Rattan chair', 120, 'paid',
          'sandbox', now()) on conflict (id) do nothing`;

/**
 * Buyer protection's subject rows (docs/orders.md), on the subject order (owner = buyer, assigned = seller, paid):
 * a pickup window the seller offered, the seller's address (no window confirmed, so the buyer cannot read it yet),
 * a pending payout, a problem and the buyer's statement. Written only by the database's functions.
 */
const subjectWindowId = (w: World) => worldId(w, 'cc02');
const subjectOrderPaymentId = (w: World) => worldId(w, 'cc03');
const subjectProblemId = (w: World) => worldId(w, 'cc04');
const subjectProblemStatementId = (w: World) => worldId(w, 'cc05');

/**
 * Working together's subject rows (docs/working-together.md): an outside find the assigned designer proposed on the
 * owner's active project, and how far the assigned designer has read its messages. Written only by the board's
 * functions and mark_conversation_read.
 */
const subjectProposalId = (w: World) => worldId(w, 'dd01');
const subjectProposal = (w: World) => `insert into public.board_proposals
    (id, project_id, designer_id, customer_id, kind, title, price, room)
  values ('${subjectProposalId(w)}', '${w.activeProject}', '${w.assigned}', '${w.owner}', 'find', 'Fiddle-leaf fig',
          65, 'Living room') on conflict (id) do nothing`;
const subjectRead = (w: World) => `insert into public.conversation_reads (user_id, kind, conversation_id)
  values ('${w.assigned}', 'project', '${w.activeProject}') on conflict do nothing`;
const subjectWindow = (w: World) => `${subjectOrder(w)};
  insert into public.order_pickup_windows (id, order_id, proposed_by, proposer_role, starts_at, ends_at)
  values ('${subjectWindowId(w)}', '${subjectOrderId(w)}', '${w.assigned}', 'seller', now() + interval '1 day',
          now() + interval '1 day 1 hour') on conflict (id) do nothing`;
const subjectAddress = (w: World) => `${subjectOrder(w)};
  insert into public.order_pickup_addresses (order_id, seller_id, address)
  values ('${subjectOrderId(w)}', '${w.assigned}', '12 Elm Street, Austin') on conflict (order_id) do nothing`;
const subjectOrderPayment = (w: World) => `${subjectOrder(w)};
  insert into public.order_payments (id, order_id, kind, amount, reason, provider)
  values ('${subjectOrderPaymentId(w)}', '${subjectOrderId(w)}', 'transfer', 120, 'release', 'sandbox')
  on conflict (id) do nothing`;
const subjectProblem = (w: World) => `${subjectOrder(w)};
  insert into public.order_problems (id, order_id, opened_by, reason)
  values ('${subjectProblemId(w)}', '${subjectOrderId(w)}', '${w.owner}', 'A leg is broken') on conflict (id) do nothing`;
const subjectProblemStatement = (w: World) => `${subjectProblem(w)};
  insert into public.order_problem_statements (id, problem_id, order_id, author_id, author_role, body)
  values ('${subjectProblemStatementId(w)}', '${subjectProblemId(w)}', '${subjectOrderId(w)}', '${w.owner}', 'buyer',
          'A leg is broken') on conflict (id) do nothing`;

/**
 * Funded milestones' subject rows (docs/milestones.md): a milestone of the active project (owner = customer, assigned
 * = designer), its charge, a dispute on it and the owner's statement. Written only by the database's functions (here
 * as the table's owner); the project's two parties read them. The world's own ids, as the market's rows.
 */
const subjectMilestoneId = (w: World) => worldId(w, 'dd01');
const subjectMilestonePaymentId = (w: World) => worldId(w, 'dd02');
const subjectDisputeId = (w: World) => worldId(w, 'dd03');
const subjectStatementId = (w: World) => worldId(w, 'dd04');
const subjectMilestone = (w: World) => `insert into public.project_milestones
    (id, project_id, customer_id, designer_id, position, title, amount)
  values ('${subjectMilestoneId(w)}', '${w.activeProject}', '${w.owner}', '${w.assigned}', 1, 'Design board', 300)
  on conflict (id) do nothing`;
const subjectMilestonePayment = (w: World) => `${subjectMilestone(w)};
  insert into public.milestone_payments (id, milestone_id, project_id, kind, amount, reason, provider)
  values ('${subjectMilestonePaymentId(w)}', '${subjectMilestoneId(w)}', '${w.activeProject}', 'charge', 300, 'funding',
          'sandbox') on conflict (id) do nothing`;
const subjectDispute = (w: World) => `${subjectMilestone(w)};
  insert into public.milestone_disputes (id, milestone_id, project_id, opened_by, reason)
  values ('${subjectDisputeId(w)}', '${subjectMilestoneId(w)}', '${w.activeProject}', '${w.owner}', 'Not delivered')
  on conflict (id) do nothing`;
const subjectStatement = (w: World) => `${subjectDispute(w)};
  insert into public.milestone_dispute_statements (id, dispute_id, project_id, author_id, body)
  values ('${subjectStatementId(w)}', '${subjectDisputeId(w)}', '${w.activeProject}', '${w.owner}', 'Nothing came')
  on conflict (id) do nothing`;

/**
 * A device of the owner (docs/notifications.md, "The push half"). Its endpoint is the world's own (the SQL and API
 * matrices share one database and the column is unique), on a browser's push service (the only hosts saved).
 */
const subjectDeviceId = (w: World) => worldId(w, 'ee01');
const DEVICE_P256DH = 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4';
const DEVICE_AUTH = 'BTBZMqHH6r4Tts7J_aSIgg';
const subjectDevice = (w: World) => `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth)
  values ('${subjectDeviceId(w)}', '${w.owner}', 'https://fcm.googleapis.com/fcm/send/${subjectDeviceId(w)}', '${DEVICE_P256DH}',
          '${DEVICE_AUTH}') on conflict (id) do nothing`;

const subjectPreference = (w: World) => `insert into public.notification_preferences (user_id, kind, email)
  values ('${w.owner}', 'nudge_received', false) on conflict (user_id, kind) do nothing`;

export const RLS_MATRIX: TableSpec[] = [
  {
    table: 'profiles',
    key: (w) => ({ id: w.owner }),
    serviceActsAs: 'owner',
    // The name: the person and those who share a project, bid, nudge, offer, conversation or order with them. The
    // e-mail is not an API column at all (docs/decisions/0030-safe-by-default.md): contact_email() gives it.
    columns: 'id, full_name, created_at, updated_at',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['service'],
      setup: (w) => `delete from public.profiles where id = '${w.owner}'`,
      values: (w) => ({ id: w.owner, full_name: 'Injected', email: 'x@example.com' }),
    },
    update: { allow: ['owner', 'service'], set: { full_name: 'Renamed' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'user_roles',
    key: (w) => ({ user_id: w.owner }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'] },
    insert: {
      allow: ['service'],
      setup: (w) => `delete from public.user_roles where user_id = '${w.owner}'`,
      values: (w) => ({ user_id: w.owner, role: 'designer' }),
    },
    // Role changes go through switch_account_type(); nobody writes the table directly.
    update: { allow: ['service'], set: { role: 'designer' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'customer_profiles',
    key: (w) => ({ user_id: w.owner }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'] },
    insert: {
      allow: ['owner', 'service'],
      setup: (w) => `delete from public.customer_profiles where user_id = '${w.owner}'`,
      values: (w) => ({
        user_id: w.owner,
        username: 'olivia',
        location: 'Portland, OR',
        space_size: 500,
        budget_range: 3000,
      }),
    },
    update: { allow: ['owner', 'service'], set: { username: 'olivia2' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'designer_profiles',
    key: (w) => ({ user_id: w.assigned }),
    serviceActsAs: 'assigned',
    select: { allow: everyoneSignedIn },
    insert: {
      allow: ['assigned', 'service'],
      setup: (w) => `delete from public.designer_profiles where user_id = '${w.assigned}'`,
      values: (w) => ({ user_id: w.assigned, username: 'ada', bio: 'Thrifted mid-century rooms', base_rate: 300 }),
    },
    update: { allow: ['assigned', 'service'], set: { bio: 'Updated bio with enough characters' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'subscriptions',
    key: (w) => ({ id: w.ownerSubscription }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'] },
    insert: {
      allow: ['service'],
      setup: (w) => `delete from public.subscriptions where user_id = '${w.owner}'`,
      values: (w) => ({ user_id: w.owner, plan: 'client', status: 'active' }),
    },
    update: { allow: ['service'], set: { status: 'canceled' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'projects',
    key: (w) => ({ id: w.activeProject }),
    serviceActsAs: 'owner',
    // No location as typed or coordinates (docs/decisions/0030-safe-by-default.md): project_locations() gives them.
    columns:
      'id, customer_id, designer_id, title, description, place_id, space_size, budget, budget_type, preferred_style, status, items_total, created_at, updated_at, completed_at, portfolio_consent, portfolio_show_costs',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['owner', 'service'],
      values: (w) => ({
        customer_id: w.owner,
        title: 'New room',
        description: 'Another room to furnish',
        location: 'Portland, OR',
        space_size: 200,
        budget: 800,
        budget_type: 'soft',
        status: 'pending',
      }),
    },
    // Mark as Complete: the owner only (active → completed).
    update: { allow: ['owner', 'service'], set: { status: 'completed' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'project_bids',
    key: (w) => ({ id: w.bid }),
    serviceActsAs: 'assigned',
    select: { allow: ['owner', 'assigned', 'service'] },
    // Any subscribed designer may bid on a pending, unassigned project (rules.test.ts: subscription, status).
    insert: {
      allow: ['assigned', 'otherDesigner', 'service'],
      setup: (w) => `delete from public.project_bids where id = '${w.bid}'`,
      values: (w, me) => ({
        project_id: w.pendingProject,
        designer_id: me,
        bid_amount: 99.99,
        proposal: 'Let me do it',
      }),
    },
    // Bid status changes only through accept_bid().
    update: { allow: ['service'], set: { status: 'accepted' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'project_items',
    key: (w) => ({ id: w.item }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['owner', 'assigned', 'service'],
      values: (w, me) => ({
        project_id: w.activeProject,
        name: 'Vase',
        description: 'Blue glass',
        cost: 12.5,
        added_by: me,
      }),
    },
    update: { allow: ['service'], set: { name: 'Renamed' } },
    // Only who added it (the owner added the subject item).
    delete: { allow: ['owner', 'service'] },
  },
  {
    table: 'messages',
    key: (w) => ({ id: w.message }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['owner', 'assigned', 'service'],
      values: (w, me) => ({ project_id: w.activeProject, sender_id: me, content: 'Sounds good!' }),
    },
    update: { allow: ['service'], set: { content: 'edited' } },
    delete: { allow: ['service'] },
  },
  {
    table: 'project_photo_notes',
    key: (w) => ({ project_id: w.activeProject, photo_path: w.notePath }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['owner', 'service'],
      values: (w, me) => ({
        project_id: w.activeProject,
        photo_path: `${w.activeProject}/after-1.jpg`,
        note: 'Done!',
        added_by: me,
      }),
    },
    update: { allow: ['owner', 'service'], set: { note: 'Changed note' } },
    delete: { allow: ['owner', 'service'] },
  },
  {
    table: 'reviews',
    key: (w) => ({ id: w.review }),
    serviceActsAs: 'owner',
    select: { allow: everyoneSignedIn },
    insert: {
      allow: ['owner', 'service'],
      setup: (w) => `delete from public.reviews where id = '${w.review}'`,
      values: (w, me) => ({
        project_id: w.completedProject,
        designer_id: w.assigned,
        client_id: me,
        rating: 4,
        comment: 'Great',
      }),
    },
    update: { allow: ['service'], set: { rating: 1 } },
    delete: { allow: ['service'] },
  },
  {
    table: 'designer_nudges',
    key: (w) => ({ id: w.nudge }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'] },
    insert: {
      allow: ['owner', 'service'],
      setup: (w) => `delete from public.designer_nudges where id = '${w.nudge}'`,
      values: (w, me) => ({ client_id: me, designer_id: w.assigned, project_id: w.pendingProject, status: 'pending' }),
    },
    // The nudged designer answers (accept with a quote).
    update: {
      allow: ['assigned', 'service'],
      set: { status: 'accepted', quote_amount: 500, quote_message: 'Happy to help' },
    },
    delete: { allow: ['service'] },
  },
  {
    table: 'catalog_items',
    key: (w) => ({ id: w.catalogItem }),
    serviceActsAs: 'assigned',
    select: { allow: everyoneSignedIn },
    insert: {
      allow: ['assigned', 'otherDesigner', 'service'],
      values: (_w, me) => ({
        designer_id: me,
        title: 'Oak dresser',
        description: 'Six drawers, solid oak',
        category: 'dresser',
        price: 240,
        dimensions: '48x18x30 in',
        condition: 'Very good',
        is_available: true,
      }),
    },
    update: { allow: ['assigned', 'service'], set: { price: 99 } },
    delete: { allow: ['assigned', 'service'] },
  },
  {
    // The gazetteer (docs/decisions/0024-places.md): everyone reads it, the landing forms before sign-in too;
    // only its loader (connected as postgres) writes it.
    table: 'places',
    key: () => ({ id: 'gn:999999990' }),
    serviceActsAs: 'owner',
    select: { allow: ['anon', ...everyoneSignedIn], setup: () => SUBJECT_PLACE },
    insert: {
      allow: [],
      values: () => ({
        id: 'gn:999999991',
        kind: 'city',
        name: 'Nowhere',
        country: 'US',
        label: 'Nowhere, OR',
        latitude: 45,
        longitude: -122,
      }),
    },
    update: { allow: [], setup: () => SUBJECT_PLACE, set: { label: 'Renamed, OR' } },
    delete: { allow: [], setup: () => SUBJECT_PLACE },
  },
  {
    // Written by the database's triggers only; the recipient reads their own and sets read_at, nothing else.
    table: 'notifications',
    key: (w) => ({ user_id: w.owner, project_id: w.activeProject, title: 'Ada sent you a message' }),
    serviceActsAs: 'owner',
    // The mail bookkeeping (mailed_at, mail_*) is the mail job's: not granted to the API roles.
    columns: 'id, user_id, kind, project_id, actor_id, title, body, link, data, read_at, created_at',
    select: { allow: ['owner', 'service'], setup: subjectNotification },
    insert: {
      allow: ['service'],
      values: (w, me) => ({
        user_id: me,
        kind: 'bid_received',
        project_id: w.pendingProject,
        title: 'Forged',
        link: '/dashboard/customer',
      }),
    },
    update: { allow: ['owner', 'service'], setup: subjectNotification, set: { read_at: '2026-11-27T10:00:00Z' } },
    delete: { allow: ['service'], setup: subjectNotification },
  },
  {
    // E-mail on or off per kind (docs/decisions/0025-notifications.md): each person's own rows only.
    table: 'notification_preferences',
    key: (w) => ({ user_id: w.owner, kind: 'nudge_received' }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectPreference },
    insert: {
      allow: ['owner', 'service'],
      values: (w) => ({ user_id: w.owner, kind: 'bid_received', email: false }),
    },
    update: { allow: ['owner', 'service'], setup: subjectPreference, set: { email: true } },
    delete: { allow: ['owner', 'service'], setup: subjectPreference },
  },
  {
    // Push devices (docs/notifications.md, "The push half"): each person's own rows only.
    table: 'push_subscriptions',
    key: (w) => ({ id: subjectDeviceId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectDevice },
    insert: {
      allow: ['owner', 'service'],
      values: (w) => ({
        user_id: w.owner,
        endpoint: `https://fcm.googleapis.com/fcm/send/${worldId(w, 'ee02')}`,
        p256dh: DEVICE_P256DH,
        auth: DEVICE_AUTH,
      }),
    },
    update: { allow: ['owner', 'service'], setup: subjectDevice, set: { user_agent: 'Firefox on a phone' } },
    delete: { allow: ['owner', 'service'], setup: subjectDevice },
  },
  {
    // Written only by the offer functions; read by the buyer and the seller.
    table: 'offers',
    key: (w) => ({ id: subjectOfferId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectOffer },
    insert: {
      allow: ['service'],
      values: (w) => ({ catalog_item_id: w.catalogItem, buyer_id: w.owner, seller_id: w.assigned, amount: 90 }),
    },
    update: { allow: ['service'], setup: subjectOffer, set: { note: 'Changed' } },
    delete: { allow: ['service'], setup: subjectOffer },
  },
  {
    // Each person's own saved pieces, inserted and deleted directly.
    table: 'saved_items',
    key: (w) => ({ user_id: w.owner, catalog_item_id: w.catalogItem }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectSavedItem },
    insert: { allow: ['owner', 'service'], values: (w) => ({ user_id: w.owner, catalog_item_id: w.catalogItem }) },
    update: { allow: ['service'], setup: subjectSavedItem, set: { created_at: '2026-11-27T10:00:00Z' } },
    delete: { allow: ['owner', 'service'], setup: subjectSavedItem },
  },
  {
    // Each person's own saved searches (docs/find-it-first.md); the origin and the match columns are the database's.
    table: 'saved_searches',
    key: (w) => ({ id: subjectSavedSearchId(w) }),
    serviceActsAs: 'owner',
    columns: 'id, user_id, name, words, category, min_price, max_price, conditions, within_miles, email, paused, project_id, created_at, updated_at',
    select: { allow: ['owner', 'service'], setup: subjectSavedSearch },
    // Anyone signed in saves their own (the policy refuses a row of someone else's).
    insert: { allow: everyoneSignedIn, values: (w, me) => ({ user_id: me, name: 'Matrix chairs', category: 'chair' }) },
    update: { allow: ['owner', 'service'], setup: subjectSavedSearch, set: { paused: true } },
    delete: { allow: ['owner', 'service'], setup: subjectSavedSearch },
  },
  {
    table: 'saved_designers',
    key: (w) => ({ user_id: w.owner, designer_id: w.assigned }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectSavedDesigner },
    insert: { allow: ['owner', 'service'], values: (w) => ({ user_id: w.owner, designer_id: w.assigned }) },
    update: { allow: ['service'], setup: subjectSavedDesigner, set: { created_at: '2026-11-27T10:00:00Z' } },
    delete: { allow: ['owner', 'service'], setup: subjectSavedDesigner },
  },
  {
    // Started by start_listing_conversation; its buyer and seller read it.
    table: 'listing_conversations',
    key: (w) => ({ id: subjectConversationId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectConversation },
    insert: {
      allow: ['service'],
      values: (w) => ({ catalog_item_id: w.catalogItem, buyer_id: w.otherCustomer, seller_id: w.assigned }),
    },
    update: { allow: ['service'], setup: subjectConversation, set: { last_message_at: '2026-11-27T10:00:00Z' } },
    delete: { allow: ['service'], setup: subjectConversation },
  },
  {
    // The two participants read the thread and write to it as themselves.
    table: 'listing_messages',
    key: (w) => ({ id: subjectListingMessageId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectListingMessage },
    insert: {
      allow: ['owner', 'assigned', 'service'],
      setup: subjectConversation,
      values: (w, me) => ({ conversation_id: subjectConversationId(w), sender_id: me, body: 'Hello' }),
    },
    update: { allow: ['service'], setup: subjectListingMessage, set: { body: 'Edited' } },
    delete: { allow: ['service'], setup: subjectListingMessage },
  },
  {
    // The seller reads their own account; only the service role (the edge functions) writes it.
    table: 'seller_accounts',
    key: (w) => ({ user_id: w.assigned }),
    serviceActsAs: 'assigned',
    select: { allow: ['assigned', 'service'], setup: subjectSellerAccount },
    insert: {
      allow: ['service'],
      values: (w, me) => ({ user_id: me, provider: 'sandbox', account_id: subjectAccountId(w) }),
    },
    update: { allow: ['service'], setup: subjectSellerAccount, set: { payouts_enabled: true } },
    delete: { allow: ['service'], setup: subjectSellerAccount },
  },
  {
    // A paid order: its buyer and its seller read it; only the service role and the order functions write it.
    table: 'orders',
    key: (w) => ({ id: subjectOrderId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectOrder },
    insert: {
      allow: ['service'],
      values: (w, me) => ({
        catalog_item_id: w.catalogItem,
        buyer_id: me,
        seller_id: w.assigned,
        item_title: 'Rattan chair',
        amount: 120,
        provider: 'sandbox',
      }),
    },
    update: { allow: ['service'], setup: subjectOrder, set: { status: 'completed' } },
    delete: { allow: ['service'], setup: subjectOrder },
  },
  {
    // Pickup windows: offered and confirmed through the order's functions; the order's parties read them.
    table: 'order_pickup_windows',
    key: (w) => ({ id: subjectWindowId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectWindow },
    insert: {
      allow: ['service'],
      setup: subjectOrder,
      values: (w) => ({
        order_id: subjectOrderId(w),
        proposer_role: 'buyer',
        starts_at: '2030-01-05T10:00:00Z',
        ends_at: '2030-01-05T11:00:00Z',
      }),
    },
    update: { allow: ['service'], setup: subjectWindow, set: { status: 'superseded' } },
    delete: { allow: ['service'], setup: subjectWindow },
  },
  {
    // The seller's address: the seller reads it, the buyer only once a window is confirmed (none here).
    table: 'order_pickup_addresses',
    key: (w) => ({ order_id: subjectOrderId(w) }),
    serviceActsAs: 'assigned',
    select: { allow: ['assigned', 'service'], setup: subjectAddress },
    insert: {
      allow: ['service'],
      setup: subjectOrder,
      values: (w, me) => ({ order_id: subjectOrderId(w), seller_id: me, address: '12 Elm Street, Austin' }),
    },
    update: { allow: ['service'], setup: subjectAddress, set: { directions: 'The side gate' } },
    delete: { allow: ['service'], setup: subjectAddress },
  },
  {
    // The orders' money ledger: the parties read it; only the money functions write it.
    table: 'order_payments',
    key: (w) => ({ id: subjectOrderPaymentId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectOrderPayment },
    insert: {
      allow: ['service'],
      setup: subjectOrder,
      values: (w) => ({
        order_id: subjectOrderId(w),
        kind: 'refund',
        amount: 120,
        reason: 'refused',
        provider: 'sandbox',
      }),
    },
    update: { allow: ['service'], setup: subjectOrderPayment, set: { note: 'Changed' } },
    delete: { allow: ['service'], setup: subjectOrderPayment },
  },
  {
    // Reported by the buyer (or a chargeback), decided by an operator's function; the parties read it.
    table: 'order_problems',
    key: (w) => ({ id: subjectProblemId(w) }),
    // decided_by (which operator) is not the parties' to read.
    columns: 'id, order_id, kind, status, reason',
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectProblem },
    insert: {
      allow: ['service'],
      setup: subjectOrder,
      values: (w, me) => ({ order_id: subjectOrderId(w), opened_by: me, reason: 'Scratched' }),
    },
    update: { allow: ['service'], setup: subjectProblem, set: { reason: 'Changed' } },
    delete: { allow: ['service'], setup: subjectProblem },
  },
  {
    // One statement per side, written by the problem's functions; both parties read both.
    table: 'order_problem_statements',
    key: (w) => ({ id: subjectProblemStatementId(w) }),
    serviceActsAs: 'assigned',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectProblemStatement },
    insert: {
      allow: ['service'],
      setup: subjectProblem,
      values: (w, me) => ({
        problem_id: subjectProblemId(w),
        order_id: subjectOrderId(w),
        author_id: me,
        author_role: 'seller',
        body: 'It left whole',
      }),
    },
    update: { allow: ['service'], setup: subjectProblemStatement, set: { body: 'Changed' } },
    delete: { allow: ['service'], setup: subjectProblemStatement },
  },
  {
    // The blocker's alone: anyone signed in inserts { blocked_id } (blocker_id is their own, by default), reads and
    // deletes it. The blocked person never reads it. The service role, acting for nobody, has no blocker to give.
    table: 'blocks',
    key: (w) => ({ blocker_id: w.owner, blocked_id: w.otherDesigner }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectBlock },
    insert: {
      allow: ['owner', 'otherCustomer', 'assigned', 'otherDesigner'],
      values: (w, me) => ({ blocked_id: me === w.otherDesigner ? w.owner : w.otherDesigner }),
    },
    update: { allow: ['service'], setup: subjectBlock, set: { created_at: '2026-11-27T10:00:00Z' } },
    delete: { allow: ['owner', 'service'], setup: subjectBlock },
  },
  {
    // Anyone signed in reports someone else; the reporter reads their own (operators all of them, not in this world);
    // status and resolution are the operators' functions'.
    table: 'reports',
    key: (w) => ({ reporter_id: w.owner, subject_kind: 'person', subject_id: w.assigned }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'service'], setup: subjectReport },
    insert: {
      allow: everyoneSignedIn,
      values: (w, me) => ({
        reporter_id: me,
        subject_kind: 'person',
        subject_id: me === w.owner ? w.assigned : w.owner,
        reason: 'spam',
      }),
    },
    update: { allow: ['service'], setup: subjectReport, set: { details: 'Changed' } },
    delete: { allow: ['service'], setup: subjectReport },
  },
  {
    // The audit log: operators read it (none in this world), the service role reads it, nobody writes it through the
    // API and nobody at all changes it.
    table: 'moderation_actions',
    key: () => ({ id: SUBJECT_LOG_LINE }),
    serviceActsAs: 'owner',
    select: { allow: ['service'], setup: subjectLogLine },
    insert: {
      allow: [],
      values: (_w, me) => ({ operator_id: me, operator_name: 'Me', action: 'warn', reason: 'Self-made' }),
    },
    update: { allow: [], setup: subjectLogLine, set: { reason: 'Changed' } },
    delete: { allow: [], setup: subjectLogLine },
  },
  {
    // A designer asks for their own badge (never a customer, never for someone else); they and operators read it;
    // every change after that is the verification functions' (decide, withdraw, the school e-mail link).
    table: 'verification_requests',
    key: (w) => ({ designer_id: w.assigned }),
    serviceActsAs: 'assigned',
    // The token's hash is the database's alone.
    columns: 'id, designer_id, kind, method, status, created_at',
    select: { allow: ['assigned', 'service'], setup: subjectVerification },
    insert: {
      allow: ['assigned', 'otherDesigner', 'service'],
      setup: verificationDocuments,
      values: (_w, me) => ({
        designer_id: me,
        kind: 'pro',
        method: 'registration',
        document_paths: [`${me}/matrix/registration.pdf`],
      }),
    },
    update: { allow: ['service'], setup: subjectVerification, set: { reason: 'Changed' } },
    delete: { allow: ['service'], setup: subjectVerification },
  },
  {
    // A project's milestones: its customer and designer read them (operators too, not in this world); only the
    // database's functions write them (docs/milestones.md).
    table: 'project_milestones',
    key: (w) => ({ id: subjectMilestoneId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectMilestone },
    insert: {
      allow: ['service'],
      values: (w, me) => ({
        project_id: w.activeProject,
        customer_id: me,
        designer_id: w.assigned,
        position: 2,
        title: 'Sourcing',
        amount: 900,
      }),
    },
    update: { allow: ['service'], setup: subjectMilestone, set: { status: 'released' } },
    delete: { allow: ['service'], setup: subjectMilestone },
  },
  {
    // The money ledger: the project's parties read it (receipts, earnings); only the money functions write it.
    table: 'milestone_payments',
    key: (w) => ({ id: subjectMilestonePaymentId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectMilestonePayment },
    insert: {
      allow: ['service'],
      setup: subjectMilestone,
      values: (w) => ({
        milestone_id: subjectMilestoneId(w),
        project_id: w.activeProject,
        kind: 'charge',
        amount: 300,
        reason: 'funding',
        provider: 'sandbox',
      }),
    },
    update: { allow: ['service'], setup: subjectMilestonePayment, set: { note: 'Changed' } },
    delete: { allow: ['service'], setup: subjectMilestonePayment },
  },
  {
    // Opened by open_milestone_dispute (or a chargeback), decided by an operator's function; the parties read it.
    table: 'milestone_disputes',
    key: (w) => ({ id: subjectDisputeId(w) }),
    serviceActsAs: 'owner',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectDispute },
    insert: {
      allow: ['service'],
      setup: subjectMilestone,
      values: (w, me) => ({
        milestone_id: subjectMilestoneId(w),
        project_id: w.activeProject,
        opened_by: me,
        reason: 'Forged',
      }),
    },
    update: { allow: ['service'], setup: subjectDispute, set: { reason: 'Changed' } },
    delete: { allow: ['service'], setup: subjectDispute },
  },
  {
    // Written by add_dispute_statement only (one per party); both parties read both.
    table: 'milestone_dispute_statements',
    key: (w) => ({ id: subjectStatementId(w) }),
    serviceActsAs: 'assigned',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectStatement },
    insert: {
      allow: ['service'],
      setup: subjectDispute,
      values: (w, me) => ({
        dispute_id: subjectDisputeId(w),
        project_id: w.activeProject,
        author_id: me,
        body: 'My side',
      }),
    },
    update: { allow: ['service'], setup: subjectStatement, set: { body: 'Changed' } },
    delete: { allow: ['service'], setup: subjectStatement },
  },
  {
    // The selection board: the project's people read it (operators too: none in the world); the board's functions
    // write it.
    table: 'board_proposals',
    key: (w) => ({ id: subjectProposalId(w) }),
    serviceActsAs: 'assigned',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectProposal },
    insert: {
      allow: ['service'],
      values: (w, me) => ({
        project_id: w.activeProject,
        designer_id: me,
        customer_id: w.owner,
        kind: 'find',
        title: 'Arc lamp',
        price: 180,
        room: 'Living room',
      }),
    },
    update: { allow: ['service'], setup: subjectProposal, set: { price: 1 } },
    delete: { allow: ['service'], setup: subjectProposal },
  },
  {
    // Read state: both people of the conversation read each other's (Seen); mark_conversation_read writes it.
    table: 'conversation_reads',
    key: (w) => ({ user_id: w.assigned, kind: 'project', conversation_id: w.activeProject }),
    serviceActsAs: 'assigned',
    select: { allow: ['owner', 'assigned', 'service'], setup: subjectRead },
    insert: {
      allow: ['service'],
      values: (w, me) => ({ user_id: me, kind: 'project', conversation_id: w.activeProject }),
    },
    update: { allow: ['service'], setup: subjectRead, set: { last_read_at: '2030-01-01T00:00:00Z' } },
    delete: { allow: ['service'], setup: subjectRead },
  },
];
