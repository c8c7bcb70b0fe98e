import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { API_URL, nodeOptions, stackConfig } from './clients.ts';

/** A unique address on a domain hosted's mail validator accepts (example.com and *.test are refused there). */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@goodspace.dev`;
}

export const DEFAULT_PASSWORD = 'Passw0rd-Good';

/** Creates a user through the admin API (the secret key), confirmed unless told otherwise. */
export async function createUser(
  opts: {
    email?: string;
    password?: string;
    metadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    confirmed?: boolean;
  } = {},
): Promise<{ id: string; email: string; password: string }> {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? DEFAULT_PASSWORD;
  const res = await fetch(`${API_URL}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      // As supabase-js' auth.admin sends it; the gateway turns the Bearer sb_ key into the service role's JWT.
      apikey: stackConfig.secretKey,
      Authorization: `Bearer ${stackConfig.secretKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({
      email,
      password,
      email_confirm: opts.confirmed ?? true,
      user_metadata: opts.metadata ?? {},
      ...(opts.appMetadata ? { app_metadata: opts.appMetadata } : {}),
    }),
  });
  const body = (await res.json()) as { id?: string; msg?: string; message?: string };
  if (!res.ok || !body.id) throw new Error(`createUser(${email}) failed: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.id, email, password };
}

/** A supabase-js client (publishable key, Node options) signed in with e-mail and password. */
export async function signedInClient(email: string, password: string): Promise<SupabaseClient> {
  const client = createClient(API_URL, stackConfig.publishableKey, nodeOptions);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`signInWithPassword(${email}) failed: ${error.status} ${error.code} ${error.message}`);
  return client;
}

export interface InboxMessage {
  ID: string;
  Subject: string;
  To: { Name: string; Address: string }[];
  Created: string;
  HTML: string;
  Text: string;
}

/**
 * The newest mail to `email` (with this subject, when given) from the inbox's Mailpit API (this test stack's, or
 * `inboxUrl`), waiting up to `timeoutMs` for it.
 */
export async function latestMailTo(
  email: string,
  timeoutMs = 60_000,
  { inboxUrl = stackConfig.inboxUrl, subject }: { inboxUrl?: string; subject?: string } = {},
): Promise<InboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${inboxUrl}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`);
    const list = (await res.json()) as { messages: { ID: string; Subject: string; To: { Address: string }[] }[] };
    const hit = list.messages.find(
      (m) =>
        m.To.some((t) => t.Address.toLowerCase() === email.toLowerCase()) &&
        (subject === undefined || m.Subject === subject),
    );
    if (hit) return (await (await fetch(`${inboxUrl}/api/v1/message/${hit.ID}`)).json()) as InboxMessage;
    if (Date.now() > deadline) throw new Error(`no mail to ${email} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in an HTML mail (the action link), with HTML entities decoded. */
export function extractLink(html: string): string {
  const m = /href="([^"]+)"/.exec(html);
  if (!m) throw new Error('no link in mail');
  return m[1]!
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
}
