import type { OrderProblem } from '@/features/orders/api/order';
import { useOrderMutation } from '@/features/orders/hooks/use-order-mutation';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { supabase } from '@/lib/supabase';
import { ORDER_PHOTOS_BUCKET } from '@/features/orders/utils/order-photos';
import { removePrivatePhotos, uploadPrivatePhotos } from '@/lib/private-photos';

export type ReportProblemInput = { reason: string; photos: File[] };

/**
 * The buyer reports a problem within 48 hours of the seller marking the piece collected (rpc report_order_problem):
 * the payout waits and Good Space decides. The photos go up first; a refusal removes them.
 */
export async function reportOrderProblem(
  orderId: string,
  { reason, photos }: ReportProblemInput,
): Promise<Omit<OrderProblem, 'statements'>> {
  const paths = await uploadPrivatePhotos(ORDER_PHOTOS_BUCKET, orderId, photos);
  const { data, error } = await supabase.rpc('report_order_problem', { order_id: orderId, reason, photos: paths });
  if (error) {
    await removePrivatePhotos(ORDER_PHOTOS_BUCKET, paths);
    throw error;
  }
  return data;
}

export function useReportOrderProblem(
  orderId: string,
  callbacks: MutationCallbacks<Omit<OrderProblem, 'statements'>, ReportProblemInput> = {},
) {
  return useOrderMutation(orderId, (input: ReportProblemInput) => reportOrderProblem(orderId, input), callbacks);
}
