import { Page } from '@/components/layouts/page';
import { SavedSection } from '@/app/routes/saved/saved-section';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/account/hooks/use-auth';
import { SavedDesignersList } from '@/features/saved/components/saved-designers-list';
import { SavedItemsList } from '@/features/saved/components/saved-pieces-list';

/** Saved: the pieces and designers the user hearted, last saved first, each removable (docs/product.md, Saved). */
export function Component() {
  const auth = useAuth();
  const userId = auth.user?.id;
  return (
    <Page title="Saved" description="Pieces and designers you saved with the heart.">
      {userId ? (
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
      ) : null}
    </Page>
  );
}
