import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FieldError, LabelledField } from '@/components/ui/field';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Textarea } from '@/components/ui/textarea';
import { acceptNudgeInputSchema, type AcceptNudgeInput } from '@/features/bids/api/respond-to-nudge';
import { errorProps, firstError } from '@/lib/first-error';

type Quote = { quoteAmount: number; quoteMessage: string | null };

type Props = {
  open: boolean;
  projectTitle: string;
  pending: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: (quote: Quote) => void;
};

const order = ['quoteAmount', 'quoteMessage'] as const;
const empty: AcceptNudgeInput = { quoteAmount: '', quoteMessage: '' };

/**
 * Accept & Send Quote (docs/product.md, Designers and nudges): an amount above zero (steps of 100, minimum 0) and
 * an optional message; Accept is disabled while the amount is empty.
 */
export function QuoteDialog({ open, projectTitle, pending, onOpenChange, onAccept }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<AcceptNudgeInput, unknown, Quote>({
    resolver: zodResolver(acceptNudgeInputSchema),
    defaultValues: empty,
  });
  const amount = useWatch({ control: form.control, name: 'quoteAmount' });
  const shown = firstError(order, form.formState.errors);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(empty);
        onOpenChange(next);
      }}
      title="Accept & Send Quote"
      description={<>Your quote for “{projectTitle}”. The client sees it with your message.</>}
      onSubmit={form.handleSubmit((quote) => onAccept(quote))}
      pending={pending}
      submitDisabled={amount.trim() === ''}
      submitLabel="Accept & Send Quote"
      pendingLabel="Sending…"
    >
      <LabelledField id={`${id}-amount`} label="Quote amount ($)">
        <MoneyInput
          id={`${id}-amount`}
          step={100}
          min={0}
          {...errorProps(shown, 'quoteAmount', errorId)}
          {...form.register('quoteAmount')}
        />
        {shown?.field === 'quoteAmount' ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
      </LabelledField>
      <LabelledField id={`${id}-message`} label="Message (optional)">
        <Textarea
          id={`${id}-message`}
          maxLength={1000}
          placeholder="What the quote covers, when you could start…"
          {...errorProps(shown, 'quoteMessage', errorId)}
          {...form.register('quoteMessage')}
        />
        {shown?.field === 'quoteMessage' ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
      </LabelledField>
    </FormDialog>
  );
}
