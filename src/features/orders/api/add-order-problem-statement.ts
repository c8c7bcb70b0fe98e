import type { OrderProblemStatement } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import { ORDER_PHOTOS_BUCKET } from '@/features/orders/utils/order-photos';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';

export type AddStatementInput = { problemId: string; body: string; photos: File[] };

/**
 * The seller's one statement on the buyer's problem, with photos, until statements are due (rpc
 * add_order_problem_statement; the buyer's report is theirs). The photos go up first; a refusal removes them.
 */
export async function addOrderProblemStatement(
  orderId: string,
  { problemId, body, photos }: AddStatementInput,
): Promise<OrderProblemStatement> {
  const paths = await uploadPrivatePhotos(ORDER_PHOTOS_BUCKET, orderId, photos);
  const { data, error } = await supabase.rpc('add_order_problem_statement', {
    problem_id: problemId,
    body,
    photos: paths,
  });
  if (error) {
    await removePrivatePhotos(ORDER_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}

export function useAddOrderProblemStatement(
  orderId: string,
  callbacks: MutationCallbacks<OrderProblemStatement, AddStatementInput> = {},
) {
  return useOrderMutation(orderId, (input: AddStatementInput) => addOrderProblemStatement(orderId, input), callbacks);
}
