import { Link, useParams } from 'react-router-dom';
import { NotFound } from '@/app/routes/not-found';
import { paths } from '@/config/paths';
import { SubjectPage } from '@/features/admin/components/subject-page';
import { isReportSubject } from '@/features/admin/utils/labels';

/** One reported thing, /admin/subject/:kind/:id: what it is, its reports, its person's history, the actions. */
export function Component() {
  const { kind = '', id = '' } = useParams();
  if (!isReportSubject(kind)) return <NotFound />;
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6 lg:px-8">
        <Link to={paths.admin.getHref()} className="text-sm font-medium underline underline-offset-4">
          Back to the reports
        </Link>
      </div>
      <SubjectPage kind={kind} id={id} />
    </>
  );
}
