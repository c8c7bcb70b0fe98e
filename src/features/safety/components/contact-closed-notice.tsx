import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { useUnblockPerson } from '@/features/safety/api/unblock-person';
import { CANT_CONTACT } from '@/lib/cant-contact';

type ContactClosedNoticeProps = {
  /** 'blocked': the viewer blocked them (Unblock is offered); 'closed': they blocked the viewer (never said). */
  state: 'blocked' | 'closed';
  userId: string;
  otherId: string;
  name: string;
};

/**
 * In a conversation's composer's place while a block stands between the two (docs/trust-and-safety.md): the
 * messages stay readable, nothing more can be sent. Both sides read the same sentence; only the one who blocked
 * gets Unblock.
 */
export function ContactClosedNotice({ state, userId, otherId, name }: ContactClosedNoticeProps) {
  const unblock = useUnblockPerson(userId, {
    onSuccess: () => toast.success(`You unblocked ${name}.`),
    onError: () => toast.error(`Could not unblock ${name}`),
  });
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-muted/40 p-3">
      <p className="text-sm text-muted-foreground">{CANT_CONTACT}</p>
      {state === 'blocked' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={unblock.isPending}
          aria-busy={unblock.isPending}
          onClick={() => unblock.mutate(otherId)}
        >
          {unblock.isPending ? 'Unblocking…' : `Unblock ${name}`}
        </Button>
      ) : null}
    </div>
  );
}
