import type { Session, User } from '@supabase/supabase-js';
import { createContext } from 'react';

/** SPEC §4 "Auth": loading (session not read yet), signed out, signed in. */
export type AuthState =
  | { status: 'loading'; session: null; user: null }
  | { status: 'signed-out'; session: null; user: null }
  | { status: 'signed-in'; session: Session; user: User };

export const AuthContext = createContext<AuthState | null>(null);
