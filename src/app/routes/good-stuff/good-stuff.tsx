import { Link } from 'react-router-dom';
import { Page } from '@/components/layouts/page';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUserRole } from '@/features/account/api/get-user-role';
import { useAuth } from '@/features/account/hooks/use-auth';
import {
  criteriaFromFilters,
  describeCriteria,
  effectiveFilters,
  filtersFromSearchParams,
  searchPatchFromFilters,
  suggestedSearchName,
} from '@/features/good-stuff/utils/search-params';
import { GoodStuffMarket } from '@/features/good-stuff/components/good-stuff-market';
import { SaveToggle } from '@/features/saved/components/save-toggle';
import { SaveSearchButton } from '@/features/saved-searches/components/save-search-button';
import { useSearchProject } from '@/features/saved-searches/api/get-search-project';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import { originOf, useOrigin } from '@/hooks/use-origin';
import { useSearchPatch } from '@/hooks/use-search-patch';
import { useState } from 'react';

/**
 * Good Stuff, the vintage market (docs/product.md, Good Stuff); a designer without a membership is asked to
 * subscribe. The search box, the filters and the category tabs are the URL's search params, so back, forward and a
 * shared link show the same pieces; useSearchPatch keeps quick consecutive changes (a data router's navigation waits
 * on loaders). Distances are measured from the place the viewer's profile names (customer or designer), or from the
 * project's place when the market finds pieces for a project (`?project=<id>`, docs/find-it-first.md); the device is
 * never asked here: without a place there is no distance filter or sort, and the filter says how to get one.
 * Signed in, Save this search keeps the search (tied to the project, if any) for alerts.
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const role = useUserRole(userId);
  const subscription = useSubscription(userId);
  const origin = useOrigin(userId, role.isPending ? undefined : (role.data ?? null), { deviceDeniedMessage: null });
  const [dismissed, setDismissed] = useState(false);
  const [params, patch] = useSearchPatch();
  const projectId = params.get('project');
  const projectRead = useSearchProject(projectId);
  // Only a project the viewer may read and that still runs: another (an old link) leaves the plain market.
  const project = projectRead.data?.status === 'active' ? projectRead.data : null;
  const projectPending = projectId !== null && projectRead.isPending;
  const ready = !role.isPending && !subscription.isLoading && origin.status !== 'locating' && !projectPending;
  const paywalled = ready && role.data === 'designer' && !subscription.subscribed;
  const filters = filtersFromSearchParams(params);
  const marketOrigin = project?.place ?? originOf(origin);
  // What the market applies: without a place, no distance (the database would refuse one anyway).
  const criteria = criteriaFromFilters(effectiveFilters(filters, marketOrigin !== null));
  const summary = describeCriteria(criteria);

  return (
    <Page
      title="Good Stuff"
      description="Vintage and thrifted pieces listed by our designers."
      actions={
        <>
          {role.data === 'designer' ? (
            <Button asChild variant="outline">
              <Link to={paths.myPieces.getHref()}>My listings</Link>
            </Button>
          ) : null}
          <Button asChild>
            <Link to={paths.listPiece.getHref()}>List Vintage Item</Link>
          </Button>
        </>
      }
    >
      {!ready ? (
        <Spinner label="Loading items…" />
      ) : paywalled ? (
        <p className="text-muted-foreground">Good Stuff is part of the designer membership.</p>
      ) : (
        <div className="space-y-6">
          {project ? (
            <div className="flex flex-wrap items-center gap-3 rounded-lg border bg-muted/40 p-3 text-sm">
              <p className="flex-1">
                Finding pieces for{' '}
                <Link to={paths.project.getHref(project.id)} className="font-medium underline">
                  {project.title}
                </Link>
                {project.place ? ', distances from its place' : ''}. A search saved here follows the project’s remaining
                budget.
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => patch({ project: null })}>
                Not for this project
              </Button>
            </div>
          ) : null}
          <GoodStuffMarket
            enabled
            origin={marketOrigin}
            filters={filters}
            onChange={(next, options) => patch(searchPatchFromFilters(next), { replace: options?.replace ?? false })}
            resultActions={
              userId ? (
                <SaveSearchButton
                  userId={userId}
                  criteria={criteria}
                  summary={summary}
                  suggestedName={suggestedSearchName(criteria)}
                  project={project}
                />
              ) : null
            }
            // Place: each card's Save heart (src/features/saved); not on one's own pieces.
            cardCorner={(item) =>
              userId && item.designer_id !== userId ? (
                <SaveToggle kind="item" userId={userId} id={item.id} title={item.title} className="bg-card/90" />
              ) : null
            }
          />
        </div>
      )}
      <SubscribeDialog
        open={paywalled && !dismissed}
        onOpenChange={(open) => setDismissed(!open)}
        accountRole="designer"
      />
    </Page>
  );
}
