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
export async function listPiece(seller: TestUser, title: string, price: number): Promise<string> {
  const { data, error } = await admin
    .from('catalog_items')
    .insert({
      designer_id: seller.id,
      title,
      description: 'Solid teak, from a 1960s Danish living room.',
      category: 'table',
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
