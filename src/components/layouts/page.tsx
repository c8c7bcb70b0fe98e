import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

type PageProps = {
  /** The page's heading and document title. */
  title: string;
  description?: ReactNode;
  /** Buttons or links shown beside the heading. */
  actions?: ReactNode;
  className?: string;
  children?: ReactNode;
};

/** The common frame of a page: document title, one h1, optional intro and actions. */
export function Page({ title, description, actions, className, children }: PageProps) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8', className)}>
      {/* React 19 hoists <title> into <head>. */}
      <title>{`${title} · Good Space`}</title>
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-2">
          <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="max-w-2xl text-muted-foreground">{description}</p> : null}
        </div>
        {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {children}
    </div>
  );
}
