import { cn } from '@/lib/utils';

/** A designer's stand-in picture: the first letter of their name in a circle, decorative (the name is beside it). */
export function NameInitial({ name, className }: { name: string; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('flex shrink-0 items-center justify-center rounded-full font-semibold', className)}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}
