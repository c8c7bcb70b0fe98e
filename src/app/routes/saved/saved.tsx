import { Page } from '@/components/layouts/page';
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
          <section aria-labelledby="saved-pieces" className="space-y-4">
            <h2 id="saved-pieces" className="text-xl font-semibold">
              Pieces
            </h2>
            <SavedItemsList
              userId={userId}
              itemHref={(id) => paths.goodStuffItem.getHref(id)}
              browseHref={paths.goodStuff.getHref()}
            />
          </section>
          <section aria-labelledby="saved-designers" className="space-y-4">
            <h2 id="saved-designers" className="text-xl font-semibold">
              Designers
            </h2>
            <SavedDesignersList
              userId={userId}
              designerHref={(id) => paths.designer.getHref(id)}
              browseHref={paths.browseDesigners.getHref()}
            />
          </section>
        </div>
      ) : null}
    </Page>
  );
}
