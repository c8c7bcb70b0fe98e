import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '@/lib/mutation-callbacks';
import { userKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { Role } from '@/types/role';

/** The rpc sets the role and creates the matching empty profile; it returns the new role. */
export async function switchAccountType(newRole: Role): Promise<Role> {
  const { data, error } = await supabase.rpc('switch_account_type', { new_role: newRole });
  if (error) throw error;
  return data;
}

/** The redirect to the new dashboard waits 1.5 seconds, so the toast can be read (docs/product.md, Accounts). */
export const ACCOUNT_SWITCH_REDIRECT_MS = 1_500;

export const SWITCH_SUCCESS: Record<Role, string> = {
  designer: 'Account changed to Designer! Redirecting...',
  customer: 'Account changed to Client! Redirecting...',
};

type SwitchAccountTypeInput = { currentRole: Role | null };

type UseSwitchAccountTypeOptions = MutationCallbacks<Role, SwitchAccountTypeInput> & {
  userId: string;
  /** Called 1.5 s after the switch, once the user's data is fresh, with the new role (the route goes to its dashboard). */
  onSwitched: (role: Role) => void;
};

export function useSwitchAccountType({ userId, onSwitched, onSuccess, onError }: UseSwitchAccountTypeOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SwitchAccountTypeInput) => {
      if (!input.currentRole) return Promise.reject(new UnknownAccountTypeError());
      return switchAccountType(input.currentRole === 'customer' ? 'designer' : 'customer');
    },
    onSuccess: async (role, input) => {
      await onSuccess?.(role, input);
      // Role and membership (answered for the role's plan) both change: refresh everything of the user.
      await queryClient.invalidateQueries({ queryKey: userKeys.detail(userId) });
      setTimeout(() => onSwitched(role), ACCOUNT_SWITCH_REDIRECT_MS);
    },
    onError,
  });
}

export class UnknownAccountTypeError extends Error {
  constructor() {
    super('Could not determine your current account type');
    this.name = 'UnknownAccountTypeError';
  }
}
