import assert from 'node:assert/strict';
import {
  openUrl,
  QUOTE_MAX_CHARS,
  quoteLines,
  renderMail,
  SUBJECT_MAX_CHARS,
  type DueNotification,
} from './mail-content.ts';
import { smtpSettings } from '../_shared/smtp-settings.ts';

const NUDGE: DueNotification = {
  id: '11111111-1111-4111-8111-111111111111',
  user_id: '22222222-2222-4222-8222-222222222222',
  kind: 'nudge_received',
  project_id: '33333333-3333-4333-8333-333333333333',
  title: 'Olivia Owner nudged you about "Kitchen <refresh> & more"',
  body: 'Accept with a quote or decline.',
  link: '/designer-nudges',
  created_at: '2026-11-25T10:00:00Z',
  mail_attempts: 1,
  email: 'ada@example.com',
  recipient_name: 'Ada Designer',
  actor_name: 'Olivia Owner',
  project_title: 'Kitchen <refresh> & more',
  unread_in_conversation: 0,
  folded_count: 1,
  folded_subjects: 1,
  subject_title: 'Kitchen <refresh> & more',
};
const OPTS = {
  siteUrl: 'https://goodspace.test',
  unsubscribeUrl: 'https://api.test/functions/v1/unsubscribe?token=t%2Ex',
};

Deno.test('a mail says what happened, who, which project, with one button to open it, in text and HTML', () => {
  const mail = renderMail(NUDGE, OPTS);
  assert.equal(mail.subject, NUDGE.title);
  assert.match(mail.text, /^Hi Ada Designer,\n\nOlivia Owner nudged you about "Kitchen <refresh> & more"\n/);
  assert.match(mail.text, /Accept with a quote or decline\./);
  assert.match(mail.text, /Project: Kitchen <refresh> & more/);
  assert.match(mail.text, /Answer the nudge: https:\/\/goodspace\.test\/designer-nudges\n/);
  assert.match(mail.text, /Stop these e-mails: https:\/\/api\.test\/functions\/v1\/unsubscribe\?token=t%2Ex/);
  assert.match(mail.text, /e-mails about nudges from customers turned on/);

  // HTML: the same words, escaped; exactly one button-like link to the page and one to unsubscribe.
  assert.match(
    mail.html,
    /<h1[^>]*>Olivia Owner nudged you about &quot;Kitchen &lt;refresh&gt; &amp; more&quot;<\/h1>/,
  );
  assert.ok(!mail.html.includes('<refresh>'));
  const links = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
  assert.deepEqual(links, [
    ['https://goodspace.test/designer-nudges', 'Answer the nudge'],
    ['https://api.test/functions/v1/unsubscribe?token=t%2Ex', 'Stop these e-mails'],
  ]);
});

Deno.test('no name, no body, no project: those lines are left out', () => {
  const mail = renderMail(
    {
      ...NUDGE,
      kind: 'payment_failed',
      recipient_name: null,
      body: null,
      project_title: null,
      project_id: null,
      title: "Your Designer plan payment didn't go through",
      link: '/settings',
    },
    OPTS,
  );
  assert.match(
    mail.text,
    /^Hi,\n\nYour Designer plan payment didn't go through\n\nUpdate payment details: https:\/\/goodspace\.test\/settings\n/,
  );
  assert.ok(!mail.text.includes('Project:'));
  assert.ok(!mail.html.includes('Project:'));
});

Deno.test('a mail carrying several notifications is a digest: how many, from whom, about what, and the latest', () => {
  const msg: DueNotification = {
    ...NUDGE,
    kind: 'listing_message',
    project_id: null,
    project_title: null,
    title: 'Bea Buyer sent a message about "Teak sideboard"',
    body: 'Is it still available?',
    link: '/good-stuff/44444444-4444-4444-8444-444444444444',
    actor_name: 'Bea Buyer',
    subject_title: 'Teak sideboard',
    folded_count: 3,
    folded_subjects: 1,
  };
  const mail = renderMail(msg, OPTS);
  assert.equal(mail.subject, '3 new messages from Bea Buyer about "Teak sideboard"');
  assert.match(
    mail.text,
    /^Hi Ada Designer,\n\n3 new messages from Bea Buyer about "Teak sideboard"\n\nThe latest: Bea Buyer sent a message about "Teak sideboard"\n\nBea Buyer wrote:\n> Is it still available\?\n/,
  );
  // About several pieces: no "about".
  assert.equal(renderMail({ ...msg, folded_subjects: 2 }, OPTS).subject, '3 new messages from Bea Buyer');
  // Offers made, withdrawn and made again; items added.
  assert.equal(
    renderMail({ ...msg, kind: 'offer_received', folded_count: 7 }, OPTS).subject,
    '7 offers from Bea Buyer about "Teak sideboard"',
  );
  assert.equal(
    renderMail({ ...msg, kind: 'item_added', folded_count: 2, subject_title: 'Den' }, OPTS).subject,
    '2 items added from Bea Buyer about "Den"',
  );
  // One notification: its own title, as before.
  assert.equal(renderMail({ ...msg, folded_count: 1 }, OPTS).subject, msg.title);
});

Deno.test(
  "someone's own words are quoted under their name, HTML-escaped and bounded; a subject is one short line",
  () => {
    const attack =
      '<a href="https://evil.test/login">Your account is locked, sign in here</a><script>alert(1)</script>\n' +
      'line two\n\n\nline three\nfour\nfive\nsix\nseven\neight\n' +
      'x'.repeat(1000);
    const msg: DueNotification = {
      ...NUDGE,
      kind: 'listing_message',
      title: 'Mallory <b>Admin</b>\r\nBcc: everyone@example.com sent a message about "Lamp"',
      body: attack,
      actor_name: 'Mallory <b>Admin</b>',
      link: '/good-stuff/44444444-4444-4444-8444-444444444444',
    };
    const mail = renderMail(msg, OPTS);
    assert.ok(!/[\r\n]/.test(mail.subject));
    assert.ok([...mail.subject].length <= SUBJECT_MAX_CHARS);
    assert.ok(!mail.html.includes('<script>'));
    assert.ok(!mail.html.includes('<a href="https://evil.test'));
    assert.ok(!mail.html.includes('<b>'));
    assert.match(mail.html, /&lt;a href=&quot;https:\/\/evil\.test\/login&quot;&gt;/);
    assert.match(mail.html, /Mallory &lt;b&gt;Admin&lt;\/b&gt; wrote:/);
    // Exactly our two links, never one of theirs.
    const links = [...mail.html.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1]);
    assert.deepEqual(links, [
      'https://goodspace.test/good-stuff/44444444-4444-4444-8444-444444444444',
      OPTS.unsubscribeUrl,
    ]);
    // Quoted line by line, at most 6 lines and 300 characters, cut with '…'.
    const quoted = mail.text.split('\n').filter((l) => l.startsWith('> '));
    assert.ok(quoted.length <= 6);
    assert.ok(quoted.join('').length <= QUOTE_MAX_CHARS + 2 * quoted.length + 1);
    assert.ok(quoted.at(-1)!.endsWith('…'));
    assert.equal(quoted[1], '> line two');
    assert.ok(!mail.text.includes('x'.repeat(400)));
    // Short words stay whole; a long one is cut.
    assert.deepEqual(quoteLines('Hello!'), ['Hello!']);
    assert.deepEqual(quoteLines('a\nb\nc\nd\ne\nf\ng'), ['a', 'b', 'c', 'd', 'e', 'f…']);
    assert.equal([...quoteLines('y'.repeat(1000))[0]!].length, QUOTE_MAX_CHARS);
    // An offer without a note carries our words, not quoted as the buyer's.
    const plain = renderMail(
      { ...msg, kind: 'offer_received', body: 'Accept, decline or counter within 48 hours.' },
      OPTS,
    );
    assert.ok(!plain.text.includes('wrote:'));
    assert.match(plain.text, /\n\nAccept, decline or counter within 48 hours\.\n/);
  },
);

Deno.test('market mails (no project) open the piece with a button for what to do next', () => {
  const piece = '/good-stuff/44444444-4444-4444-8444-444444444444';
  const cases = [
    ['offer_received', 'Answer the offer', /offers on your Good Stuff pieces/],
    ['offer_countered', 'See the counter-offer', /counter-offers from sellers/],
    ['offer_accepted', 'See the piece', /about accepted offers/],
    ['offer_declined', 'See the piece', /about declined offers/],
    ['listing_message', 'Read the message', /messages about Good Stuff pieces/],
  ] as const;
  for (const [kind, button, topic] of cases) {
    const mail = renderMail(
      { ...NUDGE, kind, project_id: null, project_title: null, title: 'Bea Buyer offered $70 for "Lamp"', link: piece },
      OPTS,
    );
    assert.ok(mail.text.includes(`${button}: https://goodspace.test${piece}\n`), kind);
    assert.match(mail.text, topic);
    assert.ok(!mail.text.includes('Project:'), kind);
  }
});

Deno.test('order mails (no project) open the order', () => {
  const order = '/orders/55555555-5555-4555-8555-555555555555';
  const cases = [
    ['order_paid', 'Open the order', /your Good Stuff pieces being bought/],
    ['order_receipt', 'See your receipt', /receipts for your Good Stuff purchases/],
    ['order_ready', 'Open the order', /purchases ready for pickup/],
    ['order_completed', 'Open the order', /completed Good Stuff orders/],
    ['order_cancelled', 'Open the order', /cancelled Good Stuff orders/],
    ['order_refunded', 'Open the order', /purchases refunded because someone else bought first/],
  ] as const;
  for (const [kind, button, topic] of cases) {
    const mail = renderMail(
      { ...NUDGE, kind, project_id: null, project_title: null, title: 'Bea Buyer bought "Lamp" for $85', link: order },
      OPTS,
    );
    assert.ok(mail.text.includes(`${button}: https://goodspace.test${order}\n`), kind);
    assert.match(mail.text, topic);
    assert.ok(!mail.text.includes('Project:'), kind);
  }
});

Deno.test('the page link stays on the site, whatever the site URL ends with', () => {
  assert.equal(openUrl('https://goodspace.test', '/project/1'), 'https://goodspace.test/project/1');
  assert.equal(openUrl('https://goodspace.test/', '/project/1'), 'https://goodspace.test/project/1');
});

Deno.test('SMTP settings default to the local inbox and take the secrets when set', () => {
  const env = (vars: Record<string, string>) => (n: string) => vars[n];
  assert.deepEqual(smtpSettings(env({})), {
    host: '127.0.0.1',
    port: 54325,
    secure: false,
    auth: null,
    from: 'Good Space <notifications@goodspace.local>',
  });
  assert.deepEqual(
    smtpSettings(
      env({
        SMTP_HOST: 'smtp.example.com',
        SMTP_PORT: '465',
        SMTP_USER: 'u',
        SMTP_PASS: 'p',
        SMTP_FROM: 'GS <n@gs.test>',
      }),
    ),
    { host: 'smtp.example.com', port: 465, secure: true, auth: { user: 'u', pass: 'p' }, from: 'GS <n@gs.test>' },
  );
  assert.throws(() => smtpSettings(env({ SMTP_PORT: 'abc' })), /SMTP_PORT is not a port: abc/);
});
