import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { canonicalHeaderName, listUnsubscribe, parseDelivery } from './smtp.ts';

describe('the SMTP port setting', () => {
  const load = (env: Record<string, string>) => loadConfig({ projectDir: '/nonexistent' }, env);

  it('is 54325 by default, beside the inbox when the inbox moves, and LOCAL_SUPABASE_SMTP_PORT wins', () => {
    expect(load({}).smtpPort).toBe(54325);
    expect(load({ LOCAL_SUPABASE_INBOX_PORT: '30004' }).smtpPort).toBe(30005);
    expect(load({ LOCAL_SUPABASE_INBOX_PORT: '30004', LOCAL_SUPABASE_SMTP_PORT: '30025' }).smtpPort).toBe(30025);
    expect(() => load({ LOCAL_SUPABASE_SMTP_PORT: 'smtp' })).toThrow(/LOCAL_SUPABASE_SMTP_PORT must be a port/);
  });
});

describe('parsing what arrives', () => {
  it('names headers as Mailpit does (Go canonical form)', () => {
    expect(canonicalHeaderName('message-ID')).toBe('Message-Id');
    expect(canonicalHeaderName('LIST-UNSUBSCRIBE-POST')).toBe('List-Unsubscribe-Post');
    expect(canonicalHeaderName('x-mailer')).toBe('X-Mailer');
  });

  it('summarises List-Unsubscribe: links in angle brackets, one of each kind, errors said', () => {
    expect(listUnsubscribe('<mailto:u@x.dev>, <https://x.dev/u?t=1> (comment)', undefined)).toEqual({
      Header: '<mailto:u@x.dev>, <https://x.dev/u?t=1> (comment)',
      Links: ['mailto:u@x.dev', 'https://x.dev/u?t=1'],
      Errors: '',
      HeaderPost: '',
    });
    expect(listUnsubscribe('https://x.dev/u', undefined).Errors).toBe(
      '"https://x.dev/u" no valid unsubscribe links found',
    );
    expect(listUnsubscribe('<ftp://x.dev/u>', undefined).Errors).toBe(
      '"ftp://x.dev/u" should start with either http(s):// or mailto:',
    );
    expect(listUnsubscribe(undefined, undefined)).toEqual({ Header: '', Links: [], Errors: '', HeaderPost: '' });
  });

  it('reads folded and encoded headers, the envelope sender and recipients only in the envelope', async () => {
    const raw = Buffer.from(
      [
        'From: =?UTF-8?Q?Caf=C3=A9_Team?= <team@cafe.dev>',
        'To: ada@goodspace.dev',
        'Subject: =?UTF-8?B?SGVsbG8gd29ybGQ=?=',
        'X-Long: first',
        '  second',
        'Date: Tue, 24 Nov 2026 10:00:00 +0000',
        '',
        'Body line',
        '',
      ].join('\r\n'),
    );
    const m = await parseDelivery(raw, {
      mailFrom: 'bounce@cafe.dev',
      rcptTo: ['ADA@goodspace.dev', 'hidden@goodspace.dev'],
    });
    expect(m.From).toEqual({ Name: 'Café Team', Address: 'team@cafe.dev' });
    expect(m.Subject).toBe('Hello world');
    expect(m.Headers?.['X-Long']).toEqual(['first second']);
    expect(m.Bcc).toEqual([{ Name: '', Address: 'hidden@goodspace.dev' }]);
    expect(m.ReturnPath).toBe('bounce@cafe.dev');
    expect(m.Date).toBe('2026-11-24T10:00:00.000Z');
    expect(m.Text.trim()).toBe('Body line');
    expect(m.HTML).toBe('');
    expect(m.MessageID).toMatch(/@/);
  });
});
