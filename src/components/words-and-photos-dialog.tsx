import { useId, useState, type ReactNode } from 'react';
import { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { Input } from '@/components/ui/input';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { errorProps, firstIssue } from '@/lib/first-error';
import { MAX_PRIVATE_PHOTOS, PRIVATE_PHOTO_ACCEPT, privatePhotosSchema } from '@/lib/private-photos';

export type WordsAndPhotosValues = { text: string; photos: File[] };

export type WordsAndPhotosDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  pending: boolean;
  title: string;
  description: ReactNode;
  label: string;
  /** The text's rule (its message is the product's words); photos are checked by privatePhotosSchema. */
  textSchema: z.ZodType<string>;
  /** Whether the step takes photos too (up to 6, made WebP in the browser before they go up). */
  withPhotos?: boolean;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  onSubmit: (values: WordsAndPhotosValues) => void;
};

/**
 * A step that takes someone's words, and for some photos of a private bucket (src/lib/private-photos.ts): a
 * milestone's submission, changes or dispute, an order's refusal, problem or statement. Only the first problem is
 * shown, linked from its field.
 */
export function WordsAndPhotosDialog({
  open,
  onOpenChange,
  pending,
  title,
  description,
  label,
  textSchema,
  withPhotos = true,
  submitLabel,
  pendingLabel,
  destructive = false,
  onSubmit,
}: WordsAndPhotosDialogProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [shown, setShown] = useState<{ field: 'text' | 'photos'; message: string } | null>(null);
  const schema = z.object({ text: textSchema, photos: privatePhotosSchema });
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
      {withPhotos ? (
        <LabelledField
          id={`${id}-photos`}
          label={`Photos (optional, up to ${MAX_PRIVATE_PHOTOS})`}
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
            accept={PRIVATE_PHOTO_ACCEPT}
            onChange={(event) => setPhotos(Array.from(event.target.files ?? []))}
            {...fieldProps('photos')}
          />
        </LabelledField>
      ) : null}
    </FormDialog>
  );
}
