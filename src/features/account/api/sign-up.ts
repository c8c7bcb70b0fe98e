import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { passwordSchema } from '@/features/account/utils/password-rules';
import { loadSupabase } from '@/lib/supabase-loader';
import {
  pendingProfileForSignUp,
  type PendingCustomerProfile,
  type PendingDesignerProfile,
} from '@/lib/pending-profile';
import { ROLES } from '@/types/role';

export const signUpInputSchema = z.object({
  full_name: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  username: z.string().trim().min(1, 'Username is required').max(50, 'Username must be at most 50 characters'),
  email: z.string().trim().min(1, 'E-mail is required').email('Please enter a valid e-mail address'),
  password: passwordSchema,
  role: z.enum(ROLES, { error: 'Please choose customer or designer' }),
});

export type SignUpInput = z.infer<typeof signUpInputSchema>;
export const signUpFieldOrder = ['full_name', 'username', 'email', 'password', 'role'] as const;

export type SignUpRequest = SignUpInput & {
  /** The landing form of the chosen role, if one was filled in on this device. */
  pendingProfile: PendingCustomerProfile | PendingDesignerProfile | null;
  /** Where the confirmation link leads: the site root. */
  redirectTo: string;
};

/**
 * Sign-up (docs/product.md, Accounts). ADR 0002: the pending profile travels in the metadata as `pending_profile` and the database
 * trigger creates profile, role and role profile in the sign-up transaction; nothing is inserted afterwards.
 * With e-mail confirmation on, the result has no session: the user confirms through the mailed link.
 */
export async function signUp({ pendingProfile, redirectTo, email, password, ...metadata }: SignUpRequest) {
  // Loaded on submit (and prefetched when the form is touched): /auth paints without supabase-js.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.auth.signUp({
    email,
    password,
    options: {
      emailRedirectTo: redirectTo,
      data: { ...metadata, ...(pendingProfile ? { pending_profile: pendingProfileForSignUp(pendingProfile) } : {}) },
    },
  });
  if (error) throw error;
  return data;
}

export function useSignUp(
  options: {
    onSuccess?: (request: SignUpRequest) => void;
    onError?: (error: Error, request: SignUpRequest) => void;
  } = {},
) {
  return useMutation({
    mutationFn: signUp,
    onSuccess: (_data, request) => options.onSuccess?.(request),
    onError: (error, request) => options.onError?.(error, request),
  });
}
