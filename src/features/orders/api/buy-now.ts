import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

const answerSchema = z.object({ url: z.string().min(1), provider: z.string().optional(), orderId: z.string() });

export type BuyNowAnswer = z.infer<typeof answerSchema>;

/**
 * Opens an order for the piece and its payment page (Stripe Checkout, or the sandbox's): the `buy-now` function
 * reads the amount from the database. Cancelling the payment brings the buyer back to the piece.
 */
export async function buyNow(itemId: string): Promise<BuyNowAnswer> {
  const data = await invokeFunction<unknown>('buy-now', {
    itemId,
    cancelUrl: `${window.location.origin}${paths.piece.getHref(itemId)}`,
  });
  const parsed = answerSchema.safeParse(data);
  if (!parsed.success) throw new Error('Failed to open payment page');
  return parsed.data;
}

export function useBuyNow(itemId: string, { onSuccess, onError }: MutationCallbacks<BuyNowAnswer> = {}) {
  return useMutation({
    mutationFn: () => buyNow(itemId),
    onSuccess: (answer) => onSuccess?.(answer),
    onError: (error) => onError?.(error),
  });
}
