/**
 * The notification kinds (docs/decisions/0025-notifications.md) and how a mail and the unsubscribe page name
 * each: "You will no longer get e-mails about <topic>."
 */
export const KIND_TOPICS = {
  bid_received: 'new bids on your projects',
  bid_accepted: 'your accepted bids',
  bid_rejected: 'bids that were not selected',
  nudge_received: 'nudges from customers',
  nudge_accepted: 'accepted nudges and their quotes',
  nudge_declined: 'declined nudges',
  message_received: 'new messages',
  item_added: 'items added to your projects',
  item_removed: 'items removed from your projects',
  budget_80: 'projects reaching 80% of their budget',
  budget_100: 'projects reaching their whole budget',
  photos_added: 'photos added to your projects',
  project_completed: 'completed projects',
  review_received: 'reviews you receive',
  payment_failed: 'failed membership payments',
  membership_ending: 'memberships ending',
  offer_received: 'offers on your Good Stuff pieces',
  offer_countered: 'counter-offers from sellers',
  offer_accepted: 'accepted offers',
  offer_declined: 'declined offers',
  listing_message: 'messages about Good Stuff pieces',
  order_paid: 'your Good Stuff pieces being bought',
  order_receipt: 'receipts for your Good Stuff purchases',
  order_ready: 'purchases ready for pickup',
  order_completed: 'completed Good Stuff orders',
  order_cancelled: 'cancelled Good Stuff orders',
  order_refunded: 'purchases refunded because someone else bought first',
  report_outcome: 'what Good Space did about your reports',
  account_warning: 'warnings from Good Space',
  content_hidden: 'your content that Good Space hid',
  project_paused: 'projects paused by Good Space',
  verification_decided: 'your verification requests',
  milestone_funded: 'milestones funded for your work',
  milestone_submitted: 'milestones submitted for your approval',
  milestone_changes_requested: 'changes requested on your milestones',
  milestone_released: 'milestone payments released to you',
  milestone_release_reminder: 'milestones about to be released automatically',
  milestone_refunded: 'milestone refunds',
  milestone_cancel_requested: 'requests to cancel a milestone',
  milestone_disputed: 'disputes on milestones',
  milestone_dispute_decided: 'decisions on milestone disputes',
  pickup_proposed: 'pickup times offered for your orders',
  pickup_confirmed: 'confirmed pickup times',
  pickup_reschedule: 'requests to reschedule a pickup',
  pickup_reminder: 'reminders of your pickups',
  pickup_missed: 'missed pickups',
  order_collected: 'pieces marked collected',
  order_refused: 'pieces refused at pickup',
  order_problem: 'problems reported with orders',
  order_problem_decided: 'decisions on problems with orders',
  order_chargeback: 'chargebacks on your sales',
} as const;

export type NotificationKind = keyof typeof KIND_TOPICS;

export function isNotificationKind(value: string): value is NotificationKind {
  return Object.prototype.hasOwnProperty.call(KIND_TOPICS, value);
}
