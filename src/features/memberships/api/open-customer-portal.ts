import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { paths } from '@/config/paths';
import { invokeFunction } from '@/lib/function-error';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';

const portalAnswerSchema = z.object({ url: z.string().min(1), provider: z.string().optional() });

/** Opens the management page in a new tab; a blocked pop-up falls back to this tab. */
export const portalNavigation = {
  open(url: string) {
    const tab = window.open(url, '_blank');
    if (tab) tab.opener = null;
    else window.location.assign(url);
  },
};

/** customer-portal: the URL of the subscription management page (Stripe, or the sandbox portal). */
export async function getCustomerPortalUrl(): Promise<string> {
  const data = await invokeFunction<unknown>('customer-portal', {
    returnUrl: `${window.location.origin}${paths.settings.getHref()}`,
  });
  return portalAnswerSchema.parse(data).url;
}

/** Opens the management page once its URL is known. */
export function useOpenCustomerPortal({ onError }: Pick<MutationCallbacks<string>, 'onError'> = {}) {
  return useMutation({ mutationFn: getCustomerPortalUrl, onSuccess: (url) => portalNavigation.open(url), onError });
}
