import { Check, Clock, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import type { Enums } from '@/types/database';

const STYLES: Record<Enums<'nudge_status'>, { label: string; className: string; Icon: typeof Check }> = {
  pending: { label: 'Pending', className: 'border-amber-300 bg-amber-100 text-amber-900', Icon: Clock },
  accepted: { label: 'Accepted', className: 'border-green-300 bg-green-100 text-green-900', Icon: Check },
  declined: { label: 'Declined', className: 'border-red-300 bg-red-100 text-red-900', Icon: X },
};

/** The status as a word and an icon, not only a colour. */
export function NudgeStatusBadge({ status }: { status: Enums<'nudge_status'> }) {
  const { label, className, Icon } = STYLES[status];
  return (
    <Badge variant="outline" className={cn(className)}>
      <Icon aria-hidden="true" className="size-3" />
      {label}
    </Badge>
  );
}
