import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { useOrderProblem } from '@/features/admin/api/get-order-problem';
import { OrderProblemDetails } from '@/features/admin/components/order-problem-details';

/** One Good Stuff order's problem or chargeback in the console (docs/orders.md, Problems). */
export function OrderProblemPage({ id }: { id: string }) {
  const detail = useOrderProblem(id);
  return (
    <QueryState query={detail} loading="Loading the problem…" failed="Failed to load this problem">
      {(data) => (
        <Page title={`${data.problem.kind === 'chargeback' ? 'Chargeback' : 'Problem'}: ${data.order.item_title}`}>
          <OrderProblemDetails detail={data} />
        </Page>
      )}
    </QueryState>
  );
}
