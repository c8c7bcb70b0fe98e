import type * as React from 'react';
import { cn } from '@/lib/utils';

/**
 * The browser's own <select>, styled like the inputs: keyboard, screen readers and mobile pickers work
 * without extra code. Pair it with a <Label htmlFor>.
 */
function NativeSelect({ className, ...props }: React.ComponentProps<'select'>) {
  return (
    <select
      data-slot="native-select"
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm',
        className,
      )}
      {...props}
    />
  );
}

export { NativeSelect };
