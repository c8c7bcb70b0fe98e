import { expect, test } from './support/test.ts';
import { admin } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

/** A 1×1 image (PNG bytes; browsers sniff them whatever the type says): the bucket takes images only. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const photo = (name: string, mimeType: string) => ({ name, mimeType, buffer: PNG });

test('a designer lists a piece with photos and dimensions; a customer finds it by word, category and price, opens it, and back keeps the filters', async ({
  browser,
  page,
  makeUser,
  customer,
}) => {
  // Listing needs the designer's membership (the database refuses it otherwise).
  const designer = await makeUser({ role: 'designer', subscribed: true });
  // A word no other piece has, so the search finds only this test's pieces.
  const word = `opal${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 8)}`;
  const title = `Opaline lamp ${word}`;

  // The designer lists it through List Vintage, with three photos and the second as the cover.
  const seller = await browser.newContext();
  const sellerPage = await seller.newPage();
  await signInBrowser(sellerPage, designer);
  await sellerPage.goto('/list-vintage');
  await sellerPage.getByLabel('Title').fill(title);
  await sellerPage.getByLabel('Category').selectOption('lighting');
  await sellerPage.getByLabel('Price ($)').fill('95');
  await sellerPage.getByLabel('Description').fill('White opaline glass shade on a brass stem, 1960s.');
  await sellerPage.getByLabel('Condition').selectOption('very_good');
  await sellerPage.getByLabel('Width (in)').fill('12');
  await sellerPage.getByLabel('Depth (in)').fill('12.5');
  await sellerPage.getByLabel('Height (in)').fill('20');
  await sellerPage.getByRole('combobox', { name: 'Location' }).fill('Portl');
  await sellerPage.getByRole('option', { name: 'Portland, OR', exact: true }).click();
  await sellerPage
    .getByLabel('Photos (up to 6)')
    .setInputFiles([photo('front.jpg', 'image/jpeg'), photo('side.png', 'image/png'), photo('back.gif', 'image/gif')]);
  await expect(sellerPage.getByTestId('listing-photo')).toHaveCount(3);
  await sellerPage.getByRole('button', { name: 'Make cover: Photo 2 (side.png)' }).click();
  await expect(sellerPage.getByTestId('listing-photo').first()).toContainText('Cover');
  await expectNoAxeViolations(sellerPage);
  await sellerPage.getByRole('button', { name: 'List Item' }).click();
  await expect(sellerPage).toHaveURL(/\/good-stuff\/[0-9a-f-]{36}$/);
  const itemPath = new URL(sellerPage.url()).pathname;
  await expect(sellerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await seller.close();

  // The database kept the photos in the chosen order, the cover in image_url too.
  const { data: listed } = await admin
    .from('catalog_items')
    .select('id, photo_urls, image_url, width_in, depth_in, height_in, condition')
    .eq('title', title)
    .single()
    .throwOnError();
  expect(listed.photo_urls).toHaveLength(3);
  // Each photo's extension tells which it was: the side view first, then the front and the back.
  expect(listed.photo_urls.map((url: string) => url.split('.').pop())).toEqual(['png', 'jpg', 'gif']);
  expect(listed.image_url).toBe(listed.photo_urls[0]);
  expect([listed.width_in, listed.depth_in, listed.height_in, listed.condition]).toEqual([12, 12.5, 20, 'very_good']);

  // Two more pieces with the word: one too dear, one of another category; the filters leave them out.
  const others = await admin
    .from('catalog_items')
    .insert([
      { ...otherPiece(designer.id, `Opaline sconce ${word}`), price: 150 },
      { ...otherPiece(designer.id, `Opaline vase ${word}`), category: 'decor' },
    ])
    .select('id')
    .throwOnError();
  expect(others.data).toHaveLength(2);

  // The customer searches.
  await signInBrowser(page, customer);
  await page.goto('/good-stuff');
  await page.getByLabel('Search Good Stuff').fill(word);
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}$`));
  await expect(page.getByTestId('catalog-item')).toHaveCount(3);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('3 pieces');
  await page.getByLabel('Category').selectOption('lighting');
  await expect(page.getByTestId('catalog-item')).toHaveCount(2);
  await page.getByLabel('Max price ($)').fill('100');
  await page.getByLabel('Max price ($)').press('Enter');
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&category=lighting&max=100$`));
  await expect(page.getByTestId('catalog-item')).toHaveCount(1);
  const card = page.getByTestId('catalog-item').filter({ hasText: title });
  await expect(card.getByText('$95', { exact: true })).toBeVisible();
  await expect(card.getByText('Very good')).toBeVisible();
  await expectNoAxeViolations(page);

  // The piece's page: photos, dimensions, the seller.
  await card.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(itemPath);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const carousel = page.getByRole('region', { name: `Photos of ${title}` });
  await expect(carousel.getByRole('button', { name: /Show photo \d of 3/ })).toHaveCount(3);
  await expect(carousel.getByRole('img', { name: `${title} (1 of 3)` })).toBeVisible();
  await carousel.getByRole('button', { name: 'Show photo 3 of 3' }).click();
  await expect(carousel.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-current', 'true');
  await expect(page.getByText('12 × 12.5 × 20 in')).toBeVisible();
  await expect(page.getByText('Portland, OR', { exact: false }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /^View E2E designer .*’s profile$/ })).toHaveAttribute(
    'href',
    `/designer/${designer.id}`,
  );
  await expect(page).toHaveTitle(`${title} · Good Stuff · Good Space`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} · $95`);
  await expectNoAxeViolations(page);

  // Back: the same filters, shown and applied.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?q=${word}&category=lighting&max=100$`));
  await expect(page.getByLabel('Search Good Stuff')).toHaveValue(word);
  await expect(page.getByLabel('Category')).toHaveValue('lighting');
  await expect(page.getByLabel('Max price ($)')).toHaveValue('100');
  await expect(page.getByTestId('catalog-item')).toHaveCount(1);
  await expect(page.getByTestId('catalog-item').filter({ hasText: title })).toBeVisible();

  // Nothing matches a word no piece has; Clear filters brings the market back.
  await page.getByLabel('Search Good Stuff').fill(`${word}zzz`);
  await expect(page.getByRole('main').getByRole('status')).toHaveText('No pieces match');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/good-stuff$/);
  await expect(page.getByLabel('Search Good Stuff')).toHaveValue('');
});

function otherPiece(designerId: string, title: string) {
  return {
    designer_id: designerId,
    title,
    description: 'Opaline glass.',
    category: 'lighting' as const,
    price: 60,
    condition: 'good',
    location: 'Portland, OR',
    width_in: 6,
    depth_in: 6,
    height_in: 10,
  };
}
