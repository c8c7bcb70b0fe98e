import { Badge } from '@/components/ui/badge';
import { MILESTONE_STATUS_LABELS, type MilestoneStatus } from '@/lib/milestone-status';
import { cn } from '@/lib/utils';

const LOOK: Record<MilestoneStatus, string> = {
  not_funded: 'border-muted-foreground/40 bg-transparent text-muted-foreground',
  funded: 'border-transparent bg-blue-100 text-blue-900',
  submitted: 'border-transparent bg-amber-100 text-amber-900',
  changes_requested: 'border-transparent bg-orange-100 text-orange-900',
  released: 'border-transparent bg-green-100 text-green-900',
  refunded: 'border-transparent bg-slate-200 text-slate-900',
  disputed: 'border-transparent bg-red-100 text-red-900',
};

/** A milestone's state in words (the colour only repeats it). */
export function MilestoneStatusBadge({ status, frozen = false }: { status: MilestoneStatus; frozen?: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge className={cn(LOOK[status])}>{MILESTONE_STATUS_LABELS[status]}</Badge>
      {frozen ? <Badge variant="destructive">Frozen by a chargeback</Badge> : null}
    </span>
  );
}
