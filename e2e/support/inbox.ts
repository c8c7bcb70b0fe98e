import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL, E2E_PORT_BASE } from '../stack-ports.ts';

/** The e2e stack's mail inbox (Mailpit-style JSON API) at base+4. */
const INBOX_URL = `http://127.0.0.1:${E2E_PORT_BASE + 4}`;

type Summary = { ID: string; To: { Address: string }[]; Subject: string; Created: string };

/**
 * The newest mail to `email` whose subject matches, waiting for it to arrive; returns the link it carries
 * (the auth service's /verify URL).
 */
export async function linkFromInbox(email: string, subject: RegExp): Promise<string> {
  let id: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await fetch(`${INBOX_URL}/api/v1/messages`)).json()) as { messages: Summary[] };
        id = list.messages.find(
          (m) => m.To.some((to) => to.Address.toLowerCase() === email.toLowerCase()) && subject.test(m.Subject),
        )?.ID;
        return id;
      },
      { message: `a mail to ${email} matching ${subject}`, timeout: 60_000 },
    )
    .toBeTruthy();
  const message = (await (await fetch(`${INBOX_URL}/api/v1/message/${id}`)).json()) as { Text: string };
  const link = /https?:\/\/\S+\/verify\?\S+/.exec(message.Text)?.[0];
  if (!link) throw new Error(`no verify link in the mail to ${email}: ${message.Text}`);
  return link;
}

/** The mails to `email` whose subject matches, newest first (the inbox's summaries). */
export async function mailsTo(email: string, subject: RegExp): Promise<Summary[]> {
  const list = (await (await fetch(`${INBOX_URL}/api/v1/messages`)).json()) as { messages: Summary[] };
  return list.messages.filter(
    (m) => m.To.some((to) => to.Address.toLowerCase() === email.toLowerCase()) && subject.test(m.Subject),
  );
}

/** The newest mail to `email` whose subject matches, waiting for it to arrive: its plain text and HTML. */
export async function mailFromInbox(
  email: string,
  subject: RegExp,
): Promise<{ Subject: string; Text: string; HTML: string }> {
  let id: string | undefined;
  await expect
    .poll(async () => (id = (await mailsTo(email, subject))[0]?.ID), {
      message: `a mail to ${email} matching ${subject}`,
      timeout: 60_000,
    })
    .toBeTruthy();
  return (await (await fetch(`${INBOX_URL}/api/v1/message/${id}`)).json()) as {
    Subject: string;
    Text: string;
    HTML: string;
  };
}

/** A fresh address the auth service accepts for sign-up (it refuses example.com and .test, as hosted does). */
export function freshEmail(prefix: string): string {
  return `e2e-${prefix}-${randomUUID().slice(0, 8)}@goodspace.dev`;
}

/** Service-role client: checks what the database holds, and removes the users a journey created. */
export const serviceClient = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  // Node 20 has no global WebSocket; supabase-js needs the `ws` transport here.
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
});

export async function userIdByEmail(email: string): Promise<string | null> {
  const { data, error } = await serviceClient.from('profiles').select('id').eq('email', email).maybeSingle();
  if (error) throw error;
  return (data as { id: string } | null)?.id ?? null;
}

export async function deleteUserByEmail(email: string): Promise<void> {
  const id = await userIdByEmail(email);
  if (id) await serviceClient.auth.admin.deleteUser(id);
}
