import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

test('a designer lists a vintage item, lands on its page, and finds it under its category', async ({
  page,
  makeUser,
}) => {
  const designer = await makeUser({ role: 'designer', subscribed: true });
  const title = `Teak lamp ${Date.now()}`;
  await signInBrowser(page, designer);
  await page.goto('/list-vintage');
  await expect(page.getByRole('heading', { name: 'List Vintage Item' })).toBeVisible();
  await page.getByRole('button', { name: 'List Item' }).click();
  await expect(page.getByRole('alert')).toHaveText('Title is required');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('lighting');
  await page.getByLabel('Price ($)').fill('85');
  await page.getByLabel('Description').fill('Danish teak floor lamp, rewired.');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Width (in)').fill('14');
  await page.getByLabel('Depth (in)').fill('14');
  await page.getByLabel('Height (in)').fill('61.5');
  await page.getByRole('combobox', { name: 'Location' }).fill('Portl');
  await expect(page.getByRole('option', { name: 'Portland, OR', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('option', { name: 'Portland, OR', exact: true }).click();
  await page.getByRole('button', { name: 'List Item' }).click();
  await expect(page.getByText('Vintage item listed successfully!')).toBeVisible();

  // The new piece's page, as its seller sees it.
  await expect(page).toHaveURL(/\/good-stuff\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('14 × 14 × 61.5 in')).toBeVisible();
  await expect(page.getByRole('button', { name: `Mark sold: ${title}` })).toBeVisible();

  // Delisted (asked first), it shows so to its seller; relisted from My listings, it is back on the market.
  await page.getByRole('button', { name: `Delist ${title}` }).click();
  await page
    .getByRole('dialog', { name: `Delist ${title}?` })
    .getByRole('button', { name: 'Delist' })
    .click();
  await expect(page.getByText('Listing removed from Good Stuff')).toBeVisible();
  await expect(page.getByText('Delisted', { exact: true })).toBeVisible();
  await page.goto('/good-stuff/mine');
  const mine = page.getByTestId('my-listing').filter({ hasText: title });
  await expect(mine.getByText('Delisted', { exact: true })).toBeVisible();
  await expect(mine.getByText('0 people saved this')).toBeVisible();
  await mine.getByRole('button', { name: `Relist ${title}` }).click();
  await expect(page.getByText('Listing is back on Good Stuff')).toBeVisible();
  await expect(mine.getByText('Listed', { exact: true })).toBeVisible();

  await page.goto('/good-stuff');
  await page.getByLabel('Category').selectOption('lighting');
  await expect(page).toHaveURL(/\/good-stuff\?category=lighting$/);
  const card = page.getByTestId('catalog-item').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('$85', { exact: true })).toBeVisible();
  await expect(card.getByText('Portland, OR · Listed by')).toBeVisible();
  await page.getByLabel('Category').selectOption('couch');
  await expect(page.getByTestId('catalog-item').filter({ hasText: title })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a customer is told that listing is for designers, before typing, with the way there (Settings)', async ({
  page,
  customer,
}) => {
  await signInBrowser(page, customer);
  await page.goto('/list-vintage');
  const notice = page.getByRole('region', { name: 'Listing is for designers' });
  await expect(notice).toContainText('Your account is a Client account.');
  await expect(notice).toContainText('Settings → Change Account Type');
  await expect(page.getByLabel('Title')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'List Item' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await notice.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('button', { name: 'Change Account Type' })).toBeVisible();
});

test('a signed-out visitor opening List Vintage is sent to /auth', async ({ page }) => {
  await page.goto('/list-vintage');
  await expect(page).toHaveURL('/auth?redirectTo=%2Flist-vintage');
  await expect(page.getByRole('heading', { level: 1, name: 'Login or Sign Up' })).toBeVisible();
});
