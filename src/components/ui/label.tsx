import type * as React from 'react';
import { cn } from '@/lib/utils';

/** A plain <label>: pass htmlFor (or wrap the control) so every input has an accessible name. */
function Label({ className, ...props }: React.ComponentProps<'label'>) {
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- callers pass htmlFor or a child control
    <label data-slot="label" className={cn('text-sm leading-none font-medium', className)} {...props} />
  );
}

export { Label };
