import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDeleteAccount } from '@/features/settings/api/delete-account';

type DeleteAccountCardProps = {
  userId: string | null | undefined;
  onDeleted: () => void | Promise<void>;
};

/** SPEC §6: a user may delete their own account; the dialog says what goes with it before anything happens. */
export function DeleteAccountCard({ userId, onDeleted }: DeleteAccountCardProps) {
  const [open, setOpen] = useState(false);
  const mutation = useDeleteAccount({ userId, onDeleted });
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
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              This permanently deletes your account and everything in it. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" disabled={busy} aria-busy={busy} onClick={() => mutation.mutate()}>
              {busy ? 'Deleting…' : 'Yes, delete my account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
