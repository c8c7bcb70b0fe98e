import { useMutation } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { invokeForPage } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

/**
 * Get paid / Continue setup: the payment account is made once, then `connect-account` answers with its onboarding
 * page (Stripe's, or the sandbox's), which brings the designer back to Settings.
 */
export async function startPayoutsOnboarding(): Promise<string> {
  const settings = `${window.location.origin}${paths.settings.getHref()}`;
  return invokeForPage('connect-account', {
    action: 'onboard',
    returnUrl: `${settings}?payouts=return`,
    refreshUrl: `${settings}?payouts=refresh`,
  });
}

export function useStartPayoutsOnboarding({ onSuccess, onError }: MutationCallbacks<string> = {}) {
  return useMutation({
    mutationFn: startPayoutsOnboarding,
    onSuccess: (url) => onSuccess?.(url),
    onError: (error) => onError?.(error),
  });
}
