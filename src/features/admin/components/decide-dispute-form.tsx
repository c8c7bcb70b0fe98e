import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Button } from '@/components/ui/button';
import { FormSubmitRow, LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  centsToText,
  decideDisputeSchema,
  typedCents,
  useDecideDispute,
  type DecideDisputeForm,
  type DecideDisputeValues,
} from '@/features/admin/api/decide-dispute';
import { errorProps, firstError } from '@/lib/first-error';
import { formatMoney } from '@/lib/format';

const ORDER = ['refund', 'release', 'reason'] as const;
const EMPTY: DecideDisputeValues = { refund: '', release: '', reason: '' };

type Props = {
  disputeId: string;
  /** What is left of the milestone to split (amount - refunded - released). */
  remaining: number;
  customerName: string;
  designerName: string;
};

/**
 * The operator's decision on a dispute (docs/trust-and-safety.md, Disputes): a refund to the customer and a release
 * to the designer that add up to what remains (typing one fills the other), and a reason both parties read. Sent to
 * decide-dispute; its refusal shows in the function's sentence.
 */
export function DecideDisputeForm({ disputeId, remaining, customerName, designerName }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const remainingCents = Math.round(remaining * 100);
  const form = useForm<DecideDisputeValues, unknown, DecideDisputeForm>({
    resolver: zodResolver(decideDisputeSchema(remaining)),
    defaultValues: EMPTY,
  });
  const decide = useDecideDispute({
    onSuccess: () => toast.success('Dispute decided. Both parties are told.'),
  });
  const shown = firstError(ORDER, form.formState.errors);
  const error = shown?.message ?? decide.error?.message;

  /** Sets both amounts from the refund's cents. */
  function split(refundCents: number) {
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue('refund', centsToText(refundCents), options);
    form.setValue('release', centsToText(remainingCents - refundCents), options);
  }

  /** Typing one amount fills the other with the rest, while the typed one fits in what remains. */
  function fillOther(typed: 'refund' | 'release', value: string) {
    const cents = typedCents(value);
    if (cents === null || cents > remainingCents) return;
    form.setValue(typed === 'refund' ? 'release' : 'refund', centsToText(remainingCents - cents), {
      shouldValidate: form.formState.isSubmitted,
    });
  }

  const refund = form.register('refund', { onChange: (event) => fillOther('refund', event.target.value) });
  const release = form.register('release', { onChange: (event) => fillOther('release', event.target.value) });

  return (
    <form
      aria-labelledby={`${id}-title`}
      noValidate
      className="space-y-4"
      onSubmit={form.handleSubmit((values) => {
        decide.reset();
        decide.mutate({ disputeId, ...values });
      })}
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Decide
      </h3>
      <p id={`${id}-remaining`} className="text-sm">
        To split: <strong>{formatMoney(remaining)}</strong>. The two amounts must add up to it.
      </p>
      <div role="group" aria-label="Quick splits" className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => split(remainingCents)}>
          All to the customer
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => split(Math.floor(remainingCents / 2))}>
          Half each
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => split(0)}>
          All to the designer
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={`${id}-refund`} label="Refund to the customer" hint={`Back to ${customerName}'s card.`}>
          <MoneyInput
            id={`${id}-refund`}
            min="0"
            max={remaining}
            aria-required="true"
            {...errorProps(shown, 'refund', errorId)}
            {...refund}
          />
        </LabelledField>
        <LabelledField id={`${id}-release`} label="Release to the designer" hint={`Paid out to ${designerName}.`}>
          <MoneyInput
            id={`${id}-release`}
            min="0"
            max={remaining}
            aria-required="true"
            {...errorProps(shown, 'release', errorId)}
            {...release}
          />
        </LabelledField>
      </div>
      <LabelledField
        id={`${id}-reason`}
        label="Reason"
        hint="Both parties read it, and it is kept in the audit log. Up to 1000 characters."
      >
        <Textarea
          id={`${id}-reason`}
          rows={4}
          aria-required="true"
          {...errorProps(shown, 'reason', errorId)}
          {...form.register('reason')}
        />
      </LabelledField>
      <FormSubmitRow
        errorId={errorId}
        error={error}
        pending={decide.isPending}
        label="Decide and move the money"
        pendingLabel="Deciding…"
      />
    </form>
  );
}
