import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PieceView } from '@/features/good-stuff/components/piece-view';
import { useDocumentMeta } from '@/hooks/use-document-meta';
import { formatMoney } from '@/lib/format';

type PiecePageProps = ComponentProps<typeof PieceView> & {
  /** Where '← Good Stuff' leads: the market with the filters the viewer came from. */
  back: string;
};

/**
 * The frame of a piece's page: its document title and sharing tags (Open Graph, Twitter) from the piece, the way
 * back to the market, and the piece.
 */
export function PiecePage({ back, ...view }: PiecePageProps) {
  const { item } = view;
  useDocumentMeta({
    title: `${item.title} · ${formatMoney(item.price)}`,
    description: item.description.slice(0, 200),
    image: item.photo_urls[0] ?? null,
    url: `${window.location.origin}${paths.piece.getHref(item.id)}`,
  });
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <title>{`${item.title} · Good Stuff · Good Space`}</title>
      <nav aria-label="Breadcrumb" className="mb-4 text-sm">
        <Link to={back} className="text-muted-foreground hover:underline">
          ← Good Stuff
        </Link>
      </nav>
      <PieceView {...view} />
    </div>
  );
}
