import { z } from 'zod';

/**
 * Passwords (docs/product.md, Accounts): at least 8 characters with an uppercase letter, a lowercase letter and a
 * digit, with the product's 'Password too short' and 'Password too weak'. The auth server enforces the same rule (supabase/config.toml password_requirements), for new
 * passwords too, so the reset form checks it as well instead of letting the server refuse it.
 */
export const PASSWORD_MIN_LENGTH = 8;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, 'Password too short')
  .refine((value) => /[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value), 'Password too weak');

export const passwordHint = 'At least 8 characters, with an uppercase letter, a lowercase letter and a digit.';

/** The password messages that are also toasts; other first messages show under their field only. */
export const passwordNotices: Record<string, string> = {
  'Password too short': 'Use at least 8 characters.',
  'Password too weak': 'Use an uppercase letter, a lowercase letter and a digit.',
  "Passwords don't match": 'Type the same password in both fields.',
};
