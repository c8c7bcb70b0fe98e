import { useMutation } from '@tanstack/react-query';
import { invokeForPage } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/** Stripe's Express dashboard for the seller (payouts, balance, bank account): a one-time login link. */
export async function openPayoutDashboard(): Promise<string> {
  return invokeForPage('connect-account', { action: 'dashboard' });
}

export function useOpenPayoutDashboard({ onSuccess, onError }: MutationCallbacks<string> = {}) {
  return useMutation({
    mutationFn: openPayoutDashboard,
    onSuccess: (url) => onSuccess?.(url),
    onError: (error) => onError?.(error),
  });
}
