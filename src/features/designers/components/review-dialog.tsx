import { zodResolver } from '@hookform/resolvers/zod';
import { Star } from 'lucide-react';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormDialog } from '@/components/form-dialog';
import { LabelledField } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import {
  createReviewInputSchema,
  useCreateReview,
  type CreateReviewInput,
  type ReviewTarget,
} from '@/features/designers/api/create-review';
import { errorProps, firstError } from '@/lib/first-error';
import { cn } from '@/lib/utils';

type ReviewFormValues = z.input<typeof createReviewInputSchema>;
type ReviewDialogProps = ReviewTarget & { open: boolean; onOpenChange: (open: boolean) => void };

const order = ['rating', 'comment'] as const;

/**
 * Rate Your Designer (docs/product.md, Projects): 1–5 stars as a radio group, 5 chosen at first, an optional
 * comment; Submit Review or Skip.
 */
export function ReviewDialog({ open, onOpenChange, ...target }: ReviewDialogProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const form = useForm<ReviewFormValues, unknown, CreateReviewInput>({
    resolver: zodResolver(createReviewInputSchema),
    defaultValues: { rating: 5, comment: '' },
  });
  const rating = useWatch({ control: form.control, name: 'rating' });
  const create = useCreateReview(target, {
    onSuccess: () => {
      toast.success('Thank you for your review!');
      onOpenChange(false);
    },
    onError: () => toast.error('Failed to submit review'),
  });
  const shown = firstError(order, form.formState.errors);

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rate Your Designer"
      description="How did the project go? Your review helps other clients."
      onSubmit={form.handleSubmit((input) => create.mutate(input))}
      errorId={errorId}
      error={shown?.message}
      pending={create.isPending}
      cancelLabel="Skip"
      submitLabel="Submit Review"
      pendingLabel="Submitting…"
    >
      <fieldset className="space-y-2" {...errorProps(shown, 'rating', errorId)}>
        <legend className="text-sm font-medium">Rating</legend>
        <div className="flex gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer rounded-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
            >
              <input
                type="radio"
                name={`${id}-rating`}
                value={value}
                checked={rating === value}
                onChange={() => form.setValue('rating', value, { shouldValidate: form.formState.isSubmitted })}
                className="sr-only"
              />
              <span className="sr-only">{value === 1 ? '1 star' : `${value} stars`}</span>
              <Star
                aria-hidden="true"
                className={cn('size-8', value <= rating ? 'fill-yellow-400 text-yellow-600' : 'text-muted-foreground')}
              />
            </label>
          ))}
        </div>
        <p className="text-sm text-muted-foreground">{rating} of 5 stars</p>
      </fieldset>
      <LabelledField id={`${id}-comment`} label="Comment (optional)">
        <Textarea
          id={`${id}-comment`}
          rows={4}
          {...errorProps(shown, 'comment', errorId)}
          {...form.register('comment')}
        />
      </LabelledField>
    </FormDialog>
  );
}
