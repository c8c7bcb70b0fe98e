import { useContext } from 'react';
import { AuthContext, type AuthState } from '@/features/account/utils/auth-context';

/** The current session. Outside <AuthProvider> this is a programming error, so it throws. */
export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used within an AuthProvider');
  return auth;
}
