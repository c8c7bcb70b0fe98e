import { Link, useParams } from 'react-router-dom';
import { NotFound } from '@/app/routes/not-found';
import { paths } from '@/config/paths';
import { DisputePage } from '@/features/admin/components/dispute-page';
import { isUuid } from '@/lib/uuid';

/** One dispute or chargeback, /admin/disputes/:id: the milestone, the parties, their statements, the decision. */
export function Component() {
  const { id = '' } = useParams();
  if (!isUuid(id)) return <NotFound />;
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
        <Link to={paths.adminDisputes.getHref()} className="text-sm font-medium underline underline-offset-4">
          Back to the disputes
        </Link>
      </div>
      <DisputePage id={id} />
    </>
  );
}
