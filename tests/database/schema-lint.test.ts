import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RLS_MATRIX } from './rls-matrix.data.ts';
import { connect } from './support/pg.ts';

/**
 * Lints in the style of Splinter, Supabase's database advisor (the rules: ADR 0004 and docs/schema.md), run against
 * the migrated schema: RLS everywhere, fixed search_path, grants no wider than the RLS matrix expects, indexed
 * foreign keys, initplan-friendly policies.
 */
let c: pg.Client;
beforeAll(async () => {
  c = await connect();
});
afterAll(async () => {
  await c.end();
});
const rows = async <T extends pg.QueryResultRow>(text: string) => (await c.query<T>(text)).rows;

/** What the authenticated role may do per table (table- or column-level), the grants behind rls-matrix.data.ts. */
const AUTHENTICATED_GRANTS: Record<string, string[]> = {
  blocks: ['DELETE', 'INSERT', 'SELECT'],
  // The selection board: read by the project's people and operators, written by its functions only
  // (docs/working-together.md).
  board_proposals: ['SELECT'],
  catalog_items: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  // Read state: read by the conversation's people (Seen), written by mark_conversation_read only.
  conversation_reads: ['SELECT'],
  customer_profiles: ['INSERT', 'SELECT', 'UPDATE'],
  designer_nudges: ['INSERT', 'SELECT', 'UPDATE'],
  designer_profiles: ['INSERT', 'SELECT', 'UPDATE'],
  listing_conversations: ['SELECT'],
  listing_messages: ['INSERT', 'SELECT'],
  messages: ['INSERT', 'SELECT'],
  // Funded milestones: read by the project's parties and operators, written by the database's functions only
  // (docs/milestones.md).
  milestone_dispute_statements: ['SELECT'],
  milestone_disputes: ['SELECT'],
  milestone_payments: ['SELECT'],
  moderation_actions: ['SELECT'],
  notification_preferences: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  notifications: ['SELECT', 'UPDATE'],
  offers: ['SELECT'],
  // Buyer protection: read by the order's parties (the address by the buyer once a pickup is confirmed) and
  // operators, written by the database's functions only (docs/orders.md).
  order_payments: ['SELECT'],
  order_pickup_addresses: ['SELECT'],
  order_pickup_windows: ['SELECT'],
  order_problem_statements: ['SELECT'],
  order_problems: ['SELECT'],
  orders: ['SELECT'],
  places: ['SELECT'],
  profiles: ['SELECT', 'UPDATE'],
  project_bids: ['INSERT', 'SELECT'],
  project_items: ['DELETE', 'INSERT', 'SELECT'],
  project_photo_notes: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  project_milestones: ['SELECT'],
  projects: ['INSERT', 'SELECT', 'UPDATE'],
  push_subscriptions: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  reports: ['INSERT', 'SELECT'],
  reviews: ['INSERT', 'SELECT'],
  saved_designers: ['DELETE', 'INSERT', 'SELECT'],
  // Own rows; the origin and the match columns are the database's (docs/find-it-first.md).
  saved_searches: ['DELETE', 'INSERT', 'SELECT', 'UPDATE'],
  saved_items: ['DELETE', 'INSERT', 'SELECT'],
  seller_accounts: ['SELECT'],
  subscriptions: ['SELECT'],
  user_roles: ['SELECT'],
  verification_requests: ['INSERT', 'SELECT'],
};
/** Columns that carry state: never writable by a client. */
const STATE_COLUMNS: [string, string][] = [
  // Set by moderation only (docs/trust-and-safety.md).
  ['catalog_items', 'hidden_at'],
  ['messages', 'hidden_at'],
  ['listing_messages', 'hidden_at'],
  ['reviews', 'hidden_at'],
  // Kept from the reviews by a trigger (docs/places.md, "Designer filters").
  ['designer_profiles', 'rating'],
  ['designer_profiles', 'review_count'],
  ['projects', 'hidden_at'],
  ['profiles', 'suspended_at'],
  ['reports', 'subject_user_id'],
  ['reports', 'status'],
  ['reports', 'resolved_at'],
  ['reports', 'resolved_by'],
  ['projects', 'designer_id'],
  ['projects', 'items_total'],
  ['projects', 'completed_at'],
  ['project_bids', 'status'],
  ['reviews', 'client_name'],
  ['designer_profiles', 'full_name'],
  ['profiles', 'email'],
  ['user_roles', 'role'],
  // Derived from the place or the location (docs/decisions/0024).
  ['customer_profiles', 'latitude'],
  ['customer_profiles', 'longitude'],
  ['catalog_items', 'latitude'],
  ['catalog_items', 'longitude'],
  // Notifications are the database's (docs/decisions/0025): the recipient sets read_at only.
  ['notifications', 'user_id'],
  ['notifications', 'kind'],
  ['notifications', 'title'],
  ['notifications', 'body'],
  ['notifications', 'link'],
  ['notifications', 'data'],
  ['notifications', 'created_at'],
  // The mail state is the mail run's (service role only).
  ['notifications', 'mailed_at'],
  ['notifications', 'mail_attempts'],
  ['notifications', 'mail_next_attempt_at'],
  ['notifications', 'mail_claimed_until'],
  ['notifications', 'mail_error'],
  // The market's state is its functions' (docs/decisions/0026-market.md).
  ['catalog_items', 'reserved_until'],
  ['catalog_items', 'held_until'],
  ['catalog_items', 'saved_count'],
  // A piece refused at pickup: set by the refusal, cleared by an edit (docs/orders.md).
  ['catalog_items', 'returned_at'],
  ['project_items', 'catalog_item_id'],
  ['listing_messages', 'created_at'],
  // A piece bought for a project: the order functions' (docs/decisions/0029-paying-sellers.md).
  ['project_items', 'bought_at'],
  ['project_items', 'order_id'],
  // A block is the signed-in person's (docs/trust-and-safety.md): a client names only whom it blocks.
  ['blocks', 'blocker_id'],
  ['blocks', 'created_at'],
  // The verified badge and the requests' state are the verification functions' (docs/trust-and-safety.md).
  ['designer_profiles', 'verified'],
  ['verification_requests', 'status'],
  ['verification_requests', 'school_email'],
  ['verification_requests', 'email_token_hash'],
  ['verification_requests', 'email_confirmed_at'],
  ['verification_requests', 'decided_by'],
  ['verification_requests', 'decided_at'],
  ['verification_requests', 'reason'],
  ['verification_requests', 'documents_removed_at'],
];

/**
 * The restrictive policy that makes a user with a verified factor present an aal2 token (docs/security.md, "The
 * second factor protects the API").
 */
const AAL_POLICY = 'two-factor users need aal2';

describe('schema lint', () => {
  it('every table the API reaches refuses an aal1 token of a two-factor user: one restrictive policy, evaluated once per statement', async () => {
    // public (the Data API) and, in the schemas of Storage and Realtime, every table a policy grants something on.
    const missing = await rows(`
      select n.nspname || '.' || c.relname as tbl
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and c.relrowsecurity
        and (n.nspname = 'public'
          or (n.nspname in ('storage', 'realtime') and exists (
            select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.permissive = 'PERMISSIVE')))
        and not exists (
          select 1 from pg_policies p
          where p.schemaname = n.nspname and p.tablename = c.relname and p.policyname = '${AAL_POLICY}'
            and p.permissive = 'RESTRICTIVE' and p.cmd = 'ALL' and p.roles = '{authenticated}'
            and p.qual = '( SELECT private.aal_satisfied() AS aal_satisfied)'
            and p.with_check = '( SELECT private.aal_satisfied() AS aal_satisfied)')
      order by 1`);
    expect(missing).toEqual([]);
    expect(
      await rows(
        `select 1 from pg_policies where schemaname = 'storage' and tablename = 'objects' and policyname = '${AAL_POLICY}'`,
      ),
    ).toHaveLength(1);
    // The pre-request covers every RPC, the SECURITY DEFINER ones (which bypass row-level security) included.
    expect(
      await rows(`
        select cfg from pg_db_role_setting s, unnest(s.setconfig) cfg
        where s.setrole = 'authenticator'::regrole and cfg like 'pgrst.db_pre_request=%'`),
    ).toEqual([{ cfg: 'pgrst.db_pre_request=private.check_request' }]);
  });

  it('every table in public has RLS enabled and at least one policy (0013, 0007, 0008)', async () => {
    const bad = await rows(`
      select c.relname, c.relrowsecurity, (select count(*) from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname)::int as policies
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and (not c.relrowsecurity or not exists (select 1 from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname))`);
    expect(bad).toEqual([]);
  });

  it('no views, materialized views or foreign tables in public (0010, 0016, 0017)', async () => {
    expect(
      await rows(
        `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('v', 'm', 'f')`,
      ),
    ).toEqual([]);
  });

  it('every function in public and private fixes search_path; definer functions live in private or are the API RPCs (0011, 0028)', async () => {
    const mutable = await rows(`
      select n.nspname || '.' || p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname in ('public', 'private') and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(mutable).toEqual([]);
    const publicDefiners = await rows<{ fn: string }>(`
      select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef order by 1`);
    expect(publicDefiners.map((r) => r.fn)).toEqual([
      'accept_bid',
      // Whether the caller's account may go now, asked by delete-account before any file goes (docs/milestones.md).
      'account_deletion_refusal',
      // The market's state changes (docs/decisions/0026-market.md).
      'add_catalog_item_to_project',
      // Funded milestones (docs/milestones.md): the parties' moves and the operators' reads and decision, the caller
      // checked in each; the money functions (milestone_*, milestones_auto_release) the service role's only.
      'add_dispute_statement',
      // Buyer protection (docs/orders.md): the parties' pickups, handover and problems and the operators' reads and
      // decision, the caller checked in each; the money functions (order_* but order_problem_*, orders_settle_due)
      // the service role's only.
      'add_order_problem_statement',
      // The selection board (docs/working-together.md): each function checks the caller's part in the project.
      'approve_board_item',
      'ask_board_alternative',
      'ask_pickup_reschedule',
      // Blocks as the blocker sees them; the blocked person's side of them says only 'closed' (docs/trust-and-safety.md).
      'block_state',
      'blocked_people',
      // The orders' reads and moves, the caller checked (docs/decisions/0029-paying-sellers.md).
      'buy_now_quote',
      // The mail run's, executable by the service role only (docs/decisions/0025-notifications.md).
      'claim_notification_mails',
      // The push run's, the same way (docs/notifications.md, "The push half").
      'claim_notification_pushes',
      // Verified badges: the link's confirmation, the operator's decision (docs/trust-and-safety.md).
      'confirm_pickup_window',
      'confirm_school_email',
      // A counterpart's e-mail, the relation checked (docs/decisions/0030-safe-by-default.md).
      'contact_email',
      'decide_milestone_dispute',
      'decide_order_problem',
      'decide_verification',
      'decline_board_item',
      'delete_user',
      'designer_bids',
      'designer_earnings',
      // Ends an account's sessions, for the moderate-account function: service role only (docs/trust-and-safety.md).
      'end_user_sessions',
      'finish_notification_mail',
      'finish_notification_push',
      // Operators: the check, the console's reads and their actions, each refusing anyone else (docs/trust-and-safety.md).
      'is_operator',
      'make_offer',
      // Read state (docs/working-together.md): the caller's own row, of a conversation they are in.
      'mark_conversation_read',
      'mark_order_collected',
      'milestone_chargeback_closed',
      'milestone_chargeback_opened',
      'milestone_dispute_detail',
      'milestone_dispute_queue',
      'milestone_for_payment',
      'milestone_fund_open',
      'milestone_mark_funded',
      'milestone_payment_expire',
      'milestone_payment_note',
      'milestone_payment_set_checkout',
      'milestone_payment_succeeded',
      'milestone_pending_settlements',
      'milestone_refund_open',
      'milestone_release',
      'milestones_auto_release',
      'moderate',
      'moderation_queue',
      'moderation_subject',
      'offer_pickup_windows',
      'open_milestone_dispute',
      // Open projects and their total: the place's label and the distance, never the coordinates they measure
      // (read as their owner, the visibility rule restated: docs/decisions/0030-safe-by-default.md).
      'open_project_count',
      'open_projects',
      'order_cancel',
      'order_chargeback_closed',
      'order_chargeback_opened',
      'order_collect',
      'order_mark_paid',
      'order_mark_refunded',
      'order_payment_note',
      'order_payment_succeeded',
      'order_pending_settlements',
      'order_problem_detail',
      'order_problem_queue',
      'order_refuse',
      'orders_settle_due',
      'portfolio_projects',
      'project_access',
      // The location as typed, for the customer and the assigned designer (docs/decisions/0030-safe-by-default.md).
      'project_locations',
      'propose_board_item',
      'reinstate_account',
      'report_order_problem',
      'report_pickup_no_show',
      'request_milestone_cancel',
      'request_milestone_changes',
      'respond_to_counter',
      'respond_to_offer',
      // Copies the owner's origin (a tied project's private coordinates) and hands the row back without it
      // (docs/find-it-first.md).
      'save_search',
      // Words need their index, which row-level security would forbid (@@ is not leakproof): available pieces only.
      'search_catalog_items',
      'start_listing_conversation',
      // verify-school-email's part, executable by the service role only.
      'start_school_email_verification',
      'submit_milestone',
      'suspend_account',
      'switch_account_type',
      // The payment functions' per-user count, executable by the service role only (docs/product.md, Limits).
      'take_function_rate',
      // The caller's conversations with messages they have not read (docs/working-together.md).
      'unread_counts',
      'withdraw_board_item',
      'withdraw_offer',
      'withdraw_verification',
    ]);
  });

  it('anon has no privilege in public but reading places and calling the place functions (ADR 0024)', async () => {
    expect(
      await rows(
        `select table_name, privilege_type from information_schema.role_table_grants where grantee = 'anon' and table_schema = 'public'`,
      ),
    ).toEqual([{ table_name: 'places', privilege_type: 'SELECT' }]);
    expect(
      await rows(
        `select table_name, column_name from information_schema.column_privileges where grantee = 'anon' and table_schema = 'public' and not (table_name = 'places' and privilege_type = 'SELECT')`,
      ),
    ).toEqual([]);
    expect(
      await rows(
        `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'private') and has_function_privilege('anon', p.oid, 'execute') order by 1`,
      ),
    ).toEqual([
      // The pre-request every API request runs, anon's too (docs/security.md, "The second factor protects the API").
      { proname: 'check_request' },
      { proname: 'miles_between' },
      { proname: 'nearest_place' },
      { proname: 'place_box' },
      { proname: 'place_key' },
      { proname: 'search_places' },
    ]);
  });

  it("the API roles cannot select private columns: e-mail addresses, the mail bookkeeping, projects' location as typed and coordinates (docs/decisions/0030-safe-by-default.md)", async () => {
    const readable = await rows<{ role: string; t: string; col: string }>(`
      select r.role, c.table_name as t, c.column_name as col
        from information_schema.columns c cross join (values ('anon'), ('authenticated')) r(role)
       where c.table_schema = 'public'
         and (c.table_name, c.column_name) in (('profiles', 'email'), ('notifications', 'mailed_at'),
              ('notifications', 'mail_attempts'), ('notifications', 'mail_next_attempt_at'),
              ('notifications', 'mail_claimed_until'), ('notifications', 'mail_error'),
              ('projects', 'location'), ('projects', 'latitude'), ('projects', 'longitude'))
         and has_column_privilege(r.role, format('public.%I', c.table_name), c.column_name, 'SELECT')`);
    expect(readable).toEqual([]);
  });

  it('authenticated has exactly the grants the RLS matrix expects', async () => {
    const got = await rows<{ t: string; p: string }>(`
      select table_name as t, privilege_type as p from information_schema.role_table_grants where grantee = 'authenticated' and table_schema = 'public'
      union
      select table_name, privilege_type from information_schema.column_privileges where grantee = 'authenticated' and table_schema = 'public'
      order by 1, 2`);
    const map: Record<string, string[]> = {};
    for (const r of got) (map[r.t] ??= []).push(r.p);
    expect(map).toEqual(AUTHENTICATED_GRANTS);
    expect(Object.keys(AUTHENTICATED_GRANTS).sort()).toEqual(RLS_MATRIX.map((s) => s.table).sort());
    const rpc = await rows<{ fn: string }>(`
      select p.proname as fn from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and has_function_privilege('authenticated', p.oid, 'execute') order by 1`);
    expect(rpc.map((r) => r.fn)).toEqual([
      'accept_bid',
      'account_deletion_refusal',
      'add_catalog_item_to_project',
      'add_dispute_statement',
      'add_order_problem_statement',
      'approve_board_item',
      'ask_board_alternative',
      'ask_pickup_reschedule',
      'block_state',
      'blocked_people',
      'buy_now_quote',
      'catalog_item_distance',
      'confirm_pickup_window',
      'confirm_school_email',
      'contact_email',
      'decide_milestone_dispute',
      'decide_order_problem',
      'decide_verification',
      'decline_board_item',
      'delete_user',
      'designer_bids',
      'designer_earnings',
      'is_operator',
      'make_offer',
      'mark_conversation_read',
      'mark_notifications_read',
      'mark_order_collected',
      'milestone_dispute_detail',
      'milestone_dispute_queue',
      'moderate',
      'moderation_queue',
      'moderation_subject',
      'nearby_catalog_items',
      'nearby_designers',
      'nearest_place',
      'offer_pickup_windows',
      'open_milestone_dispute',
      'open_project_count',
      'open_projects',
      'order_problem_detail',
      'order_problem_queue',
      'portfolio_projects',
      'project_access',
      'project_locations',
      'propose_board_item',
      'reinstate_account',
      'report_order_problem',
      'report_pickup_no_show',
      'request_milestone_cancel',
      'request_milestone_changes',
      'respond_to_counter',
      'respond_to_offer',
      'save_search',
      'search_catalog_items',
      'search_designers',
      'search_places',
      'start_listing_conversation',
      'submit_milestone',
      'suspend_account',
      'switch_account_type',
      'unread_counts',
      'unread_notification_count',
      'withdraw_board_item',
      'withdraw_offer',
      'withdraw_verification',
    ]);
  });

  it('state-carrying columns are not writable by clients', async () => {
    for (const [t, col] of STATE_COLUMNS) {
      const r = await rows(
        `select has_column_privilege('authenticated', 'public.${t}', '${col}', 'insert') as i, has_column_privilege('authenticated', 'public.${t}', '${col}', 'update') as u`,
      );
      expect(r[0], `${t}.${col}`).toEqual({ i: false, u: false });
    }
  });

  it('every foreign key is covered by an index whose leading columns are the key (0001)', async () => {
    const unindexed = await rows(`
      select c.conrelid::regclass::text as tbl, c.conname
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where c.contype = 'f' and n.nspname = 'public'
        and not exists (
          select 1 from pg_index i
          where i.indrelid = c.conrelid
            and (i.indkey::int2[])[0:cardinality(c.conkey) - 1] = c.conkey
        )`);
    expect(unindexed).toEqual([]);
  });

  it('policies are for authenticated (places: everyone) and call auth.uid() once per statement (0003)', async () => {
    const pols = await rows<{
      tablename: string;
      policyname: string;
      roles: string[];
      qual: string | null;
      with_check: string | null;
    }>(
      `select tablename, policyname, roles::text[] as roles, qual, with_check from pg_policies where schemaname = 'public'`,
    );
    for (const p of pols) {
      const everyone = p.tablename === 'places' && p.policyname !== AAL_POLICY;
      expect(p.roles, p.policyname).toEqual(everyone ? ['anon', 'authenticated'] : ['authenticated']);
      for (const expr of [p.qual, p.with_check]) {
        if (!expr) continue;
        const bare = (expr.match(/auth\.(uid|jwt|role|email)\(\)/g) ?? []).length;
        const wrapped = (expr.match(/SELECT auth\.(uid|jwt|role|email)\(\)/g) ?? []).length;
        expect(bare, `${p.tablename}.${p.policyname}: ${expr}`).toBe(wrapped);
        expect(expr, p.policyname).not.toMatch(/user_metadata/);
      }
    }
  });

  it('write policies are never "true" (0024); the realtime publication carries the live tables', async () => {
    const permissive = await rows(
      `select policyname from pg_policies where schemaname = 'public' and cmd <> 'SELECT' and (qual = 'true' or with_check = 'true')`,
    );
    expect(permissive).toEqual([]);
    const pub = await rows<{ t: string }>(
      `select tablename as t from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' order by 1`,
    );
    expect(pub.map((r) => r.t)).toEqual([
      'board_proposals',
      'conversation_reads',
      'designer_nudges',
      'listing_messages',
      'messages',
      'milestone_dispute_statements',
      'milestone_disputes',
      'milestone_payments',
      'notifications',
      'offers',
      'order_payments',
      'order_pickup_addresses',
      'order_pickup_windows',
      'order_problem_statements',
      'order_problems',
      'orders',
      'project_bids',
      'project_items',
      'project_milestones',
    ]);
  });

  it('storage buckets exist with the intended visibility and limits', async () => {
    const b = await rows(
      `select id, public, file_size_limit::int as limit, allowed_mime_types as mimes from storage.buckets order by id`,
    );
    const images = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
    expect(b).toEqual([
      { id: 'board-photos', public: false, limit: 5242880, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'catalog-images', public: true, limit: 5242880, mimes: images },
      { id: 'designer-portfolio', public: true, limit: 5242880, mimes: images },
      { id: 'message-photos', public: false, limit: 5242880, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'milestone-photos', public: false, limit: 5242880, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'order-photos', public: false, limit: 5242880, mimes: ['image/jpeg', 'image/png', 'image/webp'] },
      { id: 'project-photos', public: false, limit: 5242880, mimes: images },
      {
        id: 'verification-documents',
        public: false,
        limit: 5242880,
        mimes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'],
      },
    ]);
    // 0025: no public bucket has a SELECT policy that is only `bucket_id = '…'` (that would make it listable by anyone).
    const broad = await rows(
      `select policyname from pg_policies where schemaname = 'storage' and tablename = 'objects' and cmd = 'SELECT' and (qual = 'true' or qual ~ '^\\(bucket_id = ''[^'']+''::text\\)$')`,
    );
    expect(broad).toEqual([]);
  });
});
