import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/** Stripe's Express dashboard for the seller (payouts, balance, bank account): a one-time login link. */
export async function openPayoutDashboard(): Promise<string> {
  const data = await invokeFunction<unknown>('connect-account', { action: 'dashboard' });
  return z.object({ url: z.string().min(1) }).parse(data).url;
}

export function useOpenPayoutDashboard({ onSuccess, onError }: MutationCallbacks<string> = {}) {
  return useMutation({
    mutationFn: openPayoutDashboard,
    onSuccess: (url) => onSuccess?.(url),
    onError: (error) => onError?.(error),
  });
}
