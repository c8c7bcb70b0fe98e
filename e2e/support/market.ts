import type { Browser, Page } from '@playwright/test';
import { admin } from '../designers-fixtures.ts';
import { signInBrowser, type TestUser } from './users.ts';

/** A signed-in page in a browser context of its own: two people at once, as in real life. */
export async function pageAs(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInBrowser(page, user);
  return page;
}

/** A Good Stuff piece listed by `seller` straight through the API (the journeys list through the form elsewhere). */
export async function listPiece(
  seller: TestUser,
  title: string,
  price: number,
  {
    category = 'table',
    description = 'Solid teak, from a 1960s Danish living room.',
  }: { category?: string; description?: string } = {},
): Promise<string> {
  const { data, error } = await admin
    .from('catalog_items')
    .insert({
      designer_id: seller.id,
      title,
      description,
      category,
      price,
      condition: 'good',
      location: 'Portland, OR',
      width_in: 20,
      depth_in: 20,
      height_in: 22,
    })
    .select('id')
    .single();
  if (error) throw error;
  return data.id;
}

/**
 * Whether `page`'s realtime feed named `channel` (e.g. `order:<id>`) is listening to the database yet: the server's
 * "Subscribed to PostgreSQL" message for it has arrived. Call before the page opens the feed; poll the answer.
 * A change made by someone else (a webhook, the database's job) right after a page loads must wait for it: one
 * made before the feed listens is never delivered, and the page's catch-up read may have run before it.
 */
export function watchLiveFeed(page: Page, channel: string): () => boolean {
  let live = false;
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      const text = String(payload);
      if (text.includes(`"realtime:${channel}"`) && text.includes('Subscribed to PostgreSQL')) live = true;
    }),
  );
  return () => live;
}
