import type { Database } from '@/types/database';

export type ReportSubject = Database['public']['Enums']['report_subject'];

/** What was reported, in the product's words (docs/glossary.md). */
export const subjectLabels: Record<ReportSubject, string> = {
  person: 'Person',
  piece: 'Piece',
  project_message: 'Project message',
  piece_message: 'Message about a piece',
  review: 'Review',
  project: 'Project',
};

export const subjectKinds = Object.keys(subjectLabels) as ReportSubject[];

export function isReportSubject(value: string): value is ReportSubject {
  return (subjectKinds as string[]).includes(value);
}

/** The audit log's verbs, one per moderation_actions.action. */
export const actionLabels: Record<string, string> = {
  dismiss: 'Dismissed the reports',
  hide: 'Hid',
  restore: 'Restored',
  warn: 'Warned',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  approve_verification: 'Approved verification',
  refuse_verification: 'Refused verification',
  decide_dispute: 'Decided a dispute',
  decide_order_problem: "Decided an order's problem",
};

export function actionLabel(action: string): string {
  return actionLabels[action] ?? action;
}

/** A report's state as the console says it. */
export const reportStatusLabels: Record<string, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  actioned: 'Acted on',
};

/** A dispute's or a chargeback's state in the console (milestone_disputes.status and outcome). */
export function disputeStateLabel(dispute: { kind: string; status: string; outcome: string | null }): string {
  if (dispute.kind === 'chargeback') {
    if (dispute.outcome === 'won') return 'Won: the payment stays with Good Space';
    if (dispute.outcome === 'lost') return 'Lost: the bank returned the payment';
    return 'Waiting for the bank';
  }
  if (dispute.status === 'open') return 'Waiting for a decision';
  if (dispute.status === 'decided') return 'Decided';
  return 'Closed';
}

/** The ledger's kinds and reasons (milestone_payments), in the console's words. */
export const paymentKindLabels: Record<string, string> = {
  charge: 'Payment',
  refund: 'Refund',
  transfer: 'Release',
};

export const paymentReasonLabels: Record<string, string> = {
  funding: 'funded by the customer',
  release: 'released by the customer',
  auto_release: 'released automatically',
  dispute: 'by a dispute decision',
  designer_refund: 'refunded by the designer',
  cancel_agreed: 'cancelled by both',
  double_payment: 'a second payment returned',
  provider: 'made at the card processor',
};

export const paymentStatusLabels: Record<string, string> = {
  pending: 'Pending',
  succeeded: 'Done',
  failed: 'Failed',
  expired: 'Expired',
};

/** An order's states in the console (orders.status; docs/orders.md). */
export const orderStatusLabels: Record<string, string> = {
  pending: 'Payment pending',
  expired: 'Expired',
  paid: 'Paid (Waiting for pickup)',
  collected: 'Collected',
  disputed: 'In dispute',
  completed: 'Completed',
  refused: 'Refused at pickup',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
};

/** The orders' ledger (order_payments): its kinds and reasons, in the console's words. */
export const orderPaymentKindLabels: Record<string, string> = {
  refund: 'Refund',
  transfer: 'Payout',
};

export const orderPaymentReasonLabels: Record<string, string> = {
  release: 'the buyer confirmed the handover',
  auto_release: 'paid automatically after 48 hours',
  problem: 'by a decision on a problem',
  refused: 'refused at pickup',
  seller_cancelled: 'cancelled by the seller',
  buyer_no_show: 'the buyer missed two pickups',
  seller_no_show: 'the seller missed a pickup',
};

/** Why an order was refunded (orders.refund_reason). */
export const orderRefundReasonLabels: Record<string, string> = {
  seller_cancelled: 'cancelled by the seller',
  already_sold: 'someone else paid first',
  provider: 'refunded at the card processor',
  refused: 'refused at pickup',
  buyer_no_show: 'the buyer missed two pickups',
  seller_no_show: 'the seller missed a pickup',
  problem: 'a decision on a problem',
  chargeback: "the card's bank took it back",
};

/** A pickup window's state (order_pickup_windows.status), with who proposed it or who missed it. */
export function pickupWindowLabel(window: { status: string; proposer_role: string; missed_by: string | null }): string {
  switch (window.status) {
    case 'proposed':
      return `Offered by the ${window.proposer_role}`;
    case 'confirmed':
      return 'Confirmed';
    case 'kept':
      return 'Kept: the handover happened';
    case 'missed':
      return `Missed by the ${window.missed_by ?? 'other party'}`;
    default:
      return 'Superseded';
  }
}
