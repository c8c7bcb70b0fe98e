import type { MilestoneStatus } from '@/lib/milestone-status';
import type { Tables } from '@/types/database';

export type Milestone = Tables<'project_milestones'>;
export type MilestonePayment = Tables<'milestone_payments'>;

/** The states in which Good Space holds the customer's money for the designer. */
const HOLDING: ReadonlySet<MilestoneStatus> = new Set(['funded', 'submitted', 'changes_requested', 'disputed']);
/** The states a party may still act on (release, refund, dispute): the money is held and not in a dispute. */
const ACTIONABLE: ReadonlySet<MilestoneStatus> = new Set(['funded', 'submitted', 'changes_requested']);

type Amounts = Pick<Milestone, 'amount' | 'refunded_amount' | 'released_amount' | 'status'>;

/** Cents of a dollar amount, so sums and comparisons of money are exact. */
export function cents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** What Good Space holds of a milestone: its amount less what was refunded and released, while it is held. */
export function heldAmount(milestone: Amounts): number {
  if (!HOLDING.has(milestone.status)) return 0;
  return (cents(milestone.amount) - cents(milestone.refunded_amount) - cents(milestone.released_amount)) / 100;
}

/** Money is held on the project: Mark as Complete waits (the database refuses it too). */
export function holdsMoney(milestones: readonly Amounts[]): boolean {
  return milestones.some((milestone) => HOLDING.has(milestone.status));
}

/**
 * The one milestone the customer may fund now: the first not funded, once every earlier one is funded or settled
 * (milestones are funded in order; the database checks it again).
 */
export function nextFundable<T extends Pick<Milestone, 'status' | 'position'>>(milestones: readonly T[]): T | null {
  const sorted = [...milestones].sort((a, b) => a.position - b.position);
  return sorted.find((milestone) => milestone.status === 'not_funded') ?? null;
}

export type Viewer = 'customer' | 'designer';

export type MilestoneActions = {
  fund: boolean;
  release: boolean;
  requestChanges: boolean;
  askToCancel: boolean;
  submit: boolean;
  refund: boolean;
  agreeToCancel: boolean;
  openDispute: boolean;
};

/**
 * What the viewer may do with one milestone now (docs/milestones.md). The database decides again; these only keep
 * buttons that would be refused off the page. A frozen milestone (a chargeback) offers nothing until the bank
 * decides; nothing is offered on a project that is not active, except the designer's refunds.
 */
export function milestoneActions(
  milestone: Milestone,
  { viewer, fundable, projectActive }: { viewer: Viewer; fundable: boolean; projectActive: boolean },
): MilestoneActions {
  const frozen = milestone.frozen_at !== null;
  const open = ACTIONABLE.has(milestone.status) && !frozen;
  const customer = viewer === 'customer';
  const designer = viewer === 'designer';
  return {
    fund: customer && projectActive && fundable && milestone.status === 'not_funded',
    release: customer && open,
    requestChanges: customer && !frozen && milestone.status === 'submitted',
    askToCancel:
      customer &&
      !frozen &&
      milestone.status === 'funded' &&
      milestone.submitted_at === null &&
      milestone.cancel_requested_at === null,
    submit: designer && !frozen && (milestone.status === 'funded' || milestone.status === 'changes_requested'),
    refund: designer && open,
    agreeToCancel: designer && open && milestone.cancel_requested_at !== null,
    openDispute: open,
  };
}
