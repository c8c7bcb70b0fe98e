import type { ProjectBid } from '@/features/bids/api/get-project-bids';
import { cn } from '@/lib/utils';

const STYLES = {
  pending: { label: 'Pending', className: 'border-yellow-300 bg-yellow-100 text-yellow-900' },
  accepted: { label: 'Accepted', className: 'border-green-300 bg-green-100 text-green-900' },
  rejected: { label: 'Rejected', className: 'border-gray-300 bg-gray-100 text-gray-800' },
} as const;

export function BidStatusBadge({ status }: { status: ProjectBid['status'] }) {
  const style = STYLES[status];
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        style.className,
      )}
    >
      {style.label}
    </span>
  );
}
