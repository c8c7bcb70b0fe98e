import { BadgeCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

/** The two verified badges (docs/trust-and-safety.md, "Verified badges"): designer_profiles.verified. */
export type VerifiedKind = 'student' | 'pro';

const LABEL: Record<VerifiedKind, string> = { student: 'Verified student', pro: 'Verified pro' };
const MEANING: Record<VerifiedKind, string> = {
  student: 'Good Space confirmed this designer is a current student.',
  pro: 'Good Space confirmed this designer works professionally.',
};

/**
 * A designer's verified badge, shown beside their name on cards, their profile and their bids. The label is the
 * accessible name; the meaning is its description (title for pointers, sr-only text for screen readers).
 */
export function VerifiedBadge({ kind, className }: { kind: VerifiedKind; className?: string }) {
  return (
    <Badge
      variant="secondary"
      className={cn('gap-1 border-emerald-200 bg-emerald-50 text-emerald-800', className)}
      title={MEANING[kind]}
      data-testid="verified-badge"
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {LABEL[kind]}
      <span className="sr-only">: {MEANING[kind]}</span>
    </Badge>
  );
}

/**
 * The badge when there is one, nothing otherwise: for rows whose `verified` may be null (or, from an older answer,
 * missing, or a value this app does not know).
 */
export function MaybeVerifiedBadge({ value, className }: { value: string | null | undefined; className?: string }) {
  return value === 'student' || value === 'pro' ? <VerifiedBadge kind={value} className={className} /> : null;
}
