import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/form-dialog';
import { FieldError, LabelledField } from '@/components/ui/field';
import { MoneyInput } from '@/components/form-fields/money-input';
import { Textarea } from '@/components/ui/textarea';
import { offerFormSchema, type OfferFormInput, type OfferFormValues } from '@/features/good-stuff/api/offer-amount';
import { errorProps, firstError } from '@/lib/first-error';

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  amountLabel: string;
  /** The piece's list price: the most an amount may be. */
  price: number;
  /** A counter must be above the offer it answers. */
  above?: number;
  /** Make Offer has a note; a counter has none. */
  withNote: boolean;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: OfferFormInput) => void;
};

const ORDER = ['amount', 'note'] as const;
const EMPTY: OfferFormValues = { amount: '', note: '' };

/**
 * An amount (and, for Make Offer, an optional note) in a dialog: checked as the database checks it (above zero, at
 * most the list price, cents; a counter above the offer), only the first message shown.
 */
export function OfferAmountDialog({
  open,
  onOpenChange,
  title,
  description,
  amountLabel,
  price,
  above,
  withNote,
  submitLabel,
  pending,
  onSubmit,
}: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const schema = offerFormSchema(price, { above });
  const form = useForm<OfferFormValues, unknown, OfferFormInput>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  });
  const shown = firstError(ORDER, form.formState.errors);

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset(EMPTY);
        onOpenChange(next);
      }}
      title={title}
      description={description}
      onSubmit={form.handleSubmit(onSubmit)}
      pending={pending}
      submitLabel={submitLabel}
      pendingLabel="Sending…"
    >
      <LabelledField id={`${id}-amount`} label={amountLabel}>
        <MoneyInput
          id={`${id}-amount`}
          max={price}
          {...errorProps(shown, 'amount', errorId)}
          {...form.register('amount')}
        />
        {shown?.field === 'amount' ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
      </LabelledField>
      {withNote ? (
        <LabelledField id={`${id}-note`} label="Note to the seller (optional)">
          <Textarea
            id={`${id}-note`}
            rows={3}
            maxLength={500}
            placeholder="When you could pick it up, questions about the piece…"
            {...errorProps(shown, 'note', errorId)}
            {...form.register('note')}
          />
          {shown?.field === 'note' ? <FieldError id={errorId}>{shown.message}</FieldError> : null}
        </LabelledField>
      ) : null}
    </FormDialog>
  );
}
