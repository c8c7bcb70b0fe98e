import type { Tables } from '@/types/database';

/**
 * Rows as the backend answers them (src/types/database.ts), for unit tests to answer requests with: every column
 * filled with a plausible value, `overrides` for what the test is about (columns, or the embedded rows a select
 * asks for). Each row gets a unique id, so two rows never collide in a list's keys or a cache.
 */

let sequence = 0;

/** A fresh UUID-shaped id, unique within the test run (`prefix`: up to 8 hex digits, to tell kinds apart). */
export function anId(prefix = '00000000') {
  sequence += 1;
  return `${prefix.padStart(8, '0')}-0000-4000-8000-${sequence.toString(16).padStart(12, '0')}`;
}

const NOW = '2026-11-01T12:00:00.000Z';

type Overrides<Row> = Partial<Row> & Record<string, unknown>;

/** A piece for sale on Good Stuff (`catalog_items`), available. */
export function aPiece<O extends Overrides<Tables<'catalog_items'>>>(overrides: O = {} as O) {
  const row: Tables<'catalog_items'> = {
    id: anId('f'),
    designer_id: anId('d'),
    title: 'Opaline lamp',
    description: 'White opaline glass shade on a brass stem.',
    category: 'lighting',
    condition: 'very_good',
    price: 95,
    photo_urls: [],
    image_url: null,
    location: 'Salem, OR',
    place_id: null,
    latitude: null,
    longitude: null,
    width_in: null,
    depth_in: null,
    height_in: null,
    dimensions: null,
    status: 'available',
    is_available: true,
    reserved_until: null,
    held_until: null,
    hidden_at: null,
    returned_at: null,
    saved_count: 0,
    search: null,
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A customer's project (`projects`), pending (open for bids). */
export function aProject<O extends Overrides<Tables<'projects'>>>(overrides: O = {} as O) {
  const row: Tables<'projects'> = {
    id: anId('a'),
    customer_id: anId('c'),
    designer_id: null,
    title: 'Living room refresh',
    description: 'A brighter living room.',
    status: 'pending',
    budget: 5000,
    budget_type: 'soft',
    items_total: 0,
    space_size: 300,
    location: 'Salem, OR',
    place_id: null,
    latitude: null,
    longitude: null,
    preferred_style: null,
    hidden_at: null,
    portfolio_consent: false,
    portfolio_show_costs: false,
    completed_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A designer's public profile (`designer_profiles`). */
export function aDesigner<O extends Overrides<Tables<'designer_profiles'>>>(overrides: O = {} as O) {
  const row: Tables<'designer_profiles'> = {
    user_id: anId('d'),
    full_name: 'Dana Lister',
    username: 'dana',
    bio: null,
    location: 'Salem, OR',
    place_id: null,
    latitude: null,
    longitude: null,
    availability_status: 'available',
    // Listed: an account whose e-mail is confirmed (designer_profiles.confirmed, docs/schema.md).
    confirmed: true,
    // No verified badge (designer_profiles.verified, docs/trust-and-safety.md).
    verified: null,
    // No reviews (designer_profiles.rating and review_count, kept from the reviews: docs/places.md).
    rating: null,
    review_count: 0,
    base_rate: 100,
    rate_per_item: 0,
    rate_per_sqft: 0,
    experience_years: 5,
    specialties: [],
    portfolio_url: null,
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A designer's bid on a project (`project_bids`), pending. */
export function aBid<O extends Overrides<Tables<'project_bids'>>>(overrides: O = {} as O) {
  const row: Tables<'project_bids'> = {
    id: anId('b'),
    project_id: anId('a'),
    designer_id: anId('d'),
    bid_amount: 1200,
    estimated_days: 14,
    proposal: 'I would start with the lighting.',
    milestones: null,
    status: 'pending',
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** An item in a project's budget (`project_items`). */
export function anItem<O extends Overrides<Tables<'project_items'>>>(overrides: O = {} as O) {
  const row: Tables<'project_items'> = {
    id: anId('e'),
    project_id: anId('a'),
    added_by: anId('c'),
    name: 'Floor lamp',
    description: null,
    cost: 120,
    catalog_item_id: null,
    order_id: null,
    bought_at: null,
    created_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A buyer's order of a piece (`orders`), paid. */
export function anOrder<O extends Overrides<Tables<'orders'>>>(overrides: O = {} as O) {
  const row: Tables<'orders'> = {
    id: anId('0'),
    buyer_id: anId('c'),
    seller_id: anId('d'),
    catalog_item_id: anId('f'),
    offer_id: null,
    item_title: 'Opaline lamp',
    item_photo_url: null,
    amount: 95,
    currency: 'usd',
    provider: 'stripe',
    status: 'paid',
    checkout_session_id: null,
    checkout_expires_at: NOW,
    payment_intent_id: null,
    paid_at: NOW,
    ready_at: null,
    completed_at: null,
    cancelled_at: null,
    refund_id: null,
    refund_reason: null,
    refunded_at: null,
    payout: 'held',
    charge_id: null,
    handed_over_at: null,
    release_at: null,
    refused_at: null,
    refusal_reason: null,
    refusal_photos: [],
    released_amount: 0,
    refunded_amount: 0,
    frozen_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A buyer's offer on a piece (`offers`), pending. */
export function anOffer<O extends Overrides<Tables<'offers'>>>(overrides: O = {} as O) {
  const row: Tables<'offers'> = {
    id: anId('0ff'),
    catalog_item_id: anId('f'),
    buyer_id: anId('c'),
    seller_id: anId('d'),
    amount: 80,
    counter_amount: null,
    note: null,
    status: 'pending',
    reserved_until: null,
    expires_at: '2026-11-03T12:00:00.000Z',
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** One of a user's notifications (`notifications`), unread. */
export function aNotification<O extends Overrides<Tables<'notifications'>>>(overrides: O = {} as O) {
  const row: Tables<'notifications'> = {
    id: anId('7'),
    user_id: anId('c'),
    actor_id: null,
    project_id: null,
    kind: 'bid_received',
    title: 'New bid',
    body: null,
    link: '/',
    data: {},
    read_at: null,
    created_at: NOW,
    mail_attempts: 0,
    mail_claimed_until: null,
    mail_error: null,
    mail_fold_key: null,
    mail_folded_into: null,
    mail_next_attempt_at: null,
    mailed_at: null,
    push_attempts: 0,
    push_claimed_until: null,
    push_error: null,
    push_next_attempt_at: null,
    pushed_at: null,
  };
  return { ...row, ...overrides };
}

/** A project's milestone (`project_milestones`), not funded yet. */
export function aMilestone<O extends Overrides<Tables<'project_milestones'>>>(overrides: O = {} as O) {
  const row: Tables<'project_milestones'> = {
    id: anId('f'),
    project_id: anId('a'),
    bid_id: anId('b'),
    customer_id: anId('c'),
    designer_id: anId('d'),
    position: 1,
    title: 'Design board',
    amount: 300,
    status: 'not_funded',
    provider: null,
    payment_intent_id: null,
    charge_id: null,
    funded_at: null,
    submitted_at: null,
    submission_note: null,
    submission_photos: [],
    changes_requested_at: null,
    changes_note: null,
    auto_release_at: null,
    reminded_3d_at: null,
    reminded_1d_at: null,
    released_at: null,
    released_amount: 0,
    refunded_amount: 0,
    cancel_requested_at: null,
    frozen_at: null,
    created_at: NOW,
    updated_at: NOW,
  };
  return { ...row, ...overrides };
}

/** A milestone's payment (`milestone_payments`): a charge that succeeded. */
export function aMilestonePayment<O extends Overrides<Tables<'milestone_payments'>>>(overrides: O = {} as O) {
  const row: Tables<'milestone_payments'> = {
    id: anId('9'),
    milestone_id: anId('f'),
    project_id: anId('a'),
    kind: 'charge',
    amount: 300,
    currency: 'usd',
    status: 'succeeded',
    reason: 'funding',
    provider: 'sandbox',
    provider_id: 'pi_sandbox_1',
    charge_id: 'ch_sandbox_1',
    source_payment_id: null,
    retry_after: null,
    checkout_session_id: null,
    checkout_expires_at: null,
    note: null,
    created_at: NOW,
    completed_at: NOW,
  };
  return { ...row, ...overrides };
}
