import { expect, test } from '@playwright/test';
import { subscribe } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { createUser, deleteUser, signInBrowser, type TestUser } from './support/users.ts';

let designer: TestUser;

test.beforeEach(async () => {
  designer = await createUser('designer');
  await subscribe(designer);
});

test.afterEach(async () => {
  await deleteUser(designer);
});

test('a designer lists a vintage item and finds it under its category', async ({ page }) => {
  test.setTimeout(180_000);
  const title = `Teak lamp ${Date.now()}`;
  await signInBrowser(page, designer);
  await page.goto('/list-vintage');
  await expect(page.getByRole('heading', { name: 'List Vintage Item' })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'List Item' }).click();
  await expect(page.getByRole('alert')).toHaveText('Title is required');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Category').selectOption('lighting');
  await page.getByLabel('Price ($)').fill('85');
  await page.getByLabel('Description').fill('Danish teak floor lamp, rewired.');
  await page.getByLabel('Condition').fill('Good');
  await page.getByLabel('Location').fill('Portland, OR');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'List Item' }).click();
  await expect(page.getByText('Vintage item listed successfully!')).toBeVisible();

  await expect(page).toHaveURL(/\/good-stuff$/);
  await page.getByRole('tab', { name: 'Lighting' }).click();
  const card = page.getByRole('tabpanel').getByTestId('catalog-item').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('$85.00')).toBeVisible();
  await expect(card.getByText('Portland, OR · Listed by')).toBeVisible();
  await page.getByRole('tab', { name: 'Couch' }).click();
  await expect(page.getByRole('tabpanel').getByTestId('catalog-item').filter({ hasText: title })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Lighting' }).click();
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await expect(page.getByText('Payment processing coming soon!')).toBeVisible();
  await card.getByRole('button', { name: 'Make Offer' }).click();
  await expect(page.getByText('Bidding feature coming soon!')).toBeVisible();
});
