import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { testStackConfig } from './test-config.ts';

export const stackConfig = testStackConfig();
export const API_URL = stackConfig.apiUrl;

export const nodeOptions: SupabaseClientOptions<'public'> = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js needs the `ws` transport here (browsers need nothing).
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
};

/** A client as a signed-out visitor (publishable key by default, legacy anon JWT on request). */
export function anonClient(key: 'publishable' | 'legacy' = 'publishable'): SupabaseClient {
  return createClient(API_URL, key === 'legacy' ? stackConfig.anonKey : stackConfig.publishableKey, nodeOptions);
}

/**
 * A client with the service role (bypasses RLS); test set-up only. The secret key (`sb_secret_…`) by default, the
 * legacy service-role JWT on request (tests about legacy keys). Never in a browser: hosted refuses secret keys there.
 */
export function serviceClient(key: 'secret' | 'legacy' = 'secret'): SupabaseClient {
  return createClient(API_URL, key === 'legacy' ? stackConfig.serviceRoleKey : stackConfig.secretKey, nodeOptions);
}

/** Raw fetch against the gateway with the publishable key unless headers say otherwise. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stackConfig.publishableKey);
  return fetch(`${API_URL}${path}`, { ...init, headers });
}
