import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema } from '@/features/account/utils/password-rules';
import { loadSupabase } from '@/lib/supabase-loader';

/** A new password (docs/product.md, Accounts): both entries match, and the password rule (which the auth server also applies). */
export const updatePasswordInputSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/**
 * The code the auth server mails for a password change on a sign-in older than a day (secure_password_change,
 * ADR 0030): otp_length digits, 6 in supabase/config.toml. Spaces a mail client copies along are dropped.
 */
export const reauthenticationCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the code from the e-mail')
      .regex(/^\d{6}$/, 'The code has 6 digits'),
  );

export type UpdatePasswordRequest = Pick<UpdatePasswordInput, 'password'> & {
  /** The mailed code (sendReauthenticationCode), when the server asked for one. */
  nonce?: string;
};

/** The auth server's answer when the session is older than a day and no code came with the password (400). */
export const REAUTHENTICATION_NEEDED = 'reauthentication_needed';
/** The code is wrong, already used or older than otp_expiry (422). */
export const REAUTHENTICATION_NOT_VALID = 'reauthentication_not_valid';

/** The auth server's error code of a failed call (AuthApiError.code), read without importing supabase-js. */
export function authErrorCode(error: unknown): string | null {
  const code = error && typeof error === 'object' && 'code' in error ? error.code : null;
  return typeof code === 'string' ? code : null;
}

/**
 * Sets the current user's password: with the recovery link's session (always fresh), or signed in, where a
 * sign-in older than a day needs the mailed code (docs/product.md, Accounts).
 */
export async function updatePassword({ password, nonce }: UpdatePasswordRequest): Promise<void> {
  // Loaded on submit (and prefetched when the form is touched): /auth paints without supabase-js.
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw error;
}

export function useUpdatePassword(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: updatePassword, onSuccess: () => options.onSuccess?.(), onError: options.onError });
}
