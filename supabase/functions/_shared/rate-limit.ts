import type { SupabaseClient } from 'npm:@supabase/supabase-js@2.119.1';
import { HttpError } from './http.ts';

/** The functions whose calls are counted per user (private.rate_limits, docs/product.md Limits). */
export type RateLimitedAction = 'buy_now' | 'create_checkout' | 'connect_account' | 'fund_milestone';

/**
 * Counts one call of `action` for the user, in the database (take_function_rate), so the count holds across
 * function instances and racing calls; past the limit it is a 429 with the database's sentence ('You're doing
 * that too often. Try again in N minutes.'). Called before anything is created at the payment provider.
 */
export async function takeRate(db: SupabaseClient, userId: string, action: RateLimitedAction): Promise<void> {
  const { error } = await db.rpc('take_function_rate', { user_id: userId, action });
  if (!error) return;
  if (error.code === 'PT429') throw new HttpError(429, error.message, 'rate_limited');
  throw new Error(`counting ${action} failed: ${error.message}`);
}
