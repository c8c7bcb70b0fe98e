import { expect, test as base } from './support/test.ts';
import { createProject, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

// This file's customer and designer: a Portland member and a designer in Salem, OR (43 miles by great circle).
const test = base.extend<{ customer: TestUser; designer: TestUser }>({
  customer: async ({ makeUser }, use) =>
    use(await makeUser({ role: 'customer', subscribed: true, location: '45.5152,-122.6784' })),
  designer: async ({ makeUser }, use) =>
    use(
      await makeUser({
        role: 'designer',
        designerProfile: {
          location: '44.9429,-123.0351',
          bio: 'Thrifted mid-century rooms on a student budget.',
          specialties: ['Mid-Century Modern', 'Scandinavian', 'Bohemian', 'Coastal'],
          base_rate: 300,
          rate_per_item: 20,
          experience_years: 3,
        },
      }),
    ),
});

test('a customer finds a nearby designer, nudges (once), and sees the quote the designer sends live', async ({
  browser,
  customer,
  designer,
}) => {
  // Two browsers, realtime and four pages compiled on first visit by the dev server.
  const project = await createProject(customer, { title: 'Moving to Salem' });
  const designerName = await fullName(designer);

  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signInBrowser(customerPage, customer);

  // Available Designers: the Salem designer is within 100 miles, with a whole-mile distance badge.
  await customerPage.goto('/designers');
  const card = customerPage.getByTestId('designer-card').filter({ hasText: designerName });
  // The dev server compiles the page on its first visit.
  await expect(card).toBeVisible();
  await expect(card.getByText(/^\d+ miles away$/)).toHaveText('43 miles away');
  await expect(card.getByText('$300 per project')).toBeVisible();
  await expect(card.getByText('$20 per item')).toBeVisible();
  await expect(card.getByText('Per sq ft')).toHaveCount(0);
  // Seeded designers in Austin and Brooklyn are beyond 100 miles of Portland: they are not listed.
  await expect(customerPage.getByTestId('designer-card').filter({ hasText: 'Austin, TX' })).toHaveCount(0);
  await expectNoAxeViolations(customerPage);

  // The designer's inbox is open in another browser before the nudge is sent.
  const designerContext = await browser.newContext();
  const designerPage = await designerContext.newPage();
  await signInBrowser(designerPage, designer);
  await designerPage.goto('/designer-nudges');
  await expect(designerPage.getByRole('heading', { name: 'Client Nudges' })).toBeVisible();
  await expect(designerPage.getByText(/No nudges yet/)).toBeVisible();

  // Browse Designers → Nudge.
  await customerPage.goto('/browse-designers');
  const browseCard = customerPage.getByTestId('designer-card').filter({ hasText: designerName });
  await expect(browseCard).toBeVisible();
  await expect(browseCard.getByRole('listitem')).toHaveCount(3); // first 3 specialties
  await browseCard.getByRole('button', { name: `Nudge ${designerName}` }).click();
  const dialog = customerPage.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Nudge ${designerName}` })).toBeVisible();
  await expectNoAxeViolations(customerPage);
  await dialog.getByLabel('Project').selectOption({ label: project.title });
  await dialog.getByRole('button', { name: 'Send Nudge' }).click();
  await expect(customerPage.getByText('Nudge sent! The designer will be notified.')).toBeVisible();
  await expect(dialog).toBeHidden();

  // It appears in the designer's inbox without a reload.
  const nudgeCard = designerPage.getByTestId('nudge-card').filter({ hasText: project.title });
  await expect(nudgeCard).toBeVisible();
  await expect(nudgeCard.getByText('Pending')).toBeVisible();

  // The same nudge again is refused by the database and explained.
  await browseCard.getByRole('button', { name: `Nudge ${designerName}` }).click();
  await customerPage.getByRole('dialog').getByLabel('Project').selectOption({ label: project.title });
  await customerPage.getByRole('dialog').getByRole('button', { name: 'Send Nudge' }).click();
  await expect(customerPage.getByText('You already sent a nudge to this designer for this project')).toBeVisible();
  await customerPage.keyboard.press('Escape');

  // The designer accepts with a quote.
  await expectNoAxeViolations(designerPage);
  await nudgeCard.getByRole('button', { name: 'Accept & Send Quote' }).click();
  const quote = designerPage.getByRole('dialog');
  await expect(quote.getByRole('button', { name: 'Accept & Send Quote' })).toBeDisabled();
  await quote.getByLabel('Quote amount ($)').fill('0');
  await quote.getByRole('button', { name: 'Accept & Send Quote' }).click();
  await expect(quote.getByRole('alert')).toHaveText('Please enter a valid quote amount');
  await quote.getByLabel('Quote amount ($)').fill('1200');
  await quote.getByLabel('Message (optional)').fill('I can start next week.');
  await quote.getByRole('button', { name: 'Accept & Send Quote' }).click();
  await expect(designerPage.getByText('Nudge accepted! Client will be notified with your quote.')).toBeVisible();
  await expect(nudgeCard.getByText('Accepted')).toBeVisible();
  await expect(nudgeCard.getByText('Your quote: $1,200')).toBeVisible();
  await expect(nudgeCard.getByRole('button', { name: 'Decline' })).toHaveCount(0);

  // The customer sees the quote with the nudge.
  await customerPage.reload();
  const sent = customerPage.getByTestId('sent-nudge').filter({ hasText: project.title });
  await expect(sent.getByText('Accepted')).toBeVisible();
  await expect(sent.getByText('Quote: $1,200')).toBeVisible();
  await expect(sent.getByText('I can start next week.')).toBeVisible();

  await customerContext.close();
  await designerContext.close();
});

test('nudging without a project says to create one first', async ({ page, customer, designer }) => {
  const designerName = await fullName(designer);
  await signInBrowser(page, customer);
  await page.goto('/browse-designers');
  await page
    .getByTestId('designer-card')
    .filter({ hasText: designerName })
    .getByRole('button', { name: `Nudge ${designerName}` })
    .click();
  await expect(page.getByText('You need to create a project first')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a designer declines a nudge', async ({ page, customer, designer }) => {
  const project = await createProject(customer);
  const { admin } = await import('./designers-fixtures.ts');
  const { error } = await admin
    .from('designer_nudges')
    .insert({ client_id: customer.id, designer_id: designer.id, project_id: project.id, status: 'pending' });
  expect(error).toBeNull();
  await signInBrowser(page, designer);
  await page.goto('/designer-nudges');
  const card = page.getByTestId('nudge-card').filter({ hasText: project.title });
  await card.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByText('Nudge declined')).toBeVisible();
  await expect(card.getByText('Declined')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accept & Send Quote' })).toHaveCount(0);
});
