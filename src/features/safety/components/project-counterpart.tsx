import { usePerson } from '@/features/safety/api/get-person';
import { BlockButton } from '@/features/safety/components/block-button';
import { ReportButton } from '@/features/safety/components/report-button';

type ProjectCounterpartProps = {
  userId: string;
  /** The other party of the project: its customer for the designer, its designer for the customer. */
  otherId: string;
  /** 'your client' / 'your designer': who they are to the viewer. */
  relation: string;
  /** The project is under way: a suspension of the other party pauses it. */
  active: boolean;
};

/**
 * The other party of a project the viewer takes part in: their name, Report and Block (docs/trust-and-safety.md),
 * and, while Good Space has suspended their account, that the project is paused.
 */
export function ProjectCounterpart({ userId, otherId, relation, active }: ProjectCounterpartProps) {
  const person = usePerson(otherId);
  if (!person.data) return null;
  const name = person.data.full_name?.trim() || relation;
  return (
    <section aria-label={`About ${relation}`} className="space-y-2 rounded-lg border p-4">
      {active && person.data.suspended_at ? (
        <p role="status" className="font-medium text-destructive">
          This project is paused: Good Space suspended {name}'s account.
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">
          <span className="text-muted-foreground">With {relation}: </span>
          <span className="font-medium">{name}</span>
        </p>
        <div className="flex flex-wrap gap-1">
          <ReportButton subject={{ kind: 'person', id: otherId }} what={name} />
          <BlockButton userId={userId} otherId={otherId} name={name} />
        </div>
      </div>
    </section>
  );
}
