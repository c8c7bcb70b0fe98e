import { Page } from '@/components/layouts/page';
import { QueryState } from '@/components/query-state';
import { useDispute } from '@/features/admin/api/get-dispute';
import { DisputeDetails } from '@/features/admin/components/dispute-details';

/** One dispute's page in the console (docs/trust-and-safety.md, Disputes). */
export function DisputePage({ id }: { id: string }) {
  const dispute = useDispute(id);
  return (
    <QueryState query={dispute} loading="Loading the dispute…" failed="Failed to load this dispute">
      {(data) => (
        <Page
          title={`${data.dispute.kind === 'chargeback' ? 'Chargeback' : 'Dispute'}: ${data.project.title ?? 'A project'}, ${data.milestone.title}`}
        >
          <DisputeDetails dispute={data} />
        </Page>
      )}
    </QueryState>
  );
}
