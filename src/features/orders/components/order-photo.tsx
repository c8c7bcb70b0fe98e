import { Armchair } from 'lucide-react';
import { cn } from '@/lib/utils';

/** The piece's cover as it was when ordered (the order keeps a copy of its title and photo). */
export function OrderPhoto({ url, className }: { url: string | null; className?: string }) {
  return url ? (
    <img
      src={url}
      alt=""
      width={160}
      height={120}
      loading="lazy"
      decoding="async"
      className={cn('aspect-[4/3] w-24 shrink-0 rounded-md object-cover', className)}
    />
  ) : (
    <div
      aria-hidden="true"
      className={cn('flex aspect-[4/3] w-24 shrink-0 items-center justify-center rounded-md bg-muted', className)}
    >
      <Armchair className="size-6 text-muted-foreground" />
    </div>
  );
}
