import { Armchair } from 'lucide-react';
import { cn } from '@/lib/utils';

type Props = {
  /** The piece's first photo (or its legacy image); an armchair stands in without one. */
  url: string | null | undefined;
  width: number;
  height: number;
  /** The box's size and corners, the same for the photo and its stand-in. */
  className: string;
  /** The stand-in icon's size. */
  iconClassName: string;
};

/** A piece's cover in a card or a row (Good Stuff, My listings, Saved): decorative, its title says what it is. */
export function PieceCover({ url, width, height, className, iconClassName }: Props) {
  return url ? (
    <img
      src={url}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={cn(className, 'object-cover')}
    />
  ) : (
    <div className={cn('flex items-center justify-center bg-muted', className)} aria-hidden="true">
      <Armchair className={cn(iconClassName, 'text-muted-foreground')} />
    </div>
  );
}
