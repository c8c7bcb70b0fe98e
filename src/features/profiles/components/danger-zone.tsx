import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useDeleteAccount } from '@/features/profiles/api/delete-account';

/** SPEC §2 Danger Zone: delete the account after a confirmation; `onDeleted` goes home and signs out. */
export function DangerZone({ onDeleted }: { onDeleted: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount({ onDeleted });
  // Still busy once deleted, while the page is left: a second click would find no user.
  const busy = remove.isPending || remove.isSuccess;
  return (
    <Card className="border-destructive/40">
      <CardHeader>
        <CardTitle>Danger Zone</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-sm text-muted-foreground">
          Deleting your account removes your profile, projects, messages and photos. This cannot be undone.
        </p>
        <Button variant="destructive" onClick={() => setOpen(true)}>
          Delete Account
        </Button>
      </CardContent>
      <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>
              Everything you have on Good Space is removed for good. This cannot be undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => remove.mutate()} disabled={busy} aria-busy={busy}>
              {busy ? 'Deleting…' : 'Yes, delete my account'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
