import { useEffect } from 'react';
import { toast } from 'sonner';

/**
 * Shows `message` as an error toast whenever `isError` turns true (load failures, docs/product.md, Messages the user sees). The toast id is the
 * message, so several components failing the same way show one toast.
 */
export function useErrorToast(isError: boolean, message: string): void {
  useEffect(() => {
    if (isError) toast.error(message, { id: message });
  }, [isError, message]);
}
