import type { MarketStore } from './market-store.ts';
import type { MilestoneStore } from './milestone-store.ts';

// A chargeback (charge.dispute.created, then .closed) is on one of the platform's charges: a milestone's or a held
// order's (docs/payments.md). The event does not say whose: the milestones' functions are asked first, and on
// 'unknown' the orders' ones; each freezes its payment (nothing moves until the bank decides) and records the
// bank's outcome. Neither knowing it (another environment's charge) records nothing.

export type ChargebackEvent =
  | { kind: 'chargeback-opened'; paymentIntentId: string; disputeId: string; reason: string }
  | { kind: 'chargeback-closed'; disputeId: string; won: boolean };

export type ChargebackOutcome = 'frozen' | 'closed' | 'duplicate' | 'unknown';

export async function handleChargeback(
  event: ChargebackEvent,
  deps: {
    milestones: Pick<MilestoneStore, 'chargebackOpened' | 'chargebackClosed'>;
    market: Pick<MarketStore, 'chargebackOpened' | 'chargebackClosed'>;
  },
): Promise<ChargebackOutcome> {
  if (event.kind === 'chargeback-opened') {
    const milestone = await deps.milestones.chargebackOpened(event.paymentIntentId, event.disputeId, event.reason);
    if (milestone.outcome !== 'unknown') return milestone.outcome;
    return (await deps.market.chargebackOpened(event.paymentIntentId, event.disputeId, event.reason)).outcome;
  }
  const milestone = await deps.milestones.chargebackClosed(event.disputeId, event.won);
  if (milestone?.outcome === 'duplicate') return 'duplicate';
  if (milestone?.outcome !== 'unknown') return 'closed';
  const order = await deps.market.chargebackClosed(event.disputeId, event.won);
  return order?.outcome === 'duplicate' || order?.outcome === 'unknown' ? order.outcome : 'closed';
}
