import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Button } from '@/components/ui/button';
import { FormSubmitRow, LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  centsToText,
  typedCents,
  type SplitDecision,
  type SplitDecisionSchema,
  type SplitDecisionValues,
} from '@/features/admin/utils/split-decision';
import { errorProps, firstError } from '@/lib/first-error';
import { formatMoney } from '@/lib/format';

const ORDER = ['refund', 'release', 'reason'] as const;
const EMPTY: SplitDecisionValues = { refund: '', release: '', reason: '' };

/** The two sides' words: who gets the refund, who gets the release (payout). */
export type SplitWords = {
  refundLabel: string;
  refundHint: string;
  releaseLabel: string;
  releaseHint: string;
  allToRefund: string;
  allToRelease: string;
};

type Props = {
  /** What waits with Good Space to split (a milestone's remainder, an order's held amount). */
  total: number;
  /** The form's zod schema, mirroring the database's decide function (src/features/admin/utils/split-decision.ts). */
  schema: SplitDecisionSchema;
  words: SplitWords;
  pending: boolean;
  /** The server's refusal, in its sentence. */
  serverError: string | undefined;
  onDecide: (decision: SplitDecision) => void;
};

/**
 * An operator's decision on held money, for a milestone's dispute and an order's problem alike
 * (docs/trust-and-safety.md, Disputes; docs/orders.md, Problems): a refund and a release that add up to what is
 * held (typing one fills the other; quick splits), and a reason both parties read.
 */
export function SplitDecisionForm({ total, schema, words, pending, serverError, onDecide }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const totalCents = Math.round(total * 100);
  const form = useForm<SplitDecisionValues, unknown, SplitDecision>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const shown = firstError(ORDER, form.formState.errors);
  const error = shown?.message ?? serverError;

  /** Sets both amounts from the refund's cents. */
  function split(refundCents: number) {
    const options = { shouldValidate: form.formState.isSubmitted };
    form.setValue('refund', centsToText(refundCents), options);
    form.setValue('release', centsToText(totalCents - refundCents), options);
  }

  /** Typing one amount fills the other with the rest, while the typed one fits in the total. */
  function fillOther(typed: 'refund' | 'release', value: string) {
    const cents = typedCents(value);
    if (cents === null || cents > totalCents) return;
    form.setValue(typed === 'refund' ? 'release' : 'refund', centsToText(totalCents - cents), {
      shouldValidate: form.formState.isSubmitted,
    });
  }

  const refund = form.register('refund', { onChange: (event) => fillOther('refund', event.target.value) });
  const release = form.register('release', { onChange: (event) => fillOther('release', event.target.value) });

  return (
    <form aria-labelledby={`${id}-title`} noValidate className="space-y-4" onSubmit={form.handleSubmit(onDecide)}>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Decide
      </h3>
      <p className="text-sm">
        To split: <strong>{formatMoney(total)}</strong>. The two amounts must add up to it.
      </p>
      <div role="group" aria-label="Quick splits" className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => split(totalCents)}>
          {words.allToRefund}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => split(Math.floor(totalCents / 2))}>
          Half each
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => split(0)}>
          {words.allToRelease}
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField id={`${id}-refund`} label={words.refundLabel} hint={words.refundHint}>
          <MoneyInput
            id={`${id}-refund`}
            min="0"
            max={total}
            aria-required="true"
            {...errorProps(shown, 'refund', errorId)}
            {...refund}
          />
        </LabelledField>
        <LabelledField id={`${id}-release`} label={words.releaseLabel} hint={words.releaseHint}>
          <MoneyInput
            id={`${id}-release`}
            min="0"
            max={total}
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
        pending={pending}
        label="Decide and move the money"
        pendingLabel="Deciding…"
      />
    </form>
  );
}
