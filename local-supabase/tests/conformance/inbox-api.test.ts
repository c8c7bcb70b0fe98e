import { describe, expect, it } from 'vitest';
import { api, createUser, latestMailTo, stackConfig } from '../../src/testing/index.ts';

// The inbox answers like Mailpit's v1 API (the Supabase CLI's local mail server).
const INBOX = stackConfig.inboxUrl;

describe('mail inbox', () => {
  it('lists, opens, searches and deletes messages', async () => {
    const { email } = await createUser();
    await api('/auth/v1/recover', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const mail = await latestMailTo(email);

    const list = (await (await fetch(`${INBOX}/api/v1/messages`)).json()) as Record<string, unknown> & {
      messages: { ID: string }[];
    };
    expect(Object.keys(list)).toEqual(['total', 'unread', 'count', 'messages_count', 'start', 'tags', 'messages']);
    expect(list.messages.some((m) => m.ID === mail.ID)).toBe(true);

    const search = (await (
      await fetch(`${INBOX}/api/v1/search?query=${encodeURIComponent(`to:${email}`)}`)
    ).json()) as { total: number };
    expect(search.total).toBe(1);

    const page = await fetch(`${INBOX}/`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('Reset your password');
    expect(await (await fetch(`${INBOX}/view/${mail.ID}`)).text()).toContain('srcdoc=');

    const del = await fetch(`${INBOX}/api/v1/messages`, {
      method: 'DELETE',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ IDs: [mail.ID] }),
    });
    expect(del.status).toBe(200);
    expect((await fetch(`${INBOX}/api/v1/message/${mail.ID}`)).status).toBe(404);
  });
});
