import { Page } from '@/components/layouts/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SavedSection } from '@/app/routes/saved/saved-section';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { criteriaSearchParams, describeCriteria } from '@/features/good-stuff/utils/search-params';
import { SavedDesignersList } from '@/features/saved/components/saved-designers-list';
import { SavedItemsList } from '@/features/saved/components/saved-pieces-list';
import { SavedSearchesList } from '@/features/saved-searches/components/saved-searches-list';
import { useSearchPatch } from '@/hooks/use-search-patch';

/**
 * Saved: the pieces and designers the user hearted, last saved first, each removable (docs/product.md, Saved), and
 * on the Searches tab (`?tab=searches`, so an alert's e-mail can link to it) their saved searches
 * (docs/find-it-first.md).
 */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  const [params, patch] = useSearchPatch();
  const tab = params.get('tab') === 'searches' ? 'searches' : 'saved';
  return (
    <Page title="Saved" description="Pieces and designers you saved with the heart, and the searches you keep.">
      {userId ? (
        <Tabs value={tab} onValueChange={(next) => patch({ tab: next === 'searches' ? 'searches' : null })}>
          <TabsList>
            <TabsTrigger value="saved">Pieces and designers</TabsTrigger>
            <TabsTrigger value="searches">Searches</TabsTrigger>
          </TabsList>
          <TabsContent value="saved">
            <div className="grid gap-10 lg:grid-cols-2">
              <SavedSection id="saved-pieces" title="Pieces">
                <SavedItemsList
                  userId={userId}
                  itemHref={(id) => paths.piece.getHref(id)}
                  browseHref={paths.goodStuff.getHref()}
                />
              </SavedSection>
              <SavedSection id="saved-designers" title="Designers">
                <SavedDesignersList
                  userId={userId}
                  designerHref={(id) => paths.designer.getHref(id)}
                  browseHref={paths.browseDesigners.getHref()}
                />
              </SavedSection>
            </div>
          </TabsContent>
          <TabsContent value="searches">
            <SavedSection id="saved-searches" title="Saved searches">
              <SavedSearchesList
                userId={userId}
                browseHref={paths.goodStuff.getHref()}
                describe={describeCriteria}
                openHref={(search) => paths.goodStuff.getHref(criteriaSearchParams(search, search.project?.id ?? null))}
              />
            </SavedSection>
          </TabsContent>
        </Tabs>
      ) : null}
    </Page>
  );
}
