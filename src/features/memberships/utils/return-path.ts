import { safeRedirectPath } from '@/config/paths';

/** After paying, the user returns to the page they subscribed from, kept under this key. */
const PAYMENT_RETURN_PATH_KEY = 'paymentReturnPath';

export function storePaymentReturnPath(path: string): void {
  try {
    localStorage.setItem(PAYMENT_RETURN_PATH_KEY, path);
  } catch {
    // Storage can be unavailable (private mode, quota); the success page then offers the dashboard only.
  }
}

/** The stored path, only if it is a same-origin path (never an open redirect). */
export function readPaymentReturnPath(): string | null {
  try {
    return safeRedirectPath(localStorage.getItem(PAYMENT_RETURN_PATH_KEY));
  } catch {
    return null;
  }
}

export function clearPaymentReturnPath(): void {
  try {
    localStorage.removeItem(PAYMENT_RETURN_PATH_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}
