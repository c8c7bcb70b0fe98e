import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

/**
 * The session's states: loading (not read yet), signed out, signed in. `event` is the last change
 * supabase-js reported (SIGNED_OUT tells a sign-out from a visitor who never signed in). `endsAt` is where the
 * one who signed out sends the user ('home' after deleting the account); without it a sign-out ends on /auth.
 */
export type AuthState =
  | { status: 'loading'; session: null; user: null; event: null }
  | { status: 'signed-out'; session: null; user: null; event: AuthChangeEvent | null; endsAt?: SignOutEnd }
  | { status: 'signed-in'; session: Session; user: User; event: AuthChangeEvent | null };

/**
 * Where a sign-out sends the user when a signed-in page sees it: /auth unless the caller said home, or /auth saying
 * the account is suspended (docs/trust-and-safety.md).
 */
export type SignOutEnd = 'home' | 'auth' | 'suspended';

export const AuthContext = createContext<AuthState | null>(null);
