import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { moderationReasonSchema, type ModerationReason } from '@/features/admin/api/moderate';
import { errorProps, firstError } from '@/lib/first-error';

type ReasonFormValues = z.input<typeof moderationReasonSchema>;

type ModerationDialogProps = {
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The database's (or the function's) sentence when the action was refused. */
  refusal: string | null;
  onConfirm: (input: ModerationReason) => void;
};

const order = ['reason'] as const;

/**
 * The dialog of every operator action (docs/trust-and-safety.md): what it does, the required reason (1 to 1000
 * characters, as the database holds it), and the refusal in the database's words. Mounted only while open, so each
 * opening starts empty.
 */
export function ModerationDialog({
  onOpenChange,
  title,
  description,
  submitLabel,
  pendingLabel,
  destructive = false,
  pending,
  refusal,
  onConfirm,
}: ModerationDialogProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<ReasonFormValues, unknown, ModerationReason>({
    resolver: zodResolver(moderationReasonSchema),
    defaultValues: { reason: '' },
  });
  const shown = firstError(order, form.formState.errors);
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      onSubmit={form.handleSubmit(onConfirm)}
      errorId={errorId}
      error={shown?.message ?? refusal}
      pending={pending}
      closeWhilePending={false}
      submitLabel={submitLabel}
      pendingLabel={pendingLabel}
      submitVariant={destructive ? 'destructive' : 'default'}
    >
      <LabelledField id={`${id}-reason`} label="Reason" hint="Kept in the audit log. Up to 1000 characters.">
        <Textarea
          id={`${id}-reason`}
          rows={4}
          aria-required="true"
          {...errorProps(shown, 'reason', errorId)}
          {...form.register('reason')}
        />
      </LabelledField>
    </FormDialog>
  );
}
