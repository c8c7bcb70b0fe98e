import { describe, expect, it } from 'vitest';
import { createMailer } from '../mailer.ts';
import { detail, matches, summary } from './inbox.ts';
import { renderMail } from './templates.ts';

describe('inbox shapes', () => {
  const mailer = createMailer();
  const m = mailer.send({
    to: 'ada@goodspace.dev',
    ...renderMail('signup', { link: 'http://x/verify?a=1&b=2', otp: '123456', email: 'ada@goodspace.dev' }),
  });

  it('summarises and details messages with Mailpit field names', () => {
    expect(Object.keys(summary(m))).toEqual([
      'ID',
      'MessageID',
      'Read',
      'From',
      'To',
      'Cc',
      'Bcc',
      'ReplyTo',
      'Subject',
      'Created',
      'Username',
      'Tags',
      'Size',
      'Attachments',
      'Snippet',
    ]);
    expect(Object.keys(detail(m))).toEqual([
      'ID',
      'MessageID',
      'From',
      'To',
      'Cc',
      'Bcc',
      'ReplyTo',
      'ReturnPath',
      'Subject',
      'ListUnsubscribe',
      'Date',
      'Tags',
      'Username',
      'Text',
      'HTML',
      'Size',
      'Inline',
      'Attachments',
    ]);
    expect(m.Subject).toBe('Confirm your signup');
    expect(m.HTML).toContain('href="http://x/verify?a=1&amp;b=2"');
  });

  it('searches by to:, subject: and free text', () => {
    expect(matches(m, 'to:ada@goodspace.dev')).toBe(true);
    expect(matches(m, 'to:bob@goodspace.dev')).toBe(false);
    expect(matches(m, 'subject:"confirm your"')).toBe(true);
    expect(matches(m, '123456')).toBe(true);
  });
});
