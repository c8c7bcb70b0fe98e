import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * A photo filling its grid cell at 4:3, cropped to cover (docs/architecture.md, Performance rules: images carry width and height so the layout
 * does not jump, and load lazily). width/height are the intrinsic size asked for, not the size shown.
 */
function Photo({ className, width = 800, height = 600, alt, ...props }: React.ComponentProps<'img'> & { alt: string }) {
  return (
    <img
      data-slot="photo"
      alt={alt}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={cn('aspect-[4/3] w-full rounded-md object-cover', className)}
      {...props}
    />
  );
}

export { Photo };
