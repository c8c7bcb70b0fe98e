import { PieceCover } from '@/components/piece-cover';
import { cn } from '@/lib/utils';

/** The piece's cover as it was when ordered (the order keeps a copy of its title and photo). */
export function OrderPhoto({ url, className }: { url: string | null; className?: string }) {
  return (
    <PieceCover
      url={url}
      width={160}
      height={120}
      className={cn('aspect-[4/3] w-24 shrink-0 rounded-md', className)}
      iconClassName="size-6"
    />
  );
}
