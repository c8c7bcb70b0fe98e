import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import ws from 'ws';
import { DEFAULT_PUBLISHABLE_KEY } from '@good-space/local-supabase';
import { E2E_API_URL } from './stack-ports.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { listPiece, pageAs } from './support/market.ts';
import type { TestUser } from './support/users.ts';
import { expect, test } from './support/test.ts';

/** `reporter` reports a piece through the API, as the Report dialog does. */
async function reportPiece(reporter: TestUser, pieceId: string, details: string): Promise<void> {
  const client = createClient(E2E_API_URL, DEFAULT_PUBLISHABLE_KEY, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${reporter.session.access_token}` } },
    // Node 20 has no global WebSocket: supabase-js needs ws for realtime there.
    realtime: { transport: ws as unknown as NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport'] },
  });
  const { error } = await client
    .from('reports')
    .insert({ subject_kind: 'piece', subject_id: pieceId, reason: 'not_as_described', details });
  if (error) throw new Error(JSON.stringify(error));
}

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

test('an operator opens a reported piece from the queue, hides it with a reason, and finds it in the audit log', async ({
  browser,
  makeUser,
}) => {
  const seller = await makeUser({ role: 'designer' });
  const reporter = await makeUser({ role: 'customer' });
  const operator = await makeUser({ role: 'customer', operator: true });
  const title = `Cracked teak stool ${randomUUID().slice(0, 8)}`;
  const pieceId = await listPiece(seller, title, 120);
  await reportPiece(reporter, pieceId, 'The top has a long crack the photos hide.');

  const page = await pageAs(browser, operator);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = page.getByRole('listitem', { name: title });
  await expect(row).toContainText('Reported by 1 person');
  await expect(row.getByText('Not as described')).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Piece: ${title}` })).toBeVisible();
  const reports = page.getByRole('region', { name: 'Reports' });
  await expect(reports).toContainText('The top has a long crack the photos hide.');
  await expect(page.getByRole('link', { name: 'Open it in Good Space' })).toHaveAttribute(
    'href',
    `/good-stuff/${pieceId}`,
  );
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this piece?' });
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please give a reason');
  await expectNoAxeViolations(page);
  const reason = `Misleading photos ${randomUUID().slice(0, 8)}`;
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('The piece is hidden.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  // Read again: hidden, its report acted on, and Restore offered in Hide's place.
  await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'What was reported' }).getByText('Hidden')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dismiss' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Back to the reports' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: title })).toHaveCount(0);

  // The audit log on a phone: the line says who, what, when and why.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const line = page.getByRole('listitem').filter({ hasText: reason });
  await expect(line).toHaveAccessibleName('Hid · Piece');
  // support/users.ts names a user after the suffix of their address: E2E customer <suffix>.
  await expect(line).toContainText(`E2E customer ${/^e2e-customer-(\w+)@/.exec(operator.email)?.[1]}`);
  await expect(line.getByRole('link', { name: 'The piece' })).toHaveAttribute(
    'href',
    `/admin/subject/piece/${pieceId}`,
  );
  await expect(page.getByRole('button', { name: /edit|delete/i })).toHaveCount(0);
  await expectNoAxeViolations(page);
});
