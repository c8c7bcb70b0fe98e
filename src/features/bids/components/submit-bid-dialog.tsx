import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import {
  MAX_BID_MILESTONES,
  milestonesTotal,
  submitBidInputSchema,
  useSubmitBid,
  type SubmitBidFormValues,
  type SubmitBidInput,
} from '@/features/bids/api/submit-bid';
import { errorProps, firstError, type ShownError } from '@/lib/first-error';
import { formatMoney } from '@/lib/format';

const ORDER = ['bid_amount', 'estimated_days', 'proposal'] as const;
const DEFAULTS: SubmitBidFormValues = {
  bid_amount: '',
  estimated_days: '',
  proposal: '',
  split: false,
  milestones: [],
};
const EMPTY_ROW = { title: '', amount: '' };

type SplitField = `milestones.${number}.${'title' | 'amount'}` | 'milestones';
type Errors = ReturnType<typeof useForm<SubmitBidFormValues, unknown, SubmitBidInput>>['formState']['errors'];

/** The first problem of the split (a row's title or amount, in row order, then the total), after the bid's own. */
function firstSplitError(errors: Errors): ShownError<SplitField> | null {
  const rows = errors.milestones;
  if (!rows) return null;
  // A row's problems sit at its index; the count's and the total's on the array itself (or its root).
  const whole: { message?: string; root?: { message?: string } } = rows;
  if (Array.isArray(rows)) {
    for (const [index, row] of rows.entries()) {
      for (const part of ['title', 'amount'] as const) {
        const message = row?.[part]?.message;
        if (message) return { field: `milestones.${index}.${part}`, message };
      }
    }
  }
  const message = whole.message ?? whole.root?.message;
  return message ? { field: 'milestones', message } : null;
}

type SubmitBidDialogProps = {
  projectId: string;
  designerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * "Submit Your Bid": Bid Amount (cents), Estimated Days (optional), Your Proposal, and "Split into milestones": up
 * to 4 rows of a title and an amount that add up to the bid (docs/milestones.md). Not split, the bid is one
 * milestone.
 */
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
  const rows = useFieldArray({ control: form.control, name: 'milestones' });
  const split = useWatch({ control: form.control, name: 'split' });
  const typed = useWatch({ control: form.control, name: 'milestones' });
  const bidAmount = useWatch({ control: form.control, name: 'bid_amount' });
  const shown: ShownError | null = firstError(ORDER, form.formState.errors) ?? firstSplitError(form.formState.errors);
  const fieldProps = (field: string) => errorProps(shown, field, `${id}-error`);
  const toggleSplit = (on: boolean) => {
    form.setValue('split', on);
    if (on && rows.fields.length === 0) rows.replace([EMPTY_ROW, EMPTY_ROW]);
    // Unticked, the rows go: they are not part of the bid, and their rules no longer apply.
    if (!on) {
      rows.replace([]);
      form.clearErrors('milestones');
    }
  };
  const bid = Number(bidAmount);

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
      <div className="flex items-center gap-2">
        <input
          id={`${id}-split`}
          type="checkbox"
          className="size-4"
          checked={split}
          onChange={(event) => toggleSplit(event.target.checked)}
        />
        <label htmlFor={`${id}-split`} className="text-sm font-medium">
          Split into milestones
        </label>
      </div>
      {split ? (
        <fieldset className="space-y-3 rounded-md border p-3" aria-describedby={`${id}-split-total`}>
          <legend className="px-1 text-sm font-medium">Milestones</legend>
          <p className="text-xs text-muted-foreground">
            The client funds each milestone in turn and releases it when the work is done.
          </p>
          {rows.fields.map((row, index) => (
            <div key={row.id} className="grid gap-2 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
              <LabelledField id={`${id}-m${index}-title`} label={`Milestone ${index + 1} title`}>
                <Input
                  id={`${id}-m${index}-title`}
                  maxLength={80}
                  {...fieldProps(`milestones.${index}.title`)}
                  {...form.register(`milestones.${index}.title`)}
                />
              </LabelledField>
              <LabelledField id={`${id}-m${index}-amount`} label={`Milestone ${index + 1} amount ($)`}>
                <MoneyInput
                  id={`${id}-m${index}-amount`}
                  {...fieldProps(`milestones.${index}.amount`)}
                  {...form.register(`milestones.${index}.amount`)}
                />
              </LabelledField>
              <Button
                variant="outline"
                onClick={() => rows.remove(index)}
                disabled={rows.fields.length <= 1}
                aria-label={`Remove milestone ${index + 1}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <Button
              variant="outline"
              onClick={() => rows.append(EMPTY_ROW)}
              disabled={rows.fields.length >= MAX_BID_MILESTONES}
            >
              Add milestone
            </Button>
            <p id={`${id}-split-total`} className="text-sm" aria-live="polite" {...fieldProps('milestones')}>
              Milestones total {formatMoney(milestonesTotal(typed))}
              {Number.isFinite(bid) && bid > 0 ? ` of ${formatMoney(bid)}` : ''}
            </p>
          </div>
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
