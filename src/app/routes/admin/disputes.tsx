import { Page } from '@/components/layouts/page';
import { DisputeQueue } from '@/features/admin/components/dispute-queue';
import { OrderProblemQueue } from '@/features/admin/components/order-problem-queue';

/**
 * The console's money waiting for a decision, /admin/disputes: the design fees' disputes of funded milestones
 * (docs/trust-and-safety.md, Disputes) and Good Stuff orders' problems (docs/orders.md, Problems), with the
 * chargebacks of both.
 */
export function Component() {
  return (
    <Page
      title="Disputes"
      description="Money waiting for a decision, and chargebacks the bank decides; the oldest first."
    >
      <div className="grid gap-8">
        <section aria-labelledby="disputes-design-fees" className="space-y-3">
          <h2 id="disputes-design-fees" className="text-lg font-semibold">
            Design fees
          </h2>
          <DisputeQueue />
        </section>
        <section aria-labelledby="disputes-orders" className="space-y-3">
          <h2 id="disputes-orders" className="text-lg font-semibold">
            Good Stuff orders
          </h2>
          <OrderProblemQueue />
        </section>
      </div>
    </Page>
  );
}
