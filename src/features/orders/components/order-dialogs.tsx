import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { MAX_ORDER_PHOTOS, ORDER_PHOTO_ACCEPT, orderPhotosSchema } from '@/features/orders/utils/order-photos';
import { errorProps, firstIssue } from '@/lib/first-error';

type DialogBase = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
};

export type NoteValues = { text: string; photos: File[] };

type NoteDialogProps = DialogBase & {
  title: string;
  description: ReactNode;
  label: string;
  /** The text's rule (its message is the product's words); photos are checked by orderPhotosSchema. */
  textSchema: z.ZodType<string>;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onSubmit: (values: NoteValues) => void;
};

/**
 * An order's step that takes words and photos (docs/orders.md): Refuse at pickup, Report a problem, the seller's
 * statement. Up to 6 photos, made WebP in the browser before they go up. Only the first problem is shown.
 */
export function OrderNoteDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  label,
  textSchema,
  submitLabel,
  pendingLabel,
  destructive = false,
  onSubmit,
}: NoteDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<{ field: 'text' | 'photos'; message: string } | null>(null);
  const schema = z.object({ text: textSchema, photos: orderPhotosSchema });
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
      submitVariant={destructive ? 'destructive' : 'default'}
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
      <LabelledField
        id={`${id}-photos`}
        label={`Photos (optional, up to ${MAX_ORDER_PHOTOS})`}
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
          accept={ORDER_PHOTO_ACCEPT}
          onChange={(event) => setPhotos(Array.from(event.target.files ?? []))}
          {...fieldProps('photos')}
        />
      </LabelledField>
    </FormDialog>
  );
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
