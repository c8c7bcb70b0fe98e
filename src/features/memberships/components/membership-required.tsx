import { type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { SubscribeDialog } from '@/features/memberships/components/subscribe-dialog';
import { useSubscription } from '@/features/memberships/hooks/use-subscription';
import type { Role } from '@/types/role';

type MembershipRequiredProps = {
  userId: string;
  accountRole: Role;
  /** The notice's heading and sentence when the user has no membership. */
  title: string;
  description: string;
  children: ReactNode;
};

/**
 * Shows `children` to a member only; anyone else is asked to subscribe before filling in a form the database
 * would refuse (ADR 0019: decide before the form).
 */
export function MembershipRequired({ userId, accountRole, title, description, children }: MembershipRequiredProps) {
  const subscription = useSubscription(userId);
  const [asking, setAsking] = useState(false);
  const headingId = useId();
  if (subscription.isLoading) return <Spinner label="Checking your membership…" />;
  if (subscription.subscribed) return <>{children}</>;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border p-4">
      <h2 id={headingId} className="font-semibold">
        {title}
      </h2>
      <p className="text-muted-foreground">{description}</p>
      <Button onClick={() => setAsking(true)}>Subscribe</Button>
      <SubscribeDialog open={asking} onOpenChange={setAsking} accountRole={accountRole} />
    </section>
  );
}
