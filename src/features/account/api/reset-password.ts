import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { loadSupabase } from '@/lib/supabase-loader';

export const resetPasswordInputSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required').email('Please enter a valid e-mail address'),
});

export type ResetPasswordRequest = z.infer<typeof resetPasswordInputSchema> & {
  /** The set-new-password screen (/auth?reset=true), absolute. */
  redirectTo: string;
};

/** The reset-password e-mail. The link signs the user in (recovery session) and opens `redirectTo`. */
export async function resetPassword({ email, redirectTo }: ResetPasswordRequest): Promise<void> {
  // Loaded on submit (and prefetched when the form is touched): /auth paints without supabase-js.
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo });
  if (error) throw error;
}

export function useResetPassword(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: resetPassword, onSuccess: () => options.onSuccess?.(), onError: options.onError });
}
