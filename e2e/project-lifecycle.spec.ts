import { randomUUID } from 'node:crypto';
import { expect, test, type Browser, type BrowserContext, type Page } from './support/test.ts';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_SECRET_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

const admin = createClient(E2E_API_URL, DEFAULT_SECRET_KEY, {
  auth: { persistSession: false, autoRefreshToken: false },
  // Node 20 has no global WebSocket; supabase-js needs a transport even when realtime is unused.
  realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
});

// A 1×1 PNG: real image bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const CUSTOMER_AT = { latitude: 45.5152, longitude: -122.6784 }; // Portland
const DESIGNER_AT = { latitude: 45.6, longitude: -122.55 }; // about 8 miles from Portland's centre

async function openAs(browser: Browser, user: TestUser, at: { latitude: number; longitude: number }) {
  const context: BrowserContext = await browser.newContext({ geolocation: at, permissions: ['geolocation'] });
  const page = await context.newPage();
  await signInBrowser(page, user);
  return { context, page };
}

/**
 * axe on the page itself: transient toasts are waited out first (sonner's rich success colours fail contrast;
 * that belongs to the shared Toaster, reported separately).
 */
async function checkA11y(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await expectNoAxeViolations(page);
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

test('a project from posting to review, with customer and designer side by side', async ({ browser, makeUser }) => {
  const customer = await makeUser({ role: 'customer', subscribed: true });
  const designer = await makeUser({ role: 'designer', subscribed: true });
  const outsider = await makeUser({ role: 'customer' });
  const rival = await makeUser({ role: 'designer' });
  const title = `Sunny loft ${randomUUID().slice(0, 6)}`;
  const c = await openAs(browser, customer, CUSTOMER_AT);
  const d = await openAs(browser, designer, DESIGNER_AT);

  // --- The customer posts a hard-cap project at their device's location (named by its city) with two photos.
  await c.page.goto('/dashboard/customer');
  await expect(c.page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await expect(c.page.locator('#main').getByRole('link', { name: 'Browse Designers' })).toHaveAttribute(
    'href',
    '/browse-designers',
  );
  await expect(c.page.locator('#main').getByRole('link', { name: 'Edit Profile' })).toHaveAttribute(
    'href',
    '/profile/customer',
  );
  await c.page.getByRole('button', { name: 'New Project' }).click();
  const form = c.page.getByRole('dialog', { name: 'New Project' });
  // Only the first validation message is shown.
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(form.getByRole('alert')).toHaveText('Title must be at least 3 characters');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('A bright loft that needs warm vintage furniture and plants.');
  await form.getByRole('button', { name: 'Use my location' }).click();
  await expect(form.getByRole('combobox', { name: 'Location' })).toHaveValue('Portland, OR');
  await form.getByLabel('Space size (sq ft)').fill('400');
  await form.getByLabel('Budget ($)').fill('1000');
  await form.getByLabel('Budget type').selectOption({ label: 'Hard Cap' });
  await form.getByLabel('Style').selectOption('Mid-Century Modern');
  await form.getByLabel(/Photos/).setInputFiles([
    { name: 'living-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'living-2.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2);
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(toast(c.page, 'Project created!')).toBeVisible();
  const card = c.page.getByTestId('project-card').filter({ hasText: title });
  await expect(card.locator('[data-status="pending"]')).toHaveText('Status: Pending');
  await expect(card.getByText('Hard Cap')).toBeVisible();
  await expect(card.getByRole('link', { name: 'View Details & Messages' })).toHaveCount(0);
  await checkA11y(c.page);

  // --- The designer finds it nearby, with its distance, and bids.
  await d.page.goto('/dashboard/designer');
  await expect(d.page.getByRole('tab', { name: /^Available Projects \(\d+\)$/ })).toBeVisible();
  await expect(d.page.getByRole('tab', { name: 'My Projects (0)' })).toBeVisible();
  const offer = d.page.getByTestId('project-card').filter({ hasText: title });
  // Measured from the place the project names (Portland's coordinates), not the customer's device.
  await expect(offer.getByText('8 miles away')).toBeVisible();
  // Seeded Austin and Brooklyn projects lie beyond 100 miles and are dropped.
  await expect(d.page.getByTestId('project-card').filter({ hasText: 'Moving to Austin, TX' })).toHaveCount(0);
  await checkA11y(d.page);
  await offer.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(d.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await d.page.getByRole('button', { name: 'Place Bid' }).click();
  const bidForm = d.page.getByRole('dialog', { name: 'Submit Your Bid' });
  await bidForm.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(bidForm.getByRole('alert')).toHaveText('Bid amount is required');
  await bidForm.getByLabel('Bid Amount ($)').fill('850.50');
  await bidForm.getByLabel('Estimated Days (optional)').fill('14');
  await bidForm.getByLabel('Your Proposal').fill('Teak sideboard, a reupholstered sofa and lots of plants.');
  await bidForm.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(toast(d.page, 'Bid submitted!')).toBeVisible();
  const yourBid = d.page.getByText('Your Bid').locator('xpath=ancestor::*[@data-slot="card"]');
  await expect(yourBid.getByText('$850.50')).toBeVisible();
  await expect(yourBid.getByText('Pending')).toBeVisible();
  // A rival designer bids too (recorded directly; their journey is the same as above).
  const projectId = new URL(d.page.url()).pathname.split('/').pop()!;
  const rivalBid = await admin
    .from('project_bids')
    .insert({ project_id: projectId, designer_id: rival.id, bid_amount: 990, proposal: 'Velvet and brass.' });
  expect(rivalBid.error).toBeNull();

  // --- The customer sees the bid (live on the project page) and accepts it.
  await card.getByRole('link', { name: 'View Bids' }).click();
  const bid = c.page.getByTestId('bid').filter({ hasText: designer.email.split('@')[0]!.replace('e2e-designer-', '') });
  await expect(bid.getByRole('paragraph').filter({ hasText: /^\$850\.50$/ })).toBeVisible();
  await expect(bid.getByText('Estimated 14 days')).toBeVisible();
  // Not split, the bid is paid as one milestone of the whole amount (its split: milestones.spec.ts).
  await expect(bid.getByRole('list', { name: /^Milestones of the bid from/ }).getByRole('listitem')).toHaveText([
    /^1\. Design work\s*\$850\.50$/,
  ]);
  await checkA11y(c.page);
  await bid.getByRole('button', { name: /^Accept bid from/ }).click();
  await expect(toast(c.page, 'Bid accepted!')).toBeVisible();
  await expect(c.page.locator('[data-status="active"]')).toHaveText('Status: Active');
  await expect(c.page.getByRole('heading', { name: 'Items & Budget' })).toBeVisible();
  // Active: the customer reads their designer's e-mail address (docs/decisions/0030-safe-by-default.md).
  await expect(c.page.getByRole('link', { name: `E-mail your designer at ${designer.email}` })).toHaveAttribute(
    'href',
    `mailto:${designer.email}`,
  );

  // --- The rival's bid lost: their bids say so, with no link to a project they can no longer open.
  const r = await openAs(browser, rival, DESIGNER_AT);
  await r.page.goto('/dashboard/designer');
  await r.page.getByRole('tab', { name: 'My Bids (1)' }).click();
  const lostBid = r.page.getByTestId('designer-bid').filter({ hasText: title });
  await expect(lostBid).toContainText('Rejected');
  await expect(lostBid).toContainText('Not selected');
  await expect(lostBid.getByRole('link')).toHaveCount(0);
  await checkA11y(r.page);
  await r.context.close();

  // --- The designer finds it under My Projects and opens it.
  await d.page.goto('/dashboard/designer');
  await d.page.getByRole('tab', { name: 'My Bids (1)' }).click();
  const wonBid = d.page.getByTestId('designer-bid').filter({ hasText: title });
  await expect(wonBid).toContainText('Accepted');
  await expect(wonBid.getByRole('link', { name: title })).toBeVisible();
  await d.page.getByRole('tab', { name: 'My Projects (1)' }).click();
  await d.page
    .getByTestId('project-card')
    .filter({ hasText: title })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(d.page.getByRole('heading', { name: 'Items & Budget' })).toBeVisible();

  // --- Messages, live both ways.
  const cMessages = c.page.getByRole('list', { name: 'Messages' });
  const dMessages = d.page.getByRole('list', { name: 'Messages' });
  const cSend = c.page.getByRole('button', { name: 'Send' });
  await expect(cSend).toBeDisabled();
  await c.page.getByLabel('Message', { exact: true }).fill('   ');
  await expect(cSend).toBeDisabled();
  await c.page.getByLabel('Message', { exact: true }).fill('Hello! When can you start?');
  await cSend.click();
  await expect(cMessages.getByTestId('message').filter({ hasText: 'Hello! When can you start?' })).toContainText('You');
  const received = dMessages.getByTestId('message').filter({ hasText: 'Hello! When can you start?' });
  await expect(received).toContainText(/E2E customer/);
  await d.page.getByLabel('Message', { exact: true }).fill('Next Monday works for me.');
  await d.page.getByLabel('Message', { exact: true }).press('Enter');
  await expect(cMessages.getByTestId('message').filter({ hasText: 'Next Monday works for me.' })).toContainText(
    /E2E designer/,
  );

  // --- Items push the hard cap to the warning, then the refusal; the other side sees each change live.
  const addItem = async (page: Page, name: string, cost: string) => {
    await page.getByLabel('Item name').fill(name);
    await page.getByLabel('Cost ($)').fill(cost);
    await page.getByRole('button', { name: 'Add Item' }).click();
  };
  await c.page.getByRole('button', { name: 'Add Item' }).click();
  await expect(c.page.getByRole('alert').filter({ hasText: 'Item name is required' })).toBeVisible();
  await addItem(c.page, 'Teak sideboard', '700');
  await expect(d.page.getByTestId('project-item').filter({ hasText: 'Teak sideboard' })).toContainText('$700');
  await expect(d.page.locator('[data-budget-state]')).toHaveAttribute('data-budget-state', 'ok');
  await addItem(d.page, 'Brass lamp', '150');
  await expect(c.page.getByTestId('project-item').filter({ hasText: 'Brass lamp' })).toBeVisible();
  await expect(c.page.locator('[data-budget-state]')).toHaveAttribute('data-budget-state', 'warning');
  await expect(c.page.getByText('Approaching budget limit. $150 remaining.')).toBeVisible();
  // Only the adder may delete an item.
  await expect(c.page.getByRole('button', { name: 'Delete Brass lamp' })).toHaveCount(0);
  await addItem(c.page, 'Wool rug', '200');
  await expect(toast(c.page, 'Cannot add item: Would exceed hard budget cap of $1000')).toBeVisible();
  await expect(c.page.getByTestId('project-item').filter({ hasText: 'Wool rug' })).toHaveCount(0);
  await checkA11y(c.page);
  await d.page.getByRole('button', { name: 'Delete Brass lamp' }).click();
  await expect(c.page.getByTestId('project-item').filter({ hasText: 'Brass lamp' })).toHaveCount(0);
  await expect(c.page.locator('[data-budget-state]')).toHaveAttribute('data-budget-state', 'ok');

  // --- Photos: the two posted with the project, an after photo, a renamed text file refused, a note.
  const photos = c.page.getByTestId('project-photo');
  await expect(photos).toHaveCount(2);
  await c.page.getByLabel('Upload After Photos').setInputFiles([
    { name: 'after-room.png', mimeType: 'image/png', buffer: PNG },
    { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('this is plain text, not a picture') },
  ]);
  await expect(toast(c.page, 'notes.png: Invalid image file format')).toBeVisible();
  await expect(toast(c.page, 'Photos uploaded successfully')).toBeVisible();
  await expect(photos).toHaveCount(3);
  await expect(photos.filter({ hasText: 'After' })).toHaveCount(1);
  await photos
    .first()
    .getByRole('button', { name: /Add note/ })
    .click();
  await photos
    .first()
    .getByLabel(/Note for/)
    .fill('Keep the window light.');
  await photos.first().getByRole('button', { name: 'Save note' }).click();
  await expect(toast(c.page, 'Note saved')).toBeVisible();
  await expect(photos.first()).toContainText('Keep the window light.');
  const { data: notes } = await admin.from('project_photo_notes').select('note, added_by');
  expect(notes).toContainEqual({ note: 'Keep the window light.', added_by: customer.id });
  // Notes belong to the owner: the designer has no note controls.
  await expect(d.page.getByTestId('project-photo').first()).toBeVisible();
  await expect(d.page.getByRole('button', { name: /Add note|Edit note/ })).toHaveCount(0);

  // --- A third user is refused.
  const o = await openAs(browser, outsider, CUSTOMER_AT);
  const projectUrl = new URL(c.page.url()).pathname;
  await o.page.goto(projectUrl);
  // docs/product.md, Projects: the project exists but is not theirs ('Project not found' is only for a project that does not exist).
  await expect(toast(o.page, 'Access denied')).toBeVisible();
  await expect(o.page).toHaveURL('/dashboard/customer');
  await expect(o.page.getByRole('heading', { name: title })).toHaveCount(0);
  await expect(toast(o.page, 'Project not found')).toHaveCount(0);
  await o.page.goto(`/project/${randomUUID()}`);
  await expect(toast(o.page, 'Project not found')).toBeVisible();
  await expect(o.page).toHaveURL('/dashboard/customer');

  // --- Complete and review.
  await c.page.getByRole('button', { name: 'Mark as Complete' }).click();
  // The portfolio choices come first, both off (their journey: portfolio-consent.spec.ts).
  await c.page
    .getByRole('dialog', { name: 'Complete this project' })
    .getByRole('button', { name: 'Mark as Complete' })
    .click();
  const review = c.page.getByRole('dialog', { name: 'Rate Your Designer' });
  await expect(review.getByRole('radio', { name: '5 stars' })).toBeChecked();
  // The radios are visually hidden behind the star icons; choosing one is what a click on a star does.
  await review.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await expect(review.getByText('4 of 5 stars')).toBeVisible();
  await review.getByLabel('Comment (optional)').fill('Lovely work, on budget.');
  await checkA11y(c.page);
  await review.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(c.page, 'Thank you for your review!')).toBeVisible();
  await expect(c.page.locator('[data-status="completed"]')).toHaveText('Status: Completed');
  const { data: reviews } = await admin
    .from('reviews')
    .select('rating, comment, designer_id')
    .eq('client_id', customer.id);
  expect(reviews).toEqual([{ rating: 4, comment: 'Lovely work, on budget.', designer_id: designer.id }]);

  await Promise.all([c.context.close(), d.context.close(), o.context.close()]);
});

test('without a membership, New Project asks to subscribe', async ({ page, customer }) => {
  await signInBrowser(page, customer);
  // The membership check answers first; until then the database is the only gate.
  const checked = page.waitForResponse((r) => r.url().includes('/functions/v1/check-subscription'));
  await page.goto('/dashboard/customer');
  await checked;
  await expect(page.getByText('No projects yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'New Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Subscribe to Continue' });
  await expect(dialog.getByRole('button', { name: 'Subscribe Now' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Later' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
