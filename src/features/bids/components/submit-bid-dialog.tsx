import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  submitBidInputSchema,
  useSubmitBid,
  type SubmitBidFormValues,
  type SubmitBidInput,
} from '@/features/bids/api/submit-bid';
import { errorProps, firstError } from '@/lib/first-error';

const ORDER = ['bid_amount', 'estimated_days', 'proposal'] as const;
const DEFAULTS: SubmitBidFormValues = { bid_amount: '', estimated_days: '', proposal: '' };

type SubmitBidDialogProps = {
  projectId: string;
  designerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** "Submit Your Bid": Bid Amount (cents), Estimated Days (optional), Your Proposal. */
export function SubmitBidDialog({ projectId, designerId, open, onOpenChange }: SubmitBidDialogProps) {
  const id = useId();
  const form = useForm<SubmitBidFormValues, unknown, SubmitBidInput>({
    resolver: zodResolver(submitBidInputSchema),
    defaultValues: DEFAULTS,
  });
  const submit = useSubmitBid(projectId, designerId, {
    onSuccess: () => {
      toast.success('Bid submitted!');
      form.reset(DEFAULTS);
      onOpenChange(false);
    },
    onError: () => toast.error('Failed to submit bid'),
  });
  const shown = firstError(ORDER, form.formState.errors);
  const fieldProps = (field: (typeof ORDER)[number]) => errorProps(shown, field, `${id}-error`);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Submit Your Bid"
      description="Tell the client what you would do and for how much."
      onSubmit={(event) => void form.handleSubmit((input) => submit.mutate(input))(event)}
      errorId={`${id}-error`}
      error={shown?.message}
      pending={submit.isPending}
      submitLabel="Submit Bid"
      pendingLabel="Submitting…"
    >
      <LabelledField id={`${id}-amount`} label="Bid Amount ($)">
        <MoneyInput id={`${id}-amount`} {...fieldProps('bid_amount')} {...form.register('bid_amount')} />
      </LabelledField>
      <LabelledField id={`${id}-days`} label="Estimated Days (optional)">
        <Input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          {...fieldProps('estimated_days')}
          {...form.register('estimated_days')}
        />
      </LabelledField>
      <LabelledField id={`${id}-proposal`} label="Your Proposal">
        <Textarea id={`${id}-proposal`} rows={5} {...fieldProps('proposal')} {...form.register('proposal')} />
      </LabelledField>
    </FormDialog>
  );
}
