import { Link, useParams } from 'react-router-dom';
import { NotFound } from '@/app/routes/not-found';
import { paths } from '@/config/paths';
import { OrderProblemPage } from '@/features/admin/components/order-problem-page';
import { isUuid } from '@/lib/uuid';

/**
 * One Good Stuff order's problem or chargeback, /admin/orders/:problemId: the order, the parties, their statements,
 * the pickup windows, the payments, the decision (docs/orders.md, Problems).
 */
export function Component() {
  const { problemId = '' } = useParams();
  if (!isUuid(problemId)) return <NotFound />;
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
        <Link to={paths.adminDisputes.getHref()} className="text-sm font-medium underline underline-offset-4">
          Back to the disputes
        </Link>
      </div>
      <OrderProblemPage id={problemId} />
    </>
  );
}
