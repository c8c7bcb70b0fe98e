import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test.ts';
import { fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mailFromInbox } from './support/inbox.ts';
import { signInBrowser } from './support/users.ts';

test('a designer confirms a school e-mail by its link, an operator approves, and the Verified student badge shows on their card', async ({
  browser,
  makeUser,
}) => {
  const designer = await makeUser({ role: 'designer', designerProfile: { availability_status: 'available' } });
  const operator = await makeUser({ role: 'customer', operator: true });
  const customer = await makeUser({ role: 'customer', subscribed: true });
  const name = await fullName(designer);
  const schoolEmail = `e2e-${randomUUID().slice(0, 8)}@mail.uni.edu`;

  // The designer asks from their profile settings.
  const designerPage = await (await browser.newContext()).newPage();
  await signInBrowser(designerPage, designer);
  await designerPage.goto('/profile/designer');
  const card = designerPage.getByRole('region', { name: 'Verified badge' });
  await expect(card.getByRole('radio', { name: 'Verified student' })).toBeChecked();
  await card.getByRole('textbox', { name: 'School e-mail address' }).fill(schoolEmail);
  await card.getByRole('button', { name: 'Send the link' }).click();
  await expect(card.getByRole('status')).toContainText(`We sent a link to ${schoolEmail}`);
  await expectNoAxeViolations(designerPage);

  // The link from the school mailbox, opened signed in as the designer.
  const mail = await mailFromInbox(schoolEmail, /Confirm your school e-mail address/);
  const link = /https?:\/\/\S+\/verify\/school-email\?token=[0-9a-f]{64}/.exec(mail.Text)?.[0];
  expect(link).toBeTruthy();
  await designerPage.goto(link!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(designerPage.getByRole('status')).toContainText(
    `Your school e-mail address ${schoolEmail} is confirmed`,
  );
  await designerPage.goto('/profile/designer');
  await expect(card.getByRole('status')).toContainText('is waiting for a Good Space operator');

  // The operator approves it from the console, with a reason.
  const operatorPage = await (await browser.newContext()).newPage();
  await signInBrowser(operatorPage, operator);
  await operatorPage.goto('/admin/verification');
  const row = operatorPage.getByTestId('verification-request').filter({ hasText: name });
  await expect(row).toContainText(`School e-mail ${schoolEmail}, confirmed`);
  await expectNoAxeViolations(operatorPage);
  await row.getByRole('button', { name: `Approve ${name}'s request` }).click();
  const dialog = operatorPage.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Give a reason for this decision.');
  await dialog.getByLabel('Reason').fill('School address confirmed by its link.');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(0);

  // A customer browsing designers sees the badge on the card.
  const customerPage = await (await browser.newContext()).newPage();
  await signInBrowser(customerPage, customer);
  await customerPage.goto('/browse-designers');
  const designerCard = customerPage.getByTestId('designer-card').filter({ hasText: name });
  await expect(designerCard.getByTestId('verified-badge')).toHaveText(/^Verified student/);

  // Someone who is not an operator finds no console page.
  await customerPage.goto('/admin/verification');
  await expect(customerPage.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});
