import { pageAs } from './support/market.ts';
import { expect, test } from './support/test.ts';

// The operator console's guard (docs/trust-and-safety.md, Operators). An operator's work in the console, from the
// queue to the audit log, is the journey in report-to-suspension.spec.ts.

test('the console is the 404 page for a visitor and for a user who is not an operator', async ({
  browser,
  customer,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto('/admin');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(visitor).toHaveURL(/\/admin$/);

  const page = await pageAs(browser, customer);
  await page.goto('/admin/log');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' })).toHaveCount(0);
});
