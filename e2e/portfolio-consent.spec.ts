import { expect, test, type Page } from './support/test.ts';
import { admin, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

let customer: TestUser;
let designer: TestUser;
let outsider: TestUser;

// The helpers below read these; `makeUser` deletes them after each test.
test.beforeEach(async ({ makeUser }) => {
  [customer, designer, outsider] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
  ]);
});

/** An active hard-cap project of `customer` with `designer`, $2,310 of items and before/after photos. */
async function activeProjectWithWork(title: string): Promise<string> {
  const created = await admin
    .from('projects')
    .insert({
      customer_id: customer.id,
      title,
      description: 'A small living room furnished with thrifted pieces.',
      location: 'Portland, OR',
      space_size: 400,
      budget: 2500,
      budget_type: 'hard',
      preferred_style: 'Scandinavian',
      status: 'pending',
    })
    .select('id')
    .single();
  if (created.error) throw created.error;
  const id = created.data.id as string;
  const active = await admin.from('projects').update({ status: 'active', designer_id: designer.id }).eq('id', id);
  if (active.error) throw active.error;
  const items = await admin.from('project_items').insert([
    { project_id: id, name: 'Teak sideboard', cost: 1500, added_by: designer.id },
    { project_id: id, name: 'Brass lamp', cost: 810, added_by: customer.id },
  ]);
  if (items.error) throw items.error;
  for (const name of ['before-room.png', 'after-room.png', '1700000000000_0.png']) {
    const { error } = await admin.storage
      .from('project-photos')
      .upload(`${id}/${name}`, PNG, { contentType: 'image/png', upsert: true });
    if (error) throw error;
  }
  return id;
}

/** Every image in `scope` has loaded its bytes (a signed link the viewer may not use would not). */
async function expectImagesLoaded(page: Page, testId: string, count: number) {
  const images = page.getByTestId(testId).getByRole('img');
  await expect(images).toHaveCount(count);
  for (const image of await images.all()) {
    await expect(image).toHaveJSProperty('complete', true);
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  }
}

test("a customer completes with consent; another customer sees it in View Works, photos and budget line; withdrawn, it's gone", async ({
  browser,
}) => {
  const title = `Sunny living room ${Math.random().toString(36).slice(2, 7)}`;
  const projectId = await activeProjectWithWork(title);
  const name = await fullName(designer);

  // --- The customer marks it complete and says yes to both choices.
  const c = await browser.newContext();
  const cPage = await c.newPage();
  await signInBrowser(cPage, customer);
  await cPage.goto(`/project/${projectId}`);
  await cPage.getByRole('button', { name: 'Mark as Complete' }).click();
  const complete = cPage.getByRole('dialog', { name: 'Complete this project' });
  const show = complete.getByRole('checkbox', { name: "Show this project in my designer's portfolio" });
  const costs = complete.getByRole('checkbox', { name: 'Also show what it cost' });
  await expect(show).not.toBeChecked();
  await expect(costs).toBeDisabled();
  await expectNoAxeViolations(cPage);
  await show.check();
  await costs.check();
  await complete.getByRole('button', { name: 'Mark as Complete' }).click();
  // Then, as before, the review.
  const review = cPage.getByRole('dialog', { name: 'Rate Your Designer' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Skip' }).click();
  await expect(cPage.locator('[data-status="completed"]')).toHaveText('Status: Completed');
  await expect(cPage.getByTestId('portfolio-status')).toHaveText('Shown, with what it cost');

  // --- Another customer opens the designer's profile, then View Works.
  const o = await browser.newContext();
  const oPage = await o.newPage();
  await signInBrowser(oPage, outsider);
  await oPage.goto(`/designer/${designer.id}`);
  await oPage.getByRole('link', { name: 'View Works' }).click();
  await expect(oPage.getByRole('heading', { name: `${name}'s Portfolio` })).toBeVisible();
  const card = oPage.getByTestId('completed-project').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByText(/^Completed /)).toBeVisible();
  await expect(card.getByText('Portland, OR')).toBeVisible();
  await expect(card.getByTestId('budget-line')).toHaveText('Came in at:$2,310 of a $2,500 hard cap, 92%');
  await expect(card.getByText('Not public')).toHaveCount(0);
  // The before and after photos, loaded through signed links; not the photo posted with the project.
  await expect(card.getByRole('img', { name: `${title}, before 1` })).toBeVisible();
  await expect(card.getByRole('img', { name: `${title}, after 1` })).toBeVisible();
  await expectImagesLoaded(oPage, 'completed-project', 2);
  // No item of it, no way onto the project page itself.
  await expect(card).not.toContainText('Teak sideboard');
  await expectNoAxeViolations(oPage);

  // --- The customer withdraws; the portfolio no longer has it.
  await cPage.getByRole('checkbox', { name: "Show this project in my designer's portfolio" }).uncheck();
  await cPage.getByRole('button', { name: 'Save portfolio choice' }).click();
  await expect(cPage.getByTestId('portfolio-status')).toHaveText('Not shown');
  await oPage.reload();
  await expect(oPage.getByText('No portfolio yet')).toBeVisible();
  await expect(oPage.getByTestId('completed-project')).toHaveCount(0);

  await Promise.all([c.close(), o.close()]);
});
