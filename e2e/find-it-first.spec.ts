import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test.ts';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import { clientAs, ok } from './support/api.ts';
import { mailFromInbox } from './support/inbox.ts';
import { pageAs, watchLiveFeed } from './support/market.ts';
import { pushesTo, usePushDevice } from './support/push-device.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

/**
 * Find it first (docs/find-it-first.md), in real Chromium against the real stack: a customer saves the search
 * "lamp, Lighting, under $100, within 25 miles"; a designer lists a matching lamp; the customer's bell shows the
 * alert within seconds and the e-mail follows; the piece, saved, gets cheaper and its saver is told. A customer
 * filters designers by style, rate and rating, and only those designers show, in the URL. A subscribed device's push
 * for a countered offer reaches the local push endpoint, decrypted. (Installable and offline: installable-app.spec.ts.)
 */

/** Matches a name containing `text` as written. */
const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** A piece listed by `seller` through their own client, as the List Vintage form inserts it (RLS and triggers apply). */
async function listAs(seller: TestUser, title: string, price: number, category = 'lighting'): Promise<string> {
  const api = await clientAs(seller);
  const row = await ok(
    api
      .from('catalog_items')
      .insert({
        designer_id: seller.id,
        title,
        description: 'From a 1960s living room, rewired where it has a cord.',
        category,
        price,
        condition: 'good',
        location: 'Portland, OR',
        width_in: 10,
        depth_in: 10,
        height_in: 20,
      })
      .select('id')
      .single(),
  );
  return row.id;
}

/** The bell's feed for `user` on `page`: resolves once Realtime listens (changes before that come with its read). */
function bellOf(page: Page, user: TestUser) {
  const live = watchLiveFeed(page, `notifications:${user.id}`);
  return {
    bell: page.getByRole('button', { name: /^Notifications/ }),
    live: () => expect.poll(live, { message: "the bell's live feed" }).toBe(true),
  };
}

test('a saved search alerts its owner at once in the bell and by mail when a matching lamp is listed; a saved piece that gets cheaper alerts its saver', async ({
  browser,
  makeUser,
}) => {
  const [customer, seller] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true, location: 'Portland, OR' }),
    makeUser({ role: 'designer', subscribed: true, designerProfile: { location: 'Portland, OR' } }),
  ]);
  // A word only this test's lamps have, so the saved search matches nothing another journey lists meanwhile.
  const word = `lamp${randomUUID()
    .slice(0, 6)
    .replace(/[^a-z]/g, 'x')}`;

  // --- The customer searches the market: the words, the Lighting tab, under $100, within 25 miles; saves it.
  const c = await pageAs(browser, customer);
  const { bell, live } = bellOf(c, customer);
  await c.goto('/good-stuff');
  await c.getByLabel('Search Good Stuff').fill(`lamp ${word}`);
  await c.getByRole('tab', { name: 'Lighting' }).click();
  await c.getByLabel('Max price ($)').fill('100');
  await c.getByLabel('Distance').selectOption({ label: 'Within 25 miles' });
  await expect(c).toHaveURL(/category=lighting/);
  await expect(c).toHaveURL(/max=100/);
  await expect(c).toHaveURL(/within=25/);
  await expect(c.getByRole('tab', { name: 'Lighting' })).toHaveAttribute('aria-selected', 'true');
  await c.getByRole('button', { name: 'Save this search' }).click();
  const dialog = c.getByRole('dialog', { name: 'Save this search' });
  await dialog.getByLabel('Name').fill('Lamps under $100');
  await dialog.getByRole('radio', { name: 'Instant' }).check();
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(c.locator('[data-sonner-toast]').filter({ hasText: 'Saved “Lamps under $100”.' })).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications');
  await live();

  // --- The designer lists a lamp too dear for it, then one that matches.
  await listAs(seller, `Arc lamp ${word}`, 150);
  const lampTitle = `Brass lamp ${word}`;
  const lampId = await listAs(seller, lampTitle, 80);

  // The bell, within seconds and without a reload; the live region says it once.
  const alert = `New match for "Lamps under $100": ${lampTitle}, $80`;
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(c.getByRole('status').filter({ hasText: 'New notification' })).toHaveText(`New notification: ${alert}`);
  // Only the matching lamp alerted (the dear one was listed first: triggers run in the listing's transaction).
  const matches = await ok(
    admin.from('notifications').select('kind, link, data').eq('user_id', customer.id).eq('kind', 'search_match'),
  );
  expect(matches).toHaveLength(1);
  expect(matches[0]).toMatchObject({ link: `/good-stuff/${lampId}`, data: { item_id: lampId } });

  // The mail follows, with the piece's link.
  const mail = await mailFromInbox(customer.email, literally(alert));
  expect(mail.Subject).toBe(alert);
  expect(mail.Text).toContain(`/good-stuff/${lampId}`);

  // --- The alert opens the lamp; the customer saves it; the seller lowers the price; the saver is told.
  await bell.click();
  await c
    .getByRole('menu')
    .getByRole('menuitem', { name: literally(alert) })
    .click();
  await expect(c).toHaveURL(new RegExp(`/good-stuff/${lampId}$`));
  await expect(bell).toHaveAccessibleName('Notifications');
  await c.getByRole('button', { name: `Save ${lampTitle}`, pressed: false }).click();
  await expect(c.getByRole('button', { name: `Save ${lampTitle}`, pressed: true })).toBeVisible();

  const sellerApi = await clientAs(seller);
  await ok(sellerApi.from('catalog_items').update({ price: 65 }).eq('id', lampId).select('id'));
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(c.getByRole('status').filter({ hasText: 'New notification' })).toHaveText(
    literally(`you saved is now $65, was $80`),
  );
  const drops = await ok(
    admin.from('notifications').select('link, data').eq('user_id', customer.id).eq('kind', 'price_drop'),
  );
  expect(drops).toHaveLength(1);
  expect(drops[0]).toMatchObject({
    link: `/good-stuff/${lampId}`,
    data: { item_id: lampId, old_price: 80, new_price: 65 },
  });
  // Saved says what it was, and the Searches tab keeps the search.
  await c.goto('/saved');
  await expect(c.getByTestId('saved-item').filter({ hasText: lampTitle })).toContainText(
    /\$65.*Price dropped, was \$80/,
  );
  await c.getByRole('tab', { name: 'Searches' }).click();
  await expect(c.getByText('Lamps under $100')).toBeVisible();
});

test('a customer filters designers by style, rate and rating: only those show, and the URL holds the filters', async ({
  page,
  makeUser,
}) => {
  const reviewer = await makeUser({ role: 'customer', subscribed: true, location: 'Portland, OR' });
  const designer = (specialties: string[], base_rate: number) =>
    makeUser({
      role: 'designer',
      subscribed: true,
      designerProfile: { specialties, base_rate, location: 'Portland, OR' },
    });
  const [match, dear, lowRated, otherStyle, unreviewed] = await Promise.all([
    designer(['Scandinavian', 'Mid-Century Modern'], 45),
    designer(['Mid-Century Modern'], 75),
    designer(['Mid-Century Modern'], 40),
    designer(['Industrial'], 40),
    designer(['Mid-Century Modern'], 40),
  ]);
  // Reviews are of completed projects (service role: the lifecycle itself is tested in project-lifecycle.spec.ts).
  await Promise.all(
    [
      [match, 5],
      [match, 4],
      [dear, 5],
      [lowRated, 3],
      [otherStyle, 5],
    ].map(([who, rating]) => review(reviewer, who as TestUser, rating as number)),
  );

  await signInBrowser(page, reviewer);
  await page.goto('/browse-designers');
  await page.getByLabel('Style').selectOption({ label: 'Mid-Century Modern' });
  await page.getByLabel('Max rate ($)').fill('60');
  await page.getByLabel('Max rate ($)').press('Enter');
  await page.getByLabel('Rating').selectOption({ label: '4+ stars' });
  await expect(page).toHaveURL(/style=midcentury/);
  await expect(page).toHaveURL(/max=60/);
  await expect(page).toHaveURL(/rating=4(&|$)/);

  const cards = page.getByTestId('designer-card');
  const nameOf = (user: TestUser) => fullName(user);
  await expect(cards.filter({ hasText: await nameOf(match) })).toBeVisible();
  for (const other of [dear, lowRated, otherStyle, unreviewed])
    await expect(cards.filter({ hasText: await nameOf(other) })).toHaveCount(0);
  // Every designer shown fits, whoever else is in the directory (the seed's, other journeys').
  const ids = await cards
    .getByRole('link', { name: /^View Profile of / })
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!.split('/').pop()!));
  expect(ids).toContain(match.id);
  const [profiles, ratings] = await Promise.all([
    ok(admin.from('designer_profiles').select('user_id, specialties, base_rate').in('user_id', ids)),
    ok(admin.from('reviews').select('designer_id, rating').in('designer_id', ids).is('hidden_at', null)),
  ]);
  for (const profile of profiles) {
    const own = ratings.filter((r) => r.designer_id === profile.user_id).map((r) => r.rating);
    expect(profile.specialties).toContain('Mid-Century Modern');
    expect(Number(profile.base_rate)).toBeLessThanOrEqual(60);
    expect(own.reduce((sum, r) => sum + r, 0) / own.length).toBeGreaterThanOrEqual(4);
  }

  // A shared link shows the same list.
  await page.reload();
  await expect(page.getByLabel('Style')).toHaveValue('midcentury');
  await expect(page.getByLabel('Max rate ($)')).toHaveValue('60');
  await expect(page.getByLabel('Rating')).toHaveValue('4');
  await expect(cards.filter({ hasText: await nameOf(match) })).toBeVisible();
  await expect(cards.filter({ hasText: await nameOf(dear) })).toHaveCount(0);
});

/** A completed project of `customer` with `designer`, reviewed with `rating`. */
async function review(customer: TestUser, designer: TestUser, rating: number): Promise<void> {
  const project = await createProject(customer);
  for (const status of ['active', 'completed'] as const)
    await ok(admin.from('projects').update({ status, designer_id: designer.id }).eq('id', project.id).select('id'));
  await ok(
    admin
      .from('reviews')
      .insert({ project_id: project.id, designer_id: designer.id, client_id: customer.id, rating })
      .select('id'),
  );
}

test("a subscribed device's push for a countered offer reaches the push endpoint, decrypted, with the title and link", async ({
  browser,
  makeUser,
}) => {
  const [buyer, seller] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
  ]);
  const piece = `Teak sideboard ${randomUUID().slice(0, 6)}`;
  const pieceId = await listAs(seller, piece, 220, 'cabinet');

  // The buyer turns push on for this browser in Settings (the permission asked only on the click). Push needs the
  // app's service worker, which the journeys block unless they are about it (playwright.config.ts).
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await usePushDevice(context, page);
  await signInBrowser(page, buyer);
  await page.goto('/settings');
  const push = page.getByRole('switch', { name: 'Push notifications on this device' });
  await expect(push).toBeEnabled();
  await expect(push).not.toBeChecked();
  await push.click();
  await expect(push).toBeChecked();

  // An offer, and the seller's counter (the offers' pages are market.spec.ts's).
  await ok((await clientAs(buyer)).rpc('make_offer', { item_id: pieceId, amount: 180 }));
  const offer = await ok(admin.from('offers').select('id').eq('catalog_item_id', pieceId).single());
  await ok(
    (await clientAs(seller)).rpc('respond_to_offer', { offer_id: offer.id, action: 'counter', counter_amount: 200 }),
  );

  const title = `${await fullName(seller)} countered your offer on "${piece}" with $200`;
  await expect
    .poll(async () => (await pushesTo(page)).map((m) => m.json), { message: 'the push to the device' })
    .toContainEqual(expect.objectContaining({ title, link: `/good-stuff/${pieceId}` }));
});
