import assert from 'node:assert/strict';
import { confirmUrl, renderSchoolEmailMail } from './school-email-mail.ts';

Deno.test("the link opens the app's confirmation page with the token", () => {
  assert.equal(
    confirmUrl('https://goodspace.example/', 'ab+c'),
    'https://goodspace.example/verify/school-email?token=ab%2Bc',
  );
});

Deno.test('the mail carries the link in text and HTML, and escapes the name', () => {
  const url = 'http://localhost:5173/verify/school-email?token=abc';
  const mail = renderSchoolEmailMail({ name: 'Jo <b>', url, expiresAt: new Date('2026-12-01T10:00:00Z') });
  assert.match(mail.text, /^Hello Jo <b>,/);
  assert.ok(mail.text.includes(url));
  assert.ok(mail.html.includes(`href="${url}"`));
  assert.ok(mail.html.includes('Hello Jo &lt;b&gt;,'));
  assert.ok(mail.text.includes('Tue, 01 Dec 2026 10:00:00 GMT'));
});
