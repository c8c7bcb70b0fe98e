import { toast } from 'sonner';
import { useActOnSandboxSession } from '@/features/memberships/api/sandbox-session';

/** A sandbox checkout or portal button: acts on the session, then `onDone` follows the answer's URL. */
export function useSandboxAction(userId: string, onDone: (url: string) => void) {
  return useActOnSandboxSession(userId, {
    onSuccess: onDone,
    onError: (error) => {
      console.error('Sandbox payment action failed', error);
      toast.error(error instanceof Error ? error.message : 'Sandbox action failed');
    },
  });
}
