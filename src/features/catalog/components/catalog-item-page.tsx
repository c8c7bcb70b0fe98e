import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CatalogItemView } from '@/features/catalog/components/catalog-item-view';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatMoney } from '@/lib/format';

type CatalogItemPageProps = ComponentProps<typeof CatalogItemView> & {
  /** Where '← Good Stuff' leads: the market with the filters the viewer came from. */
  back: string;
};

/**
 * The frame of a piece's page: its document title and sharing tags (Open Graph, Twitter) from the piece, the way
 * back to the market, and the piece.
 */
export function CatalogItemPage({ back, ...view }: CatalogItemPageProps) {
  const { item } = view;
  useDocumentMeta({
    title: `${item.title} · ${formatMoney(item.price)}`,
    description: item.description.slice(0, 200),
    image: item.photo_urls[0] ?? null,
    url: `${window.location.origin}${paths.goodStuffItem.getHref(item.id)}`,
  });
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${item.title} · Good Stuff · Good Space`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to={back} className="text-muted-foreground hover:underline">
          ← Good Stuff
        </Link>
      </nav>
      <CatalogItemView {...view} />
    </div>
  );
}
