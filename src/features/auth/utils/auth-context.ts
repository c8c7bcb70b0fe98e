import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

/**
 * The session's states: loading (not read yet), signed out, signed in. `event` is the last change
 * supabase-js reported (SIGNED_OUT tells a sign-out from a visitor who never signed in).
 */
export type AuthState =
  | { status: 'loading'; session: null; user: null; event: null }
  | { status: 'signed-out'; session: null; user: null; event: AuthChangeEvent | null }
  | { status: 'signed-in'; session: Session; user: User; event: AuthChangeEvent | null };

export const AuthContext = createContext<AuthState | null>(null);
