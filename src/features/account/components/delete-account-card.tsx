import { useState } from 'react';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { NoUserError, useDeleteAccount } from '@/features/account/api/delete-account';
import { FunctionError } from '@/lib/function-error';

type DeleteAccountCardProps = {
  userId: string | null | undefined;
  /** After the deletion: the route leaves the page and signs out. */
  onDeleted: () => void | Promise<void>;
};

/**
 * The Danger Zone of Settings and of both profile pages (docs/product.md, Accounts): a user deletes their own
 * account after a confirmation that says what goes with it.
 */
export function DeleteAccountCard({ userId, onDeleted }: DeleteAccountCardProps) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount({
    userId,
    onSuccess: async () => {
      toast.success('Account deleted successfully');
      await onDeleted();
    },
    onError: (error) => {
      console.error('Error deleting account', error);
      // Money held in a funded milestone is a reason the person can act on: the database's own sentence.
      const held = error instanceof FunctionError && error.code === 'money_held';
      toast.error(
        error instanceof NoUserError
          ? 'No user logged in'
          : held
            ? error.message
            : 'Failed to delete account. Please try again.',
      );
    },
  });
  // Still busy once deleted, while the page is left: a second click would find no user.
  const busy = mutation.isPending || mutation.isSuccess;

  return (
    <Card role="region" aria-labelledby="danger-zone-title" className="border-destructive/50">
      <CardHeader>
        <CardTitle id="danger-zone-title" className="text-destructive">
          Danger Zone
        </CardTitle>
        <CardDescription>Deleting your account cannot be undone.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        Your profile, projects, bids, messages, photos, portfolio and listings are removed, and any membership ends.
      </CardContent>
      <CardFooter>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </CardFooter>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        closeWhilePending={false}
        title="Delete your account?"
        description="This permanently deletes your account and everything in it. This cannot be undone."
        onSubmit={(event) => {
          event.preventDefault();
          mutation.mutate();
        }}
        pending={busy}
        submitVariant="destructive"
        submitLabel="Yes, delete my account"
        pendingLabel="Deleting…"
      />
    </Card>
  );
}
