import { useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { MoneyInput } from '@/components/form-fields/money-input';
import { LabelledField } from '@/components/ui/field';
import {
  WordsAndPhotosDialog,
  type WordsAndPhotosDialogProps,
  type WordsAndPhotosValues,
} from '@/components/words-and-photos-dialog';
import { refundAmountSchema } from '@/features/milestones/utils/refund-amount';
import { formatMoney } from '@/lib/format';

type DialogBase = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
};

export type NoteValues = WordsAndPhotosValues;

/**
 * A milestone step that takes words, and photos for some (docs/milestones.md): Submit (note and photos), Request
 * changes (note), Open dispute (reason), Add statement (text and photos): the shared dialog
 * (src/components/words-and-photos-dialog.tsx).
 */
export function NoteDialog(props: WordsAndPhotosDialogProps & { description: string; withPhotos: boolean }) {
  return <WordsAndPhotosDialog {...props} />;
}

type ConfirmDialogProps = DialogBase & {
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
};

/** A step that needs only a yes (Release payment, Ask to cancel, Agree to cancel): it moves money or asks to. */
export function ConfirmDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  submitLabel,
  pendingLabel,
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
      submitVariant={destructive ? 'destructive' : 'default'}
    />
  );
}

type RefundDialogProps = DialogBase & {
  title: string;
  held: number;
  onSubmit: (amount: number) => void;
};

/** The designer refunds a milestone to the customer: all that is held (the default) or a part of it. */
export function RefundDialog({ open, onOpenChange, pending, title, held, onSubmit }: RefundDialogProps) {
  const id = useId();
  const [amount, setAmount] = useState(held.toFixed(2));
  const [error, setError] = useState<string | null>(null);
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Refund “${title}”`}
      description={`Good Space holds ${formatMoney(held)} of this milestone. Refund all of it or a part; the customer gets it back on their card.`}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = refundAmountSchema(held).safeParse(amount);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? 'Enter the amount to refund');
          return;
        }
        setError(null);
        onSubmit(parsed.data);
      }}
      errorId={`${id}-error`}
      error={error}
      pending={pending}
      closeWhilePending={false}
      submitLabel="Refund"
      pendingLabel="Refunding…"
      submitVariant="destructive"
    >
      <LabelledField id={`${id}-amount`} label="Amount to refund ($)">
        <MoneyInput
          id={`${id}-amount`}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
      </LabelledField>
    </FormDialog>
  );
}
