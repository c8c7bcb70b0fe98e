import type { ProjectStatus } from '@/features/projects/api/project-types';
import { cn } from '@/lib/utils';

const STYLES: Record<ProjectStatus, { label: string; className: string }> = {
  pending: { label: 'Pending', className: 'bg-yellow-100 text-yellow-900 border-yellow-300' },
  active: { label: 'Active', className: 'bg-green-100 text-green-900 border-green-300' },
  completed: { label: 'Completed', className: 'bg-blue-100 text-blue-900 border-blue-300' },
};

/** Status pills (docs/product.md, Projects); the word is always there, so colour is never the only signal. */
export function ProjectStatusPill({ status, className }: { status: ProjectStatus; className?: string }) {
  const style = STYLES[status];
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex w-fit items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        style.className,
        className,
      )}
    >
      <span className="sr-only">Status: </span>
      {style.label}
    </span>
  );
}
