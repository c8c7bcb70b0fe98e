import type { QueryClient } from '@tanstack/react-query';
import { getUserRoleQueryOptions } from '@/features/account/api/get-user-role';
import { getProjectBidsQueryOptions } from '@/features/bids/api/get-project-bids';
import { getBoardProposalsQueryOptions } from '@/features/board/api/get-board-proposals';
import { getContactEmailQueryOptions } from '@/features/account/api/get-contact-email';
import { getProjectMilestonesQueryOptions } from '@/features/milestones/api/get-project-milestones';
import { getMessagesQueryOptions } from '@/features/messages/api/get-project-messages';
import { getSeenQueryOptions } from '@/features/messages/api/get-seen';
import { getProjectItemsQueryOptions } from '@/features/projects/api/get-project-items';
import { getPhotoNotesQueryOptions } from '@/features/projects/api/get-photo-notes';
import { getProjectPhotosQueryOptions } from '@/features/projects/api/get-project-photos';
import { getPortfolioConsentQueryOptions } from '@/features/projects/api/get-portfolio-consent';
import { getProjectQueryOptions } from '@/features/projects/api/get-project';
import type { Project } from '@/features/projects/api/project-types';
import { getSubscriptionQueryOptions } from '@/features/memberships/api/check-subscription';
import { personQueryOptions } from '@/features/safety/api/get-person';
import { blockStateQueryOptions } from '@/features/safety/api/get-block-state';
import { projectCounterpart } from '@/app/routes/projects/project-counterpart';
import { supabase } from '@/lib/supabase';
import { isUuid } from '@/lib/uuid';

/**
 * Starts every read of the project page into the app's QueryClient, with the query options of the panels' own
 * hooks, so each panel finds its query fetched or under way. Everything the page can show needs only the project
 * id and the user, so it all leaves at once, before the page renders or knows the project's status (bench:web
 * goal: two levels, the photos' signed links being the second); only what depends on the status waits for the
 * project. A query a panel adds must be added here: project-loader.test.tsx compares the two.
 *
 * Resolves when the reads the page shows have answered or failed. The membership check is not among them: it only
 * decides whether the subscribe prompt opens, and may come later.
 */
export function prefetchProjectPage(queryClient: QueryClient, projectId: string, userId: string): Promise<void> {
  const project = getProjectQueryOptions(projectId);
  void queryClient.prefetchQuery(getSubscriptionQueryOptions(userId));
  const statusPanels = (data: Project | null | undefined) => {
    // The other party's address shows on an active project to its two parties.
    if (data?.status === 'active' && (data.customer_id === userId || data.designer_id === userId)) {
      const other = data.customer_id === userId ? data.designer_id : data.customer_id;
      return other ? queryClient.prefetchQuery(getContactEmailQueryOptions(other)) : undefined;
    }
    // The portfolio choices show on the customer's completed project only.
    if (data?.status !== 'completed' || data.customer_id !== userId) return;
    return queryClient.prefetchQuery(getPortfolioConsentQueryOptions(projectId));
  };
  return Promise.all([
    queryClient.prefetchQuery(project).then(() => {
      const data = queryClient.getQueryData(project.queryKey);
      // The other party, with Report and Block (docs/trust-and-safety.md), once the project has one.
      const counterpart = data ? projectCounterpart(data, userId) : null;
      const people = counterpart
        ? Promise.all([
            queryClient.prefetchQuery(personQueryOptions(counterpart.id)),
            queryClient.prefetchQuery(blockStateQueryOptions(userId, counterpart.id)),
          ])
        : undefined;
      return Promise.all([people, statusPanels(data)]);
    }),
    queryClient.prefetchQuery(getUserRoleQueryOptions(userId)),
    // The bids while the project is pending, the accepted one after: asked with the rest, since after the
    // project's answer it would be a round trip later for everyone who sees them.
    queryClient.prefetchQuery(getProjectBidsQueryOptions(projectId)),
    // The selection board shows once a designer is assigned (empty before: row-level security, no proposals).
    queryClient.prefetchQuery(getBoardProposalsQueryOptions(projectId)),
    queryClient.prefetchQuery(getProjectItemsQueryOptions(projectId)),
    // The milestones show on an active or completed project to its two parties (an empty answer otherwise).
    queryClient.prefetchQuery(getProjectMilestonesQueryOptions(projectId)),
    queryClient.prefetchQuery(getPhotoNotesQueryOptions(projectId)),
    queryClient.prefetchQuery(getProjectPhotosQueryOptions(projectId)),
    queryClient.prefetchInfiniteQuery(getMessagesQueryOptions(projectId)),
    // How far the other party has read the messages (Seen, docs/working-together.md).
    queryClient.prefetchQuery(getSeenQueryOptions('project', projectId, userId)),
  ]).then(() => undefined);
}

/**
 * The project route's loader (src/app/route-table.tsx). `waitMs` > 0 (the app starts on this page, nothing of it
 * on screen yet): waits that long at most for the reads, so the page's first render has its data and it renders
 * once, instead of a spinner and then once per answer. After an in-app navigation it does not wait: the page
 * renders at once with its panels' spinners, as any page does.
 */
export async function loadProjectPage(
  queryClient: QueryClient,
  projectId: string,
  { waitMs }: { waitMs: number },
): Promise<void> {
  // An id that cannot name a project: the page says 'Project not found' without asking anyone.
  if (!isUuid(projectId)) return;
  // supabase-js knows the signed-in user from storage; signed out, the guard sends the visitor to /auth.
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return;
  const shown = prefetchProjectPage(queryClient, projectId, userId);
  if (waitMs <= 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([shown, new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}
