import { useId, useState } from 'react';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  MAX_MILESTONE_PHOTOS,
  MILESTONE_PHOTO_ACCEPT,
  milestonePhotosSchema,
} from '@/features/milestones/utils/milestone-photos';
import { refundAmountSchema } from '@/features/milestones/utils/refund-amount';
import { errorProps, firstIssue } from '@/lib/first-error';
import { formatMoney } from '@/lib/format';

type DialogBase = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
};

export type NoteValues = { text: string; photos: File[] };

type NoteDialogProps = DialogBase & {
  title: string;
  description: string;
  label: string;
  /** The text's rule (its message is the product's words); photos are checked by milestonePhotosSchema. */
  textSchema: z.ZodType<string>;
  withPhotos: boolean;
  submitLabel: string;
  pendingLabel: string;
  onSubmit: (values: NoteValues) => void;
};

/**
 * A milestone step that takes words, and photos for some (docs/milestones.md): Submit (note and photos), Request
 * changes (note), Open dispute (reason), Add statement (text and photos). Only the first problem is shown.
 */
export function NoteDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  label,
  textSchema,
  withPhotos,
  submitLabel,
  pendingLabel,
  onSubmit,
}: NoteDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<{ field: 'text' | 'photos'; message: string } | null>(null);
  const schema = z.object({ text: textSchema, photos: milestonePhotosSchema });
  const fieldProps = (field: 'text' | 'photos') => errorProps(shown, field, `${id}-error`);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = schema.safeParse({ text, photos });
        if (!parsed.success) {
          setShown(firstIssue(['text', 'photos'] as const, parsed.error));
          return;
        }
        setShown(null);
        onSubmit(parsed.data);
      }}
      errorId={`${id}-error`}
      error={shown?.message}
      pending={pending}
      closeWhilePending={false}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
    >
      <LabelledField id={`${id}-text`} label={label}>
        <Textarea
          id={`${id}-text`}
          rows={5}
          value={text}
          onChange={(event) => setText(event.target.value)}
          {...fieldProps('text')}
        />
      </LabelledField>
      {withPhotos ? (
        <LabelledField
          id={`${id}-photos`}
          label={`Photos (optional, up to ${MAX_MILESTONE_PHOTOS})`}
          hint={
            photos.length > 0
              ? `${photos.length} chosen: ${photos.map((photo) => photo.name).join(', ')}`
              : 'JPEG, PNG or WebP, up to 5 MB each.'
          }
        >
          <Input
            id={`${id}-photos`}
            type="file"
            multiple
            accept={MILESTONE_PHOTO_ACCEPT}
            onChange={(event) => setPhotos(Array.from(event.target.files ?? []))}
            {...fieldProps('photos')}
          />
        </LabelledField>
      ) : null}
    </FormDialog>
  );
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
