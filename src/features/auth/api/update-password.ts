import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema } from '@/features/auth/utils/password-rules';
import { loadSupabase } from '@/lib/supabase-loader';

/** A new password (docs/product.md, Accounts): both entries match, and the password rule (which the auth server also applies). */
export const updatePasswordInputSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });

export type UpdatePasswordInput = z.infer<typeof updatePasswordInputSchema>;

/** Sets the current user's password (with the recovery link's session). */
export async function updatePassword({ password }: Pick<UpdatePasswordInput, 'password'>): Promise<void> {
  // Loaded on submit (and prefetched when the form is touched): /auth paints without supabase-js.
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.updateUser({ password });
  if (error) throw error;
}

export function useUpdatePassword(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: updatePassword, onSuccess: () => options.onSuccess?.(), onError: options.onError });
}
