import type { ReactNode } from 'react';
import { FormDialog } from '@/components/form-dialog';
import {
  WordsAndPhotosDialog,
  type WordsAndPhotosDialogProps,
  type WordsAndPhotosValues,
} from '@/components/words-and-photos-dialog';

type DialogBase = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
};

export type NoteValues = WordsAndPhotosValues;

/**
 * An order's step that takes words and photos (docs/orders.md): Refuse at pickup, Report a problem, the seller's
 * statement: the shared dialog (src/components/words-and-photos-dialog.tsx).
 */
export function OrderNoteDialog(props: Omit<WordsAndPhotosDialogProps, 'withPhotos'>) {
  return <WordsAndPhotosDialog {...props} />;
}

type ConfirmDialogProps = DialogBase & {
  title: ReactNode;
  description: ReactNode;
  submitLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  onConfirm: () => void;
};

/** A step that needs only a yes (Collected, all good; Mark as collected; Cancel and refund; They didn't come). */
export function OrderConfirmDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  submitLabel,
  pendingLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
      pending={pending}
      closeWhilePending={false}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      cancelLabel={cancelLabel}
      submitVariant={destructive ? 'destructive' : 'default'}
    />
  );
}
