import { FormDialog } from '@/components/form-dialog';

type BlockConfirmDialogProps = {
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
};

/** Asks before blocking, saying what a block does (docs/trust-and-safety.md). */
export function BlockConfirmDialog({ name, open, onOpenChange, onConfirm, pending, error }: BlockConfirmDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Block ${name}?`}
      description="They won't be able to message you, send offers, nudges or bids, and you won't see each other in Good Stuff or designer lists. They are not told."
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      errorId="block-confirm-error"
      error={error}
      pending={pending}
      submitLabel="Block"
      pendingLabel="Blocking…"
      submitVariant="destructive"
    />
  );
}
