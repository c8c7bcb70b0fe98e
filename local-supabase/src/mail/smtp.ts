import { randomUUID } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { StackConfig } from '../config.ts';
import type { MailAddress, MailMessage, Mailer } from '../mailer.ts';

/**
 * The inbox's SMTP port (:54325, the Supabase CLI's Inbucket/Mailpit smtp_port): any sender, any recipient, no
 * sign-in needed, and AUTH PLAIN/LOGIN with any credentials accepted (Mailpit's --smtp-auth-accept-any), so an SMTP
 * client configured for a real provider works unchanged. Loopback only, no TLS (no STARTTLS offered, as Mailpit
 * without certificates). What arrives is parsed and kept in the same inbox the HTTP API on :54324 serves.
 */

/** Mailpit's default limit is none; this keeps a runaway client from filling the stack's memory. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;

/** Header names as Go's textproto writes them (Mailpit's /headers): Message-Id, List-Unsubscribe. */
export function canonicalHeaderName(name: string): string {
  return name
    .toLowerCase()
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

function addresses(field: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) =>
    o.value.flatMap((a) =>
      // A group ("team: a@x, b@x;") lists its members.
      (a.group ?? [a]).map((m) => ({ Name: m.name ?? '', Address: m.address ?? '' })),
    ),
  );
}

/**
 * The List-Unsubscribe summary Mailpit shows (RFC 2369, RFC 8058): the links between angle brackets, at most one
 * mailto: and one http(s) link, and what is wrong with the header, if anything.
 */
export function listUnsubscribe(header: string | undefined, post: string | undefined) {
  const result = { Header: header ?? '', Links: [] as string[], Errors: '', HeaderPost: post ?? '' };
  if (header === undefined) return result;
  const value = header.replace(/\([^)]*\)/g, '').trim();
  const links = [...value.matchAll(/<([^>]*)>/g)].map((m) => m[1]!);
  if (!links.length) {
    result.Errors = `"${value}" no valid unsubscribe links found`;
    return result;
  }
  const errors: string[] = [];
  let mailto = false;
  let web = false;
  for (const link of links) {
    if (/\s/.test(link)) errors.push(`"${link}" should not contain spaces`);
    else if (/^mailto:\w/.test(link) && !mailto) mailto = result.Links.push(link) > 0;
    else if (/^https?:\/\/\w/i.test(link) && !web) web = result.Links.push(link) > 0;
    else if (/^(mailto:|https?:\/\/)/i.test(link)) errors.push(`"${link}" repeats a kind of link already given`);
    else errors.push(`"${link}" should start with either http(s):// or mailto:`);
  }
  result.Errors = errors.join(', ');
  return result;
}

/** An SMTP delivery as the inbox keeps it: header fields from the message, Bcc from the envelope. */
export async function parseDelivery(
  raw: Buffer,
  envelope: { mailFrom: string; rcptTo: string[]; username?: string },
): Promise<Omit<MailMessage, 'ID' | 'Created' | 'Read'>> {
  const parsed: ParsedMail = await simpleParser(raw, { skipImageLinks: true });
  const headers: Record<string, string[]> = {};
  for (const { line } of parsed.headerLines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = canonicalHeaderName(line.slice(0, colon).trim());
    (headers[name] ??= []).push(
      line
        .slice(colon + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    );
  }
  const to = addresses(parsed.to);
  const cc = addresses(parsed.cc);
  const named = new Set([...to, ...cc].map((a) => a.Address.toLowerCase()));
  const bcc = [
    ...addresses(parsed.bcc),
    ...envelope.rcptTo.filter((r) => !named.has(r.toLowerCase())).map((r) => ({ Name: '', Address: r })),
  ].filter((a, i, all) => all.findIndex((b) => b.Address.toLowerCase() === a.Address.toLowerCase()) === i);
  const from = addresses(parsed.from)[0] ?? { Name: '', Address: envelope.mailFrom };
  return {
    MessageID: (parsed.messageId ?? `${randomUUID()}@mailpit`).replace(/^<|>$/g, ''),
    From: from,
    To: to,
    Cc: cc,
    Bcc: bcc,
    ReplyTo: addresses(parsed.replyTo),
    ReturnPath: envelope.mailFrom,
    Subject: parsed.subject ?? '',
    Date: (parsed.date ?? new Date()).toISOString(),
    Text: parsed.text ?? '',
    HTML: parsed.html || '',
    Username: envelope.username ?? '',
    Headers: headers,
    ListUnsubscribe: listUnsubscribe(headers['List-Unsubscribe']?.[0], headers['List-Unsubscribe-Post']?.[0]),
    Raw: raw,
  };
}

const address = (a: SMTPServerAddress | false) => (a ? a.address : '');

export async function startSmtp(config: StackConfig, mailer: Mailer): Promise<{ close(): Promise<void> }> {
  const server = new SMTPServer({
    name: 'localhost',
    banner: 'Good Space local inbox (Mailpit-compatible)',
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disableReverseLookup: true,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    logger: false,
    // Stopping the stack should not wait long for a client that keeps its connection open.
    closeTimeout: 1000,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? '' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) return callback();
        parseDelivery(Buffer.concat(chunks), {
          mailFrom: address(session.envelope.mailFrom),
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          username: typeof session.user === 'string' ? session.user : undefined,
        })
          .then((message) => {
            const kept = mailer.store(message);
            callback(null, `Ok: queued as ${kept.ID}`);
          })
          .catch((err: unknown) => {
            const error = new Error(`Error: message could not be parsed (${String(err)})`) as Error & {
              responseCode: number;
            };
            error.responseCode = 554;
            callback(error);
          });
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(config.smtpPort, config.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
