import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { StackConfig } from '../config.ts';
import { readBody } from '../http.ts';
import type { MailMessage, Mailer } from '../mailer.ts';

/**
 * The mail inbox on :54324: a page for people and the Mailpit JSON API tests and scripts read
 * (Mailpit v1 API: /api/v1/messages, /api/v1/message/{ID}, its /headers and /raw, DELETE /api/v1/messages,
 * /api/v1/search). Mail arrives from the stack's own services and over SMTP (smtp.ts, :54325).
 */
const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function snippet(m: MailMessage): string {
  return m.Text.replace(/\s+/g, ' ').trim().slice(0, 250);
}

function size(m: MailMessage): number {
  if (m.Raw) return m.Raw.length;
  return Buffer.byteLength(m.HTML) + Buffer.byteLength(m.Text) + Buffer.byteLength(m.Subject);
}

const NO_LIST_UNSUBSCRIBE = { Header: '', Links: [], Errors: '', HeaderPost: '' };

export function summary(m: MailMessage): Record<string, unknown> {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    Read: m.Read,
    From: m.From,
    To: m.To,
    Cc: m.Cc ?? [],
    Bcc: m.Bcc ?? [],
    ReplyTo: m.ReplyTo ?? [],
    Subject: m.Subject,
    Created: m.Created,
    Username: m.Username ?? '',
    Tags: [],
    Size: size(m),
    Attachments: 0,
    Snippet: snippet(m),
  };
}

export function detail(m: MailMessage): Record<string, unknown> {
  return {
    ID: m.ID,
    MessageID: m.MessageID,
    From: m.From,
    To: m.To,
    Cc: m.Cc ?? [],
    Bcc: m.Bcc ?? [],
    ReplyTo: m.ReplyTo ?? [],
    ReturnPath: m.ReturnPath ?? m.From.Address,
    Subject: m.Subject,
    ListUnsubscribe: m.ListUnsubscribe ?? NO_LIST_UNSUBSCRIBE,
    Date: m.Date ?? m.Created,
    Tags: [],
    Username: m.Username ?? '',
    Text: m.Text,
    HTML: m.HTML,
    Size: size(m),
    Inline: [],
    Attachments: [],
  };
}

/** Mailpit search subset: `to:addr`, `from:addr`, `subject:"…"`, or free text over subject and body. */
export function matches(m: MailMessage, query: string): boolean {
  const terms = query.match(/(\w+:"[^"]*"|\w+:\S+|"[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const t = /^(\w+):(.*)$/.exec(term);
    const value = (t ? t[2]! : term).replace(/^"|"$/g, '').toLowerCase();
    switch (t?.[1]?.toLowerCase()) {
      case 'to':
        return m.To.some((a) => a.Address.toLowerCase().includes(value));
      case 'from':
        return m.From.Address.toLowerCase().includes(value);
      case 'subject':
        return m.Subject.toLowerCase().includes(value);
      default:
        return `${m.Subject} ${m.Text}`.toLowerCase().includes(value);
    }
  });
}

function listBody(all: MailMessage[], start: number, limit: number) {
  const page = all.slice(start, start + limit);
  return {
    total: all.length,
    unread: all.filter((m) => !m.Read).length,
    count: page.length,
    messages_count: all.length,
    start,
    tags: [],
    messages: page.map(summary),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(text),
    'Access-Control-Allow-Origin': '*',
  });
  res.end(text);
}

function html(res: ServerResponse, body: string): void {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

function page(title: string, content: string, refresh: boolean): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
${refresh ? '<meta http-equiv="refresh" content="5">' : ''}
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2933}table{border-collapse:collapse;width:100%}
td,th{padding:.4rem .6rem;border-bottom:1px solid #e4e7eb;text-align:left}tr.unread td{font-weight:600}
a{color:#2f6f4e}iframe{width:100%;height:70vh;border:1px solid #e4e7eb}</style></head>
<body>${content}</body></html>`;
}

function listPage(mailer: Mailer): string {
  const rows = mailer
    .list()
    .map(
      (m) => `<tr class="${m.Read ? '' : 'unread'}"><td>${escapeHtml(new Date(m.Created).toLocaleString())}</td>
<td>${escapeHtml(m.To.map((a) => a.Address).join(', '))}</td><td><a href="/view/${encodeURIComponent(m.ID)}">${escapeHtml(m.Subject)}</a></td></tr>`,
    )
    .join('');
  const content = `<h1>Good Space mail inbox</h1><p>Mail the local stack sent (kept in memory; refreshes every 5 s).</p>
<table><thead><tr><th>Received</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No mail yet.</td></tr>'}</tbody></table>`;
  return page('Inbox', content, true);
}

function messagePage(m: MailMessage): string {
  // The HTML body is shown in a sandboxed frame (srcdoc) so its styles stay apart; links open in the top window.
  const srcdoc = escapeHtml(
    m.HTML.replace('<head>', '<head><base target="_top">').replace(
      /<html([^>]*)>(?![\s\S]*<head>)/,
      '<html$1><head><base target="_top"></head>',
    ),
  );
  const content = `<p><a href="/">← Inbox</a></p><h1>${escapeHtml(m.Subject)}</h1>
<p>From ${escapeHtml(m.From.Name)} &lt;${escapeHtml(m.From.Address)}&gt; to ${escapeHtml(m.To.map((a) => a.Address).join(', '))}, ${escapeHtml(m.Created)}</p>
<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${srcdoc}"></iframe>`;
  return page(m.Subject, content, false);
}

async function route(req: IncomingMessage, res: ServerResponse, mailer: Mailer): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://inbox.local');
  const p = url.pathname;
  const intParam = (name: string, d: number) => {
    const n = Number(url.searchParams.get(name) ?? d);
    return Number.isInteger(n) && n >= 0 ? n : d;
  };
  if (req.method === 'GET' && p === '/') return html(res, listPage(mailer));
  const view = /^\/view\/([^/]+)$/.exec(p);
  if (req.method === 'GET' && view) {
    const m = mailer.get(decodeURIComponent(view[1]!));
    if (!m) return html(res, page('Not found', '<p><a href="/">← Inbox</a></p><p>That message is gone.</p>', false));
    m.Read = true;
    return html(res, messagePage(m));
  }
  if (p === '/api/v1/messages' && req.method === 'GET') {
    return send(res, 200, listBody(mailer.list(), intParam('start', 0), intParam('limit', 50)));
  }
  if (p === '/api/v1/messages' && req.method === 'DELETE') {
    const raw = (await readBody(req, 1024 * 1024)).toString('utf8').trim();
    let ids: string[] | undefined;
    if (raw) {
      try {
        const parsed = JSON.parse(raw) as { IDs?: unknown };
        if (Array.isArray(parsed.IDs) && parsed.IDs.length)
          ids = parsed.IDs.filter((x): x is string => typeof x === 'string');
      } catch {
        return send(res, 400, { Error: 'invalid JSON body' });
      }
    }
    mailer.delete(ids);
    res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': 2 });
    res.end('ok');
    return;
  }
  if (p === '/api/v1/search' && req.method === 'GET') {
    const query = url.searchParams.get('query') ?? '';
    return send(
      res,
      200,
      listBody(
        mailer.list().filter((m) => matches(m, query)),
        intParam('start', 0),
        intParam('limit', 50),
      ),
    );
  }
  const one = /^\/api\/v1\/message\/([^/]+)(\/headers|\/raw)?$/.exec(p);
  if (one && req.method === 'GET') {
    const id = decodeURIComponent(one[1]!);
    const m = id === 'latest' ? mailer.list()[0] : mailer.get(id);
    if (!m) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      res.end('Message not found');
      return;
    }
    if (one[2] === '/headers') return send(res, 200, m.Headers ?? {});
    if (one[2] === '/raw') {
      const raw = m.Raw ?? Buffer.from(`Subject: ${m.Subject}\r\n\r\n${m.Text}`);
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': raw.length });
      res.end(raw);
      return;
    }
    m.Read = true;
    return send(res, 200, detail(m));
  }
  res.writeHead(404, { 'Content-Type': 'text/plain' });
  res.end('Not found');
}

export async function startInbox(config: StackConfig, mailer: Mailer): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    route(req, res, mailer).catch(() => {
      if (!res.headersSent) send(res, 400, { Error: 'bad request' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.inboxPort, config.host, () => resolve());
  });
  return {
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
