import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { DesignerSaveSlot } from '@/app/routes/designers/designer-save-slot';
import { Page } from '@/components/layouts/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { useDesigners } from '@/features/designers/api/get-designers';
import { DesignerDirectory } from '@/features/designers/components/designer-directory';
import { DesignerFiltersBar } from '@/features/designers/components/designer-filters';
import { useDesignerSearch } from '@/features/designers/hooks/use-designer-search';
import { narrowsDesigners } from '@/features/designers/utils/designer-search-params';
import { BrowseDesignerCard } from '@/features/designers/components/browse-designer-card';
import { useCustomerOrigin } from '@/features/designers/hooks/use-customer-origin';
import { getNudgeableProjectsQueryOptions, type NudgeableProject } from '@/features/bids/api/get-nudgeable-projects';
import { NudgeDialog } from '@/features/bids/components/nudge-dialog';
import { SentNudges } from '@/features/bids/components/sent-nudges';
import { NO_PROJECT_MESSAGE, nudgeGate } from '@/features/bids/utils/nudge-gate';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscriptionGate } from '@/features/memberships/hooks/use-subscription-gate';
import { originOf } from '@/hooks/use-origin';

/**
 * Browse Designers with Nudge (docs/product.md, Designers and nudges): the directory (paged; from the customer's
 * origin nearest first, with the distance, by the same read and rule as /designers) plus the nudge flow and the
 * client's sent nudges. The list waits for the profile's place but not for the device's permission prompt: it
 * shows every designer meanwhile and the nearby list replaces it when the position arrives.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id ?? '';
  const queryClient = useQueryClient();
  const originState = useCustomerOrigin(userId);
  const origin = originOf(originState);
  // Everyone, nearest first: a customer browsing looks for anyone they like (docs/product.md, Distances).
  const search = useDesignerSearch(userId);
  const designers = useDesigners(origin, search.filters, {
    enabled: !(originState.status === 'locating' && originState.from === 'profile') && search.ready,
    reach: 'all',
  });
  const membership = useSubscriptionGate(userId, 'customer');

  const [target, setTarget] = useState<{ id: string; name: string } | null>(null);
  const [projects, setProjects] = useState<NudgeableProject[]>([]);
  // The designer whose Nudge is reading the customer's projects (after the membership check): its button is busy.
  const [readingFor, setReadingFor] = useState<string | null>(null);

  function nudgeBusyLabel(designerId: string): string | null {
    if (membership.waitingFor === designerId) return membership.waitingLabel;
    return readingFor === designerId ? 'Loading your projects…' : null;
  }

  async function openNudge(designer: { id: string; name: string }) {
    let mine: NudgeableProject[];
    setReadingFor(designer.id);
    try {
      mine = await queryClient.fetchQuery(getNudgeableProjectsQueryOptions(userId));
    } catch {
      toast.error('Failed to load projects');
      return;
    } finally {
      setReadingFor(null);
    }
    const gate = nudgeGate({ subscribed: true, projectCount: mine.length });
    if (gate === 'no-project') {
      toast.error(NO_PROJECT_MESSAGE);
      return;
    }
    setProjects(mine);
    setTarget(designer);
  }

  return (
    <Page
      title="Browse Designers"
      description={
        origin
          ? 'Find a designer you like, nearest first, and nudge them about one of your projects.'
          : 'Find a designer you like and nudge them about one of your projects.'
      }
    >
      <DesignerFiltersBar search={search} hasOrigin={origin !== null} />
      <DesignerDirectory query={designers} filtered={narrowsDesigners(search.filters)}>
        {(designer) => (
          <BrowseDesignerCard
            designer={designer}
            profileHref={paths.designer.getHref(designer.user_id)}
            onNudge={(d) => membership.run(d.id, () => void openNudge(d))}
            nudgeBusyLabel={nudgeBusyLabel(designer.user_id)}
            saveSlot={<DesignerSaveSlot userId={userId} designer={designer} />}
          />
        )}
      </DesignerDirectory>
      {userId ? <SentNudges clientId={userId} /> : null}
      {userId ? (
        <NudgeDialog
          key={target?.id ?? 'none'}
          clientId={userId}
          designer={target}
          projects={projects}
          onOpenChange={(open) => {
            if (!open) setTarget(null);
          }}
        />
      ) : null}
      <SubscribeDialog {...membership.dialogProps} />
    </Page>
  );
}
