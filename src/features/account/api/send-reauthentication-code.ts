import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/supabase-loader';

/**
 * Mails the signed-in user a one-time code (GET /auth/v1/reauthenticate), which a password change on a sign-in
 * older than a day must carry as its nonce (update-password.ts). A second request within max_frequency (60 s)
 * is refused with 429 over_email_send_rate_limit and the seconds to wait.
 */
export async function sendReauthenticationCode(): Promise<void> {
  const supabase = await loadSupabase();
  const { error } = await supabase.auth.reauthenticate();
  if (error) throw error;
}

export function useSendReauthenticationCode(
  options: { onSuccess?: () => void; onError?: (error: Error) => void } = {},
) {
  return useMutation({
    mutationFn: sendReauthenticationCode,
    onSuccess: () => options.onSuccess?.(),
    onError: options.onError,
  });
}
