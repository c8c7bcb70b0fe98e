import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, test, type Page } from './support/test.ts';
import { admin } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPiece, pageAs } from './support/market.ts';
import type { TestUser } from './support/users.ts';

/**
 * Good Stuff (docs/good-stuff.md; docs/product.md, Good Stuff), in real Chromium against the real stack: a designer
 * lists a lamp with three photos; a customer finds it by words, category and price, saves it and offers; the seller
 * counters; the customer accepts and the piece is reserved for them, so another customer sees 'Reserved' and cannot
 * offer; the customer's designer adds another piece to their hard-cap project (the budget moves) and a piece past the
 * cap is refused with the database's words.
 */

/** A small PNG of one colour (valid image bytes: the listing checks each photo's leading bytes). */
function png(r: number, g: number, b: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const size = 8;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => [r, g, b]).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let projectDesigner: TestUser;

// Both journeys need the same four members; `makeUser` deletes them after each test.
test.beforeEach(async ({ makeUser }) => {
  [seller, buyer, other, projectDesigner] = await Promise.all([
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
  ]);
});

test('a lamp is listed, found, saved, offered on, countered and reserved; pieces join a hard-cap project until the cap', async ({
  browser,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const lamp = `Opaline lamp ${suffix}`;

  // --- The designer lists the lamp with three photos.
  const s = await pageAs(browser, seller);
  await s.goto('/list-vintage');
  await s.getByLabel('Title').fill(lamp);
  await s.getByLabel('Category').selectOption('lighting');
  await s.getByLabel('Price ($)').fill('95');
  await s.getByLabel('Description').fill('Milky white opaline glass shade on a brass stem, rewired.');
  await s.getByLabel('Condition').selectOption({ label: 'Very good' });
  await s.getByRole('combobox', { name: 'Location' }).fill('Portl');
  await s.getByRole('option', { name: 'Portland, OR', exact: true }).click();
  await s.getByLabel('Width (in)').fill('10');
  await s.getByLabel('Depth (in)').fill('10');
  await s.getByLabel('Height (in)').fill('18');
  await s.getByLabel('Photos (up to 6)').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: png(240, 240, 230) },
    { name: 'side.png', mimeType: 'image/png', buffer: png(200, 180, 120) },
    { name: 'base.png', mimeType: 'image/png', buffer: png(120, 100, 60) },
  ]);
  await expect(s.getByTestId('listing-photo')).toHaveCount(3);
  await s.getByRole('button', { name: 'List Item' }).click();
  await expect(toast(s, 'Vintage item listed successfully!')).toBeVisible();
  await expect(s.getByRole('heading', { level: 1, name: lamp })).toBeVisible();
  const lampUrl = new URL(s.url()).pathname;
  expect(lampUrl).toMatch(/^\/good-stuff\/[0-9a-f-]{36}$/);

  // --- A customer finds it: words, Lighting, under $100; saves it; offers $70.
  const c = await pageAs(browser, buyer);
  await c.goto('/good-stuff');
  // Each filter is put in the URL before the next is set (the words and prices wait for typing to pause).
  // As fast as a person who knows what they want: no filter waits for the one before to reach the URL.
  await c.getByLabel('Search Good Stuff').fill('opaline');
  await c.getByLabel('Category').selectOption({ label: 'Lighting' });
  await c.getByLabel('Max price ($)').fill('100');
  await expect(c).toHaveURL(/max=100/);
  await expect(c).toHaveURL(/q=opaline/);
  await expect(c).toHaveURL(/category=lighting/);
  const card = c.getByTestId('catalog-item').filter({ hasText: lamp });
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: `Save ${lamp}`, pressed: false }).click();
  await expect(card.getByRole('button', { name: `Save ${lamp}`, pressed: true })).toBeVisible();
  await card.getByRole('link', { name: lamp }).click();
  await expect(c.getByRole('heading', { level: 1, name: lamp })).toBeVisible();
  // Saved in the market, saved on its page.
  await expect(c.getByRole('button', { name: `Save ${lamp}`, pressed: true })).toBeVisible();
  await c.getByRole('button', { name: 'Make Offer' }).click();
  const offerDialog = c.getByRole('dialog', { name: 'Make Offer' });
  await offerDialog.getByLabel('Your offer ($)').fill('120');
  await offerDialog.getByRole('button', { name: 'Send Offer' }).click();
  await expect(offerDialog.getByRole('alert')).toHaveText('Offers can be at most the list price');
  await offerDialog.getByLabel('Your offer ($)').fill('70');
  await offerDialog.getByLabel('Note to the seller (optional)').fill('Could pick it up on Saturday.');
  await expectNoAxeViolations(c);
  await offerDialog.getByRole('button', { name: 'Send Offer' }).click();
  await expect(toast(c, 'Offer sent!')).toBeVisible();
  await expect(c.getByText('Your offer of $70 is with the seller.', { exact: false })).toBeVisible();

  // --- The seller sees it on the piece and counters $80.
  await s.goto(lampUrl);
  const offerRow = s.getByTestId('piece-offer').filter({ hasText: 'offered $70' });
  await expect(offerRow).toContainText('Could pick it up on Saturday.');
  await offerRow.getByRole('button', { name: /^Counter / }).click();
  const counterDialog = s.getByRole('dialog', { name: 'Counter Offer' });
  await counterDialog.getByLabel('Your counter ($)').fill('80');
  await counterDialog.getByRole('button', { name: 'Send Counter' }).click();
  await expect(toast(s, 'Counter sent')).toBeVisible();
  await expect(offerRow).toContainText('You countered with $80');
  await expectNoAxeViolations(s);

  // --- The customer sees the counter without a reload (offers are live on the piece's page) and accepts.
  await expect(c.getByText('The seller countered your offer of $70 with $80.', { exact: false })).toBeVisible();
  await c.getByRole('button', { name: 'Accept $80' }).click();
  await expect(c.getByText(/Your offer of \$80 was accepted\. Reserved for you until/)).toBeVisible();
  await expect(c.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);

  // --- Another customer sees 'Reserved' and cannot offer.
  const o = await pageAs(browser, other);
  await o.goto(lampUrl);
  await expect(o.getByRole('heading', { level: 1, name: lamp })).toBeVisible();
  await expect(o.getByText('Reserved', { exact: true })).toBeVisible();
  await expect(o.getByTestId('piece-taken')).toContainText('Another buyer’s offer was accepted.');
  await expect(o.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
  await expectNoAxeViolations(o);

  // --- The saved lamp is on the customer's Saved page.
  await c.goto('/saved');
  await expect(c.getByTestId('saved-item').filter({ hasText: lamp })).toContainText('Reserved');
  await expectNoAxeViolations(c);

  // --- The customer's designer adds a $60 table to their $150 hard-cap project: the budget moves.
  const { data: project, error } = await admin
    .from('projects')
    .insert({
      customer_id: buyer.id,
      designer_id: projectDesigner.id,
      title: `Reading nook ${suffix}`,
      description: 'A reading corner furnished with thrifted pieces.',
      location: 'Portland, OR',
      space_size: 120,
      budget: 150,
      budget_type: 'hard',
      preferred_style: 'Scandinavian',
      status: 'active',
    })
    .select('id, title')
    .single();
  if (error) throw error;
  const table = `Teak side table ${suffix}`;
  const tableId = await listPiece(seller, table, 60);
  const cabinetId = await listPiece(seller, `Rosewood cabinet ${suffix}`, 120);

  const d = await pageAs(browser, projectDesigner);
  await d.goto(`/good-stuff/${tableId}`);
  await d.getByRole('button', { name: 'Add to project' }).click();
  const addDialog = d.getByRole('dialog', { name: 'Add to project' });
  await expect(addDialog.getByLabel('Project')).toHaveValue(project.id);
  await addDialog.getByRole('button', { name: 'Add to project' }).click();
  await expect(toast(d, `Added ${table} to “${project.title}”`)).toBeVisible();
  await expect(d.getByText('Held for a project', { exact: true })).toBeVisible();

  await d.goto(`/project/${project.id}`);
  const item = d.getByTestId('project-item').filter({ hasText: table });
  await expect(item).toContainText('Good Stuff');
  await expect(item).toContainText('$60');
  await expect(d.getByText('Spent', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('$60');
  await expect(item.getByRole('link', { name: `View the piece: ${table}` })).toHaveAttribute(
    'href',
    `/good-stuff/${tableId}`,
  );

  // --- A $120 cabinet would take the project to $180: the database refuses it with its cap message.
  await d.goto(`/good-stuff/${cabinetId}`);
  await d.getByRole('button', { name: 'Add to project' }).click();
  await d.getByRole('dialog', { name: 'Add to project' }).getByRole('button', { name: 'Add to project' }).click();
  await expect(toast(d, 'Cannot add item: Would exceed hard budget cap of $150')).toBeVisible();
  await d.goto(`/project/${project.id}`);
  await expect(d.getByTestId('project-item')).toHaveCount(1);

  // Others now see the table as held.
  await o.goto(`/good-stuff/${tableId}`);
  await expect(o.getByText('Held for a project', { exact: true })).toBeVisible();
  await expect(o.getByRole('button', { name: 'Make Offer' })).toHaveCount(0);
});

test("Ask the seller opens the piece's conversation with its seller, live on both sides; the seller reaches it from My listings", async ({
  browser,
}) => {
  const suffix = randomUUID().slice(0, 6);
  const title = `Cane chair ${suffix}`;
  const pieceId = await listPiece(seller, title, 140);

  const c = await pageAs(browser, buyer);
  await c.goto(`/good-stuff/${pieceId}`);
  await c.getByRole('button', { name: 'Ask the seller' }).click();
  await expect(c).toHaveURL(new RegExp(`/good-stuff/${pieceId}/conversation/[0-9a-f-]{36}$`));
  await c.getByRole('textbox', { name: 'Message' }).fill('Is the caning intact?');
  await c.getByRole('button', { name: 'Send' }).click();
  await expect(c.getByTestId('listing-message').filter({ hasText: 'Is the caning intact?' })).toContainText('You');

  const s = await pageAs(browser, seller);
  await s.goto('/good-stuff/mine');
  const listing = s.getByTestId('my-listing').filter({ hasText: title });
  await listing.getByRole('link', { name: /Last message/ }).click();
  await expect(s.getByTestId('listing-message').filter({ hasText: 'Is the caning intact?' })).toBeVisible();
  await s.getByRole('textbox', { name: 'Message' }).fill('Yes, all of it. Come and see it on Saturday.');
  await s.getByRole('button', { name: 'Send' }).click();
  // Live: the buyer's open thread shows the answer without a reload.
  await expect(c.getByTestId('listing-message').filter({ hasText: 'Come and see it on Saturday.' })).toBeVisible();
  await expectNoAxeViolations(c);
});
