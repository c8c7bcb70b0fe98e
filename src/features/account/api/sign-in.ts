import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { loadSupabase } from '@/lib/supabase-loader';

export const signInInputSchema = z.object({
  email: z.string().trim().min(1, 'E-mail is required').email('Please enter a valid e-mail address'),
  password: z.string().min(1, 'Password is required'),
});

export type SignInInput = z.infer<typeof signInInputSchema>;

/** Signs in with e-mail and password; the auth provider picks up the new session. */
export async function signIn(input: SignInInput) {
  // Loaded on submit (and prefetched when the form is touched): /auth paints without supabase-js.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signInWithPassword(input);
  if (error) throw error;
  return data;
}

export function useSignIn(options: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: signIn, onSuccess: () => options.onSuccess?.(), onError: options.onError });
}
