import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import { z } from 'zod';

/**
 * An Edge Function's refusal, read from its `{ error, code }` JSON body (docs/payments.md, "Error codes").
 * `code` and `status` also tell the query client not to retry: the same request gets the same answer.
 */
export class FunctionError extends Error {
  readonly code: string | null;
  readonly status: number | null;

  constructor(message: string, code: string | null, status: number | null) {
    super(message);
    this.name = 'FunctionError';
    this.code = code;
    this.status = status;
  }
}

/**
 * Turns what `supabase.functions.invoke` reports into a FunctionError. supabase-js only says "Edge Function
 * returned a non-2xx status code"; the function's own message and code are in the response body.
 */
export async function toFunctionError(error: unknown): Promise<FunctionError> {
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response | undefined;
    const status = typeof response?.status === 'number' ? response.status : null;
    try {
      const body = (await response?.json()) as { error?: unknown; code?: unknown } | undefined;
      const message = typeof body?.error === 'string' ? body.error : error.message;
      const code = typeof body?.code === 'string' ? body.code : null;
      return new FunctionError(message, code, status);
    } catch {
      return new FunctionError(error.message, null, status);
    }
  }
  if (error instanceof Error) return new FunctionError(error.message, null, null);
  return new FunctionError(String(error), null, null);
}

/** Calls an Edge Function with the user's session and returns its JSON answer; throws FunctionError. */
export async function invokeFunction<T>(name: string, body?: Record<string, unknown>): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, body === undefined ? {} : { body });
  if (error) throw await toFunctionError(error);
  return data as T;
}

const pageAnswer = z.object({ url: z.string().min(1) });

/**
 * Calls an Edge Function whose answer is the page to open next (`{ url }`: a payment page, onboarding, where a
 * sandbox page goes after an action); throws FunctionError, or a ZodError when the answer has no URL.
 */
export async function invokeForPage(name: string, body?: Record<string, unknown>): Promise<string> {
  return pageAnswer.parse(await invokeFunction<unknown>(name, body)).url;
}
