import { toast } from 'sonner';
import {
  checkoutErrorMessage,
  checkoutRefusalReason,
  useCreateCheckout,
} from '@/features/memberships/api/create-checkout';
import { pageNavigation } from '@/lib/page-navigation';

type UseCheckoutOptions = {
  /** Called when the user must sign in first ('Please log in to continue'). */
  onLoginRequired?: () => void;
};

/** Subscribe Now: starts the checkout and opens its payment page, or says why it could not. */
export function useCheckout({ onLoginRequired }: UseCheckoutOptions = {}) {
  return useCreateCheckout({
    onSuccess: (url) => {
      try {
        pageNavigation.open(url);
      } catch (error) {
        console.error('Error creating checkout', error);
        toast.error('Failed to open payment page');
      }
    },
    onError: (error) => {
      console.error('Error creating checkout', error);
      const message = checkoutErrorMessage(error);
      toast.error(message, { description: checkoutRefusalReason(error) });
      if (message === 'Please log in to continue') onLoginRequired?.();
    },
  });
}
