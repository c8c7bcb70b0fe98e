import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { useModerationSubject } from '@/features/admin/api/get-moderation-subject';
import { SubjectActions } from '@/features/admin/components/subject-actions';
import { SubjectDetails } from '@/features/admin/components/subject-details';
import { subjectLabels, type ReportSubject } from '@/features/admin/utils/labels';

/** One reported thing's page in the console: its details, with the actions beside the heading. */
export function SubjectPage({ kind, id }: { kind: ReportSubject; id: string }) {
  const subject = useModerationSubject(kind, id);
  return (
    <QueryState query={subject} loading="Loading the reported thing…" failed="Failed to load this reported thing">
      {(data) => (
        <Page
          title={`${subjectLabels[data.kind]}: ${data.content.title ?? data.person?.name ?? 'untitled'}`}
          actions={<SubjectActions subject={data} />}
        >
          <SubjectDetails subject={data} />
        </Page>
      )}
    </QueryState>
  );
}
