import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VerificationRequestValues } from '@/features/verification/api/verification-rules';
import { kindOfMethod } from '@/features/verification/api/verification-rules';
import { invokeFunction } from '@/lib/function-error';
import { preparePhoto } from '@/lib/images/prepare-photo';
import { verificationKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';

const BUCKET = 'verification-documents';

function extensionOf(file: File): string {
  if (file.type === 'application/pdf') return 'pdf';
  return file.type.split('/')[1] === 'jpeg' ? 'jpg' : (file.type.split('/')[1] ?? 'bin');
}

/**
 * Sends a request. The school e-mail goes through verify-school-email (the database makes the link's token; the
 * mail goes to the school address). Documents are sized (photos at most 1600 px, as listings') and uploaded to the
 * designer's own folder, then named in the request; if the request is refused, the files go again.
 */
export async function requestVerification(userId: string, values: VerificationRequestValues): Promise<void> {
  if (values.method === 'school_email') {
    await invokeFunction('verify-school-email', { email: values.school_email });
    return;
  }
  if (values.method === 'projects') {
    const { error } = await supabase
      .from('verification_requests')
      .insert({ kind: 'pro', method: 'projects', project_ids: values.project_ids });
    if (error) throw error;
    return;
  }
  const stamp = Date.now();
  const paths: string[] = [];
  try {
    for (const [index, original] of values.files.entries()) {
      const file = original.type === 'application/pdf' ? original : await preparePhoto(original);
      const path = `${userId}/${stamp}-${index}.${extensionOf(file)}`;
      const { error } = await supabase.storage.from(BUCKET).upload(path, file, { contentType: file.type });
      if (error) throw error;
      paths.push(path);
    }
    const { error } = await supabase
      .from('verification_requests')
      .insert({ kind: kindOfMethod(values.method), method: values.method, document_paths: paths });
    if (error) throw error;
  } catch (error) {
    if (paths.length > 0) await supabase.storage.from(BUCKET).remove(paths);
    throw error;
  }
}

export function useRequestVerification(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: VerificationRequestValues) => requestVerification(userId, values),
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.own(userId) }),
  });
}
