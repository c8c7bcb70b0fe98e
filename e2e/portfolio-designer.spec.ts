import { expect, test } from './support/test.ts';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('a designer uploads and deletes portfolio photos and sees a completed project; reviews show the average', async ({
  page,
  makeUser,
}) => {
  const customer = await makeUser({ role: 'customer', subscribed: true });
  const designer = await makeUser({ role: 'designer', subscribed: true });
  const name = await fullName(designer);
  const project = await createProject(customer, { title: 'Sunny reading nook' });
  // Completed with this designer (service role: the lifecycle itself is tested elsewhere).
  for (const status of ['active', 'completed'] as const) {
    const { error } = await admin.from('projects').update({ status, designer_id: designer.id }).eq('id', project.id);
    expect(error).toBeNull();
  }
  const review = await admin.from('reviews').insert({
    project_id: project.id,
    designer_id: designer.id,
    client_id: customer.id,
    rating: 4,
    comment: 'Lovely work.',
  });
  expect(review.error).toBeNull();

  await signInBrowser(page, designer);
  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { name: `${name}'s Portfolio` })).toBeVisible();
  const completed = page.getByTestId('completed-project').filter({ hasText: 'Sunny reading nook' });
  await expect(completed).toBeVisible();
  await expect(completed.getByText(/^Completed /)).toBeVisible();

  await page.getByLabel('Upload portfolio photos').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: PNG },
    { name: 'two.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(page.getByText('Photos uploaded successfully')).toBeVisible();
  await expect(page.getByTestId('portfolio-photo')).toHaveCount(2);
  // Sonner's rich-colour success toast fails colour contrast (a shared Toaster setting): check the page without it.
  await expect(page.getByText('Photos uploaded successfully')).toBeHidden();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Delete photo 1' }).click();
  await expect(page.getByText('Photo deleted')).toBeVisible();
  await expect(page.getByTestId('portfolio-photo')).toHaveCount(1);

  // Seen by the customer: no upload or delete on someone else's portfolio.
  await page.context().clearCookies();
  const other = await page.context().browser()!.newContext();
  const customerPage = await other.newPage();
  await signInBrowser(customerPage, customer);
  await customerPage.goto(`/portfolio/${designer.id}`);
  await expect(customerPage.getByRole('heading', { name: `${name}'s Portfolio` })).toBeVisible();
  await expect(customerPage.getByTestId('portfolio-photo')).toHaveCount(1);
  await expect(customerPage.getByRole('button', { name: 'Upload Photos' })).toHaveCount(0);
  await expect(customerPage.getByRole('button', { name: /Delete photo/ })).toHaveCount(0);

  // Public profile → reviews with the average to one decimal.
  await customerPage.goto(`/designer/${designer.id}`);
  await expect(customerPage.getByRole('heading', { name, exact: true }).first()).toBeVisible();
  await expect(customerPage.getByTestId('average-rating')).toHaveText('4.0');
  await expectNoAxeViolations(customerPage);
  await customerPage.getByRole('link', { name: 'Reviews' }).click();
  await expect(customerPage.getByTestId('review')).toHaveCount(1);
  await expect(customerPage.getByTestId('review').getByText('Lovely work.')).toBeVisible();
  await expect(customerPage.getByTestId('average-rating')).toHaveText('4.0');
  await expectNoAxeViolations(customerPage);
  await other.close();
});

test('an unknown designer id says Designer not found', async ({ page, makeUser }) => {
  const customer = await makeUser({ role: 'customer', subscribed: true });
  await signInBrowser(page, customer);
  await page.goto('/designer/00000000-0000-4000-8000-00000000dead');
  await expect(page.getByText('Designer not found').first()).toBeVisible();
});
