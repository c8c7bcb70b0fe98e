import { Loader2 } from 'lucide-react';
import type * as React from 'react';
import { cn } from '@/lib/utils';

type SpinnerProps = React.ComponentProps<'div'> & {
  /** Announced to screen readers; the icon itself is decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
};

const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

function Spinner({ label = 'Loading…', size = 'md', className, ...props }: SpinnerProps) {
  return (
    <div role="status" data-slot="spinner" className={cn('inline-flex items-center', className)} {...props}>
      <Loader2 aria-hidden="true" className={cn('animate-spin text-primary', sizes[size])} />
      <span className="sr-only">{label}</span>
    </div>
  );
}

export { Spinner };
