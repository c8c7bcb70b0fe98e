import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The link's token, confirmed once by the signed-in designer who asked for it (rpc confirm_school_email). */
export async function confirmSchoolEmail(token: string): Promise<{ school_email: string }> {
  const { data, error } = await supabase.rpc('confirm_school_email', { token });
  if (error) throw error;
  return data as { school_email: string };
}

export function useConfirmSchoolEmail() {
  return useMutation({ mutationFn: confirmSchoolEmail });
}
