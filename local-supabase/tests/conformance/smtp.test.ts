import net from 'node:net';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { latestMailTo, stackConfig, uniqueEmail } from '../../src/testing/index.ts';

// The inbox's SMTP port answers as the Supabase CLI's Mailpit does on 54325: any sender and recipient, sign-in
// optional (any PLAIN/LOGIN credentials accepted), and what arrives shows in the Mailpit API on the inbox port.
const INBOX = stackConfig.inboxUrl;
const transport = (auth?: { user: string; pass: string }) =>
  nodemailer.createTransport({
    host: stackConfig.host,
    port: stackConfig.smtpPort,
    secure: false,
    ...(auth && { auth }),
  });

interface Detail {
  ID: string;
  MessageID: string;
  From: { Name: string; Address: string };
  To: { Name: string; Address: string }[];
  Cc: { Name: string; Address: string }[];
  Bcc: { Name: string; Address: string }[];
  Subject: string;
  Text: string;
  HTML: string;
  Username: string;
  ListUnsubscribe: { Header: string; Links: string[]; Errors: string; HeaderPost: string };
}

/** One SMTP exchange over a bare socket: each command sent after the previous reply, the replies returned. */
async function converse(commands: string[]): Promise<string[]> {
  const socket = net.connect(stackConfig.smtpPort, stackConfig.host);
  let buffer = '';
  const waiters: ((line: string) => void)[] = [];
  const lines: string[] = [];
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (let i = buffer.indexOf('\r\n'); i >= 0; i = buffer.indexOf('\r\n')) {
      const line = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      // A multi-line reply ("250-…") ends at its line with a space after the code.
      if (/^\d{3} /.test(line)) {
        const waiter = waiters.shift();
        if (waiter) waiter(line);
        else lines.push(line);
      }
    }
  });
  const reply = () =>
    new Promise<string>((resolve) => (lines.length ? resolve(lines.shift()!) : waiters.push(resolve)));
  const replies = [await reply()];
  for (const command of commands) {
    socket.write(`${command}\r\n`);
    replies.push(await reply());
  }
  socket.end();
  return replies;
}

describe('inbox SMTP port', () => {
  it('receives a multipart text and HTML mail with List-Unsubscribe, shown by the inbox API', async () => {
    const to = uniqueEmail('smtp');
    const info = await transport().sendMail({
      from: '"Good Space" <notifications@goodspace.dev>',
      to: `"Ada Lovelace" <${to}>`,
      subject: 'New bid on Kitchen refresh — 3 bids',
      text: 'You have a new bid.\nOpen it: http://localhost:5173/project/1',
      html: '<p>You have a <strong>new bid</strong>.</p><p><a href="http://localhost:5173/project/1">Open it</a></p>',
      list: { unsubscribe: 'http://localhost:54321/functions/v1/unsubscribe?token=abc' },
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    expect(info.response).toMatch(/^250 /);
    expect(info.accepted).toEqual([to]);

    const mail = (await latestMailTo(to, 10_000)) as unknown as Detail;
    expect(mail.Subject).toBe('New bid on Kitchen refresh — 3 bids');
    expect(mail.From).toEqual({ Name: 'Good Space', Address: 'notifications@goodspace.dev' });
    expect(mail.To).toEqual([{ Name: 'Ada Lovelace', Address: to }]);
    expect(mail.Text.trim()).toBe('You have a new bid.\nOpen it: http://localhost:5173/project/1');
    expect(mail.HTML).toContain('<strong>new bid</strong>');
    expect(mail.MessageID).toBe(info.messageId.replace(/^<|>$/g, ''));
    expect(mail.ListUnsubscribe).toEqual({
      Header: '<http://localhost:54321/functions/v1/unsubscribe?token=abc>',
      Links: ['http://localhost:54321/functions/v1/unsubscribe?token=abc'],
      Errors: '',
      HeaderPost: 'List-Unsubscribe=One-Click',
    });

    const headers = (await (await fetch(`${INBOX}/api/v1/message/${mail.ID}/headers`)).json()) as Record<
      string,
      string[]
    >;
    expect(headers['List-Unsubscribe']).toEqual(['<http://localhost:54321/functions/v1/unsubscribe?token=abc>']);
    expect(headers['Content-Type']?.[0]).toMatch(/^multipart\/alternative; boundary=/);
    expect(headers['Mime-Version']).toEqual(['1.0']);

    const raw = await (await fetch(`${INBOX}/api/v1/message/${mail.ID}/raw`)).text();
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(raw).toMatch(/^Content-Type: text\/plain/m);

    const search = (await (await fetch(`${INBOX}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)).json()) as {
      total: number;
      messages: { Snippet: string; Size: number }[];
    };
    expect(search.total).toBe(1);
    expect(search.messages[0]!.Snippet).toBe('You have a new bid. Open it: http://localhost:5173/project/1');
    expect(search.messages[0]!.Size).toBe(Buffer.byteLength(raw));
  });

  it('delivers one message to several recipients; envelope-only recipients are its Bcc', async () => {
    const [a, b, c, hidden] = ['a', 'b', 'c', 'hidden'].map((p) => uniqueEmail(p));
    const info = await transport().sendMail({
      from: 'notifications@goodspace.dev',
      to: [a!, b!],
      cc: c,
      bcc: hidden,
      subject: 'To several',
      text: 'Hello all',
    });
    expect(info.accepted).toEqual([a, b, c, hidden]);
    const forA = (await latestMailTo(a!, 10_000)) as unknown as Detail;
    const forB = (await latestMailTo(b!, 10_000)) as unknown as Detail;
    expect(forB.ID).toBe(forA.ID);
    expect(forA.To.map((t) => t.Address)).toEqual([a, b]);
    expect(forA.Cc).toEqual([{ Name: '', Address: c }]);
    expect(forA.Bcc).toEqual([{ Name: '', Address: hidden }]);
    expect(forA.Text.trim()).toBe('Hello all');
    expect(forA.HTML).toBe('');
  });

  it('accepts AUTH PLAIN and LOGIN with any credentials and records the user name', async () => {
    for (const method of ['PLAIN', 'LOGIN']) {
      const to = uniqueEmail(method.toLowerCase());
      const t = nodemailer.createTransport({
        host: stackConfig.host,
        port: stackConfig.smtpPort,
        secure: false,
        auth: { user: `resend-${method}`, pass: 'any password' },
        authMethod: method,
      });
      await t.sendMail({ from: 'a@goodspace.dev', to, subject: `Signed in with ${method}`, text: 'x' });
      const mail = (await latestMailTo(to, 10_000)) as unknown as Detail;
      expect(mail.Username).toBe(`resend-${method}`);
    }
  });

  it('answers malformed commands with the codes of RFC 5321, as real servers do, and keeps nothing', async () => {
    const to = uniqueEmail('never');
    const replies = await converse([
      'EHLO client.test',
      'FROB everything',
      `RCPT TO:<${to}>`,
      'MAIL FROM:not-an-address',
      'MAIL FROM:<a@goodspace.dev>',
      `RCPT TO:<${to}>`,
      'QUIT',
    ]);
    expect(replies[0]).toMatch(/^220 /);
    expect(replies[1]).toMatch(/^250 /);
    // 500: command unrecognised; 503: bad sequence (RCPT before MAIL); 501: syntax error in parameters.
    expect(replies[2]).toMatch(/^500 /);
    expect(replies[3]).toMatch(/^503 /);
    expect(replies[4]).toMatch(/^501 /);
    expect(replies[5]).toMatch(/^250 /);
    expect(replies[6]).toMatch(/^250 /);
    expect(replies[7]).toMatch(/^221 /);
    const search = (await (await fetch(`${INBOX}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`)).json()) as {
      total: number;
    };
    expect(search.total).toBe(0);
  });

  it('listens on loopback only', async () => {
    const outside = Object.values(os.networkInterfaces())
      .flat()
      .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
    if (!outside) return;
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) => {
      const s = net.connect(stackConfig.smtpPort, outside);
      s.once('connect', () => {
        s.destroy();
        resolve(null);
      });
      s.once('error', resolve);
    });
    expect(error?.code).toBe('ECONNREFUSED');
  });
});
