import { toast } from 'sonner';
import { PagedList } from '@/components/paged-list';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useBlockedPeople, type BlockedPerson } from '@/features/safety/api/get-blocked-people';
import { useUnblockPerson } from '@/features/safety/api/unblock-person';
import { formatDate } from '@/lib/format';

function BlockedPersonRow({ userId, person }: { userId: string; person: BlockedPerson }) {
  const unblock = useUnblockPerson(userId, {
    onSuccess: () => toast.success(`You unblocked ${person.full_name}.`),
    onError: () => toast.error(`Could not unblock ${person.full_name}`),
  });
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="truncate font-medium">{person.full_name}</p>
        <p className="text-sm text-muted-foreground">
          Blocked <time dateTime={person.blocked_at}>{formatDate(person.blocked_at)}</time>
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        aria-label={`Unblock ${person.full_name}`}
        disabled={unblock.isPending}
        aria-busy={unblock.isPending}
        onClick={() => unblock.mutate(person.user_id)}
      >
        {unblock.isPending ? 'Unblocking…' : 'Unblock'}
      </Button>
    </li>
  );
}

/** Settings' list of the people the viewer blocked, newest first, paged, each with Unblock (docs/trust-and-safety.md). */
export function BlockedPeopleCard({ userId }: { userId: string }) {
  const people = useBlockedPeople(userId);
  return (
    <Card role="region" aria-labelledby="blocked-people-title">
      <CardHeader>
        <CardTitle id="blocked-people-title">Blocked people</CardTitle>
        <CardDescription>
          People you blocked can't message you or send you offers, nudges or bids, and you don't see each other in Good
          Stuff or designer lists. They are not told.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <PagedList
          query={people}
          loading="Loading blocked people…"
          failed="Failed to load blocked people"
          size="sm"
          empty={<p className="text-sm text-muted-foreground">You haven't blocked anyone.</p>}
          label="Blocked people"
          className="divide-y"
          more={{ className: 'mt-4' }}
        >
          {(person) => <BlockedPersonRow key={person.user_id} userId={userId} person={person} />}
        </PagedList>
      </CardContent>
    </Card>
  );
}
