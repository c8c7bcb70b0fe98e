import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  REPORT_REASONS,
  reportErrorMessage,
  reportInputSchema,
  useCreateReport,
  type ReportInput,
  type ReportSubject,
} from '@/features/safety/api/create-report';
import { errorProps, firstError } from '@/lib/first-error';

type ReportFormValues = z.input<typeof reportInputSchema>;

type ReportDialogProps = {
  subject: ReportSubject;
  /** What is reported, in the title: 'this message', 'Jordan Rivera', 'Teak sideboard'. */
  what: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

const order = ['reason', 'details'] as const;

/** Sent once the report is stored (docs/trust-and-safety.md). */
export const REPORT_THANKS = 'Thanks for telling us. Good Space will look at it.';

/**
 * Report (docs/trust-and-safety.md): why, from the fixed list, and optional details; the report goes to Good
 * Space's operators. A refusal shows the database's sentence ('You already reported this.' for a second one).
 */
export function ReportDialog({ subject, what, open, onOpenChange }: ReportDialogProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ReportFormValues, unknown, ReportInput>({
    resolver: zodResolver(reportInputSchema),
    // No reason is chosen for the reporter: they say which.
    defaultValues: { details: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const create = useCreateReport(subject, {
    onSuccess: () => {
      toast.success(REPORT_THANKS);
      onOpenChange(false);
    },
    onError: (error) => setRefusal(reportErrorMessage(error)),
  });
  const shown = firstError(order, form.formState.errors);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Report ${what}`}
      description="Tell Good Space what is wrong. The person you report is not told who reported them."
      onSubmit={form.handleSubmit((input) => {
        setRefusal(null);
        create.mutate(input);
      })}
      errorId={errorId}
      error={shown?.message ?? refusal}
      pending={create.isPending}
      submitLabel="Send report"
      pendingLabel="Sending…"
    >
      <fieldset className="space-y-2" {...errorProps(shown, 'reason', errorId)}>
        <legend className="mb-2 text-sm font-medium">Reason</legend>
        {REPORT_REASONS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option.value}
              checked={reason === option.value}
              onChange={() => form.setValue('reason', option.value, { shouldValidate: form.formState.isSubmitted })}
              className="size-4 accent-primary"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <LabelledField id={`${id}-details`} label="Details (optional)" hint="At most 1000 characters.">
        <Textarea
          id={`${id}-details`}
          rows={4}
          maxLength={1000}
          {...errorProps(shown, 'details', errorId)}
          {...form.register('details')}
        />
      </LabelledField>
    </FormDialog>
  );
}
