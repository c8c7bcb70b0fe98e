import { randomUUID } from 'node:crypto';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageAs } from './support/market.ts';
import { asDatabaseOwner, clientAs, ok } from './support/api.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * The design fee paid through Good Space (docs/payments.md, "Design fee milestones"), customer and designer side
 * by side in real Chromium against the stack and its payment sandbox: a bid split into two milestones; the first
 * funded, submitted with a photo, sent back for changes, submitted again and released, the payout waiting for the
 * designer's Get paid; the second funded, submitted and left until its automatic release pays it (time moved
 * forward, not waited); Mark as Complete refused while money is held; another project's milestone disputed and
 * split 40/60 by an operator in the console.
 */

// A 1×1 PNG: real image bytes (the browser turns it into WebP before the upload).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SANDBOX_NOTICE = 'Sandbox: no real payment is made';
const MILESTONES = '#milestones';

type Ledger = { kind: string; amount: number; status: string; provider_id: string | null; reason: string };

async function ledgerOf(milestoneId: string): Promise<Ledger[]> {
  const { data, error } = await admin
    .from('milestone_payments')
    .select('kind, amount, status, provider_id, reason')
    .eq('milestone_id', milestoneId)
    .order('created_at');
  if (error) throw error;
  return (data as Ledger[]).map((row) => ({ ...row, amount: Number(row.amount) }));
}

async function milestoneIds(projectId: string): Promise<string[]> {
  const rows = await ok(admin.from('project_milestones').select('id').eq('project_id', projectId).order('position'));
  return (rows as { id: string }[]).map((row) => row.id);
}

/** A milestone on the project page: its article (named by its title) and its state badge. */
function milestone(page: Page, title: string) {
  const article = page.locator(MILESTONES).getByRole('article', { name: title });
  return { article, state: article.locator('[data-slot="badge"]').first() };
}

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Fund milestone → the sandbox's payment page → Pay → back on the project, Funded. */
async function fund(page: Page, projectId: string, title: string, amount: string, { axe = false } = {}) {
  const { article, state } = milestone(page, title);
  await article.getByRole('button', { name: 'Fund milestone' }).click();
  await expect(page).toHaveURL(/\/sandbox\/fund\?payment=[0-9a-f-]{36}$/);
  await expect(page.getByRole('note', { name: 'Sandbox notice' })).toContainText(SANDBOX_NOTICE);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(amount);
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (axe) await expectNoAxeViolations(page);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${projectId}\\?funded=[0-9a-f-]{36}$`));
  await expect(state).toHaveText('Funded');
}

/** The designer submits a milestone with a note (and photos). */
async function submit(page: Page, title: string, note: string, photos: { name: string; buffer: Buffer }[] = []) {
  await milestone(page, title).article.getByRole('button', { name: 'Submit milestone' }).click();
  const dialog = page.getByRole('dialog', { name: `Submit “${title}”` });
  await dialog.getByLabel('What you delivered').fill(note);
  if (photos.length > 0) {
    await dialog.getByLabel(/^Photos/).setInputFiles(photos.map((photo) => ({ ...photo, mimeType: 'image/png' })));
  }
  await dialog.getByRole('button', { name: 'Submit milestone' }).click();
  await expect(dialog).toHaveCount(0);
}

test('the design fee through milestones: fund, changes, release, automatic release, and a dispute split 40/60', async ({
  browser,
  makeUser,
}) => {
  const [customer, designer, operator] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', operator: true }),
  ]);
  const [customerName, designerName] = await Promise.all([fullName(customer), fullName(designer)]);
  const suffix = randomUUID().slice(0, 6);
  // Posting a project through its form is project-lifecycle.spec.ts's journey.
  const project = await createProject(customer, { title: `Reading nook ${suffix}` });
  const c = await pageAs(browser, customer);
  const d = await pageAs(browser, designer);

  // --- The designer bids $900, split into two milestones.
  await d.goto(`/project/${project.id}`);
  await d.getByRole('button', { name: 'Place Bid' }).click();
  const bidForm = d.getByRole('dialog', { name: 'Submit Your Bid' });
  await bidForm.getByLabel('Bid Amount ($)').fill('900');
  await bidForm.getByLabel('Your Proposal').fill('Mood boards first, then sourcing and styling the nook.');
  await bidForm.getByLabel('Split into milestones').check();
  await bidForm.getByLabel('Milestone 1 title').fill('Concept boards');
  await bidForm.getByLabel('Milestone 1 amount ($)').fill('400');
  await bidForm.getByLabel('Milestone 2 title').fill('Sourcing and styling');
  await bidForm.getByLabel('Milestone 2 amount ($)').fill('500');
  await expect(bidForm.getByText('Milestones total $900 of $900')).toBeVisible();
  await bidForm.getByRole('button', { name: 'Submit Bid' }).click();
  await expect(toast(d, 'Bid submitted!')).toBeVisible();

  // --- The customer compares bids (each with its milestones) and accepts.
  await c.goto(`/project/${project.id}`);
  const plan = c.getByRole('list', { name: `Milestones of the bid from ${designerName}` });
  await expect(plan.getByRole('listitem')).toHaveText([
    /^1\. Concept boards\s*\$400$/,
    /^2\. Sourcing and styling\s*\$500$/,
  ]);
  await c.getByRole('button', { name: `Accept bid from ${designerName}` }).click();
  await expect(c.locator('[data-status="active"]')).toHaveText('Status: Active');
  const boards = milestone(c, 'Concept boards');
  const styling = milestone(c, 'Sourcing and styling');
  await expect(boards.state).toHaveText('Not funded');
  await expect(styling.state).toHaveText('Not funded');
  // Milestones are funded in order: only the first can be funded.
  await expect(styling.article.getByRole('button', { name: 'Fund milestone' })).toHaveCount(0);
  await expect(c.getByTestId('design-fee-totals')).toContainText('Design fee$900');
  await expectNoAxeViolations(c, MILESTONES);

  // --- The customer funds the first in the sandbox; the designer's open page shows it Funded.
  await d.goto(`/project/${project.id}`);
  const dBoards = milestone(d, 'Concept boards');
  await expect(dBoards.state).toHaveText('Not funded');
  await fund(c, project.id, 'Concept boards', '$400', { axe: true });
  await expect(dBoards.state).toHaveText('Funded');
  await expect(dBoards.article).toContainText('Funded: Good Space holds the payment.');

  // --- Submitted with a note and a photo; the customer asks for changes; submitted again; released.
  await submit(d, 'Concept boards', 'Three boards: warm oak, linen and brass.', [{ name: 'board.png', buffer: PNG }]);
  await expect(boards.state).toHaveText('Submitted');
  await expect(boards.article).toContainText('Three boards: warm oak, linen and brass.');
  await expect(boards.article.getByRole('img', { name: 'Submission of Concept boards, 1 of 1' })).toBeVisible();
  await expectNoAxeViolations(c, MILESTONES);
  await boards.article.getByRole('button', { name: 'Request changes' }).click();
  const changes = c.getByRole('dialog', { name: 'Request changes to “Concept boards”' });
  await changes.getByLabel('What should change').fill('Less brass, more green please.');
  await changes.getByRole('button', { name: 'Request changes' }).click();
  await expect(dBoards.state).toHaveText('Changes requested');
  await expect(dBoards.article).toContainText('Less brass, more green please.');
  await submit(d, 'Concept boards', 'Brass swapped for olive and sage.');
  await expect(boards.state).toHaveText('Submitted');
  await expect(boards.article).toContainText('Brass swapped for olive and sage.');
  await boards.article.getByRole('button', { name: 'Release payment' }).click();
  await c
    .getByRole('dialog', { name: 'Release “Concept boards”?' })
    .getByRole('button', { name: 'Release payment' })
    .click();
  await expect(boards.state).toHaveText('Released');
  await expect(dBoards.state).toHaveText('Released');

  // --- Without Get paid the payout waits (On the way); Get paid in the sandbox, and the minute job pays it.
  const payouts = d.locator(MILESTONES).getByTestId('milestone-payment').filter({ hasText: 'Payout to the designer' });
  await expect(payouts).toHaveText([/\$400.*Pending \(waiting for the designer’s Get paid setup or the bank\)/]);
  await d.goto('/settings');
  const earnings = d.getByRole('region', { name: 'Earnings' });
  await expect(earnings.getByRole('definition')).toHaveText(['$0', '$400', '$0']);
  const getPaid = d.getByRole('region', { name: 'Get paid' });
  await getPaid.getByRole('button', { name: 'Get paid' }).click();
  await expect(d).toHaveURL('/sandbox/connect');
  await d.getByRole('button', { name: 'Finish onboarding' }).click();
  await expect(d).toHaveURL('/settings?payouts=return');
  await expect(getPaid).toContainText('Payouts enabled');
  await d.goto(`/project/${project.id}`);
  await expect(payouts).toHaveText([/\$400.*Done$/]);
  await d.goto('/dashboard/designer');
  await expect(d.getByRole('region', { name: 'Earnings' }).getByRole('definition')).toHaveText(['$400', '$0', '$0']);
  const [boardsId, stylingId] = await milestoneIds(project.id);
  expect((await ledgerOf(boardsId!)).filter((row) => row.kind === 'transfer')).toEqual([
    {
      kind: 'transfer',
      amount: 400,
      status: 'succeeded',
      provider_id: expect.stringMatching(/^tr_sandbox_/),
      reason: 'release',
    },
  ]);

  // --- The second milestone: funded, submitted, left. Mark as Complete waits, saying why.
  await fund(c, project.id, 'Sourcing and styling', '$500');
  await d.goto(`/project/${project.id}`);
  await submit(d, 'Sourcing and styling', 'Sofa, rug and lamps in place.');
  await expect(styling.state).toHaveText('Submitted');
  await expect(styling.article).toContainText('It is released to the designer automatically on');
  const complete = c.getByRole('button', { name: 'Mark as Complete' });
  await expect(complete).toBeDisabled();
  await expect(complete).toHaveAccessibleDescription(
    'Release or settle every funded milestone before marking the project complete.',
  );

  // --- Fourteen days pass (moved, not waited): the automatic release pays the designer.
  await asDatabaseOwner((db) =>
    db.query(`update public.project_milestones set auto_release_at = now() - interval '1 minute' where id = $1`, [
      stylingId,
    ]),
  );
  const dStyling = milestone(d, 'Sourcing and styling');
  await expect(dStyling.state).toHaveText('Released');
  await expect(payouts.filter({ hasText: '$500' })).toContainText('Done');
  await expect(styling.state).toHaveText('Released');
  expect((await ledgerOf(stylingId!)).filter((row) => row.kind === 'transfer')).toEqual([
    {
      kind: 'transfer',
      amount: 500,
      status: 'succeeded',
      provider_id: expect.stringMatching(/^tr_sandbox_/),
      reason: 'auto_release',
    },
  ]);

  // --- Nothing is held now: the project can be completed.
  await expect(complete).toBeEnabled();
  await complete.click();
  await c
    .getByRole('dialog', { name: 'Complete this project' })
    .getByRole('button', { name: 'Mark as Complete' })
    .click();
  await expect(c.getByRole('dialog', { name: 'Rate Your Designer' })).toBeVisible();
  await c.keyboard.press('Escape');
  await expect(c.locator('[data-status="completed"]')).toHaveText('Status: Completed');

  // --- Another project, arranged through the API as above (a one-milestone bid, accepted and funded in the
  //     sandbox); the customer disputes the milestone and both give their statement on the project page.
  const other = await createProject(customer, { title: `Guest room ${suffix}` });
  const bid = await ok(
    admin
      .from('project_bids')
      .insert({ project_id: other.id, designer_id: designer.id, bid_amount: 250, proposal: 'A styling day.' })
      .select('id')
      .single(),
  );
  const cApi = await clientAs(customer);
  await ok(cApi.rpc('accept_bid', { bid_id: bid.id }));
  const [dayId] = await milestoneIds(other.id);
  const funding = await ok(
    cApi.functions.invoke<{ paymentId: string }>('fund-milestone', { body: { milestoneId: dayId } }),
  );
  await ok(cApi.functions.invoke('sandbox-milestone', { body: { action: 'pay', payment: funding.paymentId } }));

  await c.goto(`/project/${other.id}`);
  await d.goto(`/project/${other.id}`);
  const day = milestone(c, 'Design work');
  const dDay = milestone(d, 'Design work');
  await expect(day.state).toHaveText('Funded');
  await day.article.getByRole('button', { name: 'Open dispute' }).click();
  const opening = c.getByRole('dialog', { name: 'Open a dispute about “Design work”' });
  await opening.getByLabel('Why you open a dispute').fill('The styling day never happened.');
  await opening.getByRole('button', { name: 'Open dispute' }).click();
  await expect(day.state).toHaveText('Disputed');
  await day.article.getByRole('button', { name: 'Add statement' }).click();
  const cStatement = c.getByRole('dialog', { name: 'Add your statement' });
  await cStatement.getByLabel('Your statement').fill('We waited all Saturday.');
  await cStatement.getByRole('button', { name: 'Add statement' }).click();
  await expect(dDay.state).toHaveText('Disputed');
  await expect(dDay.article).toContainText('A dispute was opened by the customer');
  await expect(dDay.article).toContainText('We waited all Saturday.');
  await dDay.article.getByRole('button', { name: 'Add statement' }).click();
  const dStatement = d.getByRole('dialog', { name: 'Add your statement' });
  await dStatement.getByLabel('Your statement').fill('I came on Sunday, as we agreed, and did most of it.');
  await dStatement.getByRole('button', { name: 'Add statement' }).click();
  await expect(day.article).toContainText('I came on Sunday, as we agreed, and did most of it.');
  await expectNoAxeViolations(c, MILESTONES);

  // --- The operator splits it 40/60 in the console (its pages in detail: admin-console.spec.ts).
  const o = await pageAs(browser, operator);
  await o.goto('/admin/disputes');
  await o.getByRole('link', { name: `${other.title}: Design work` }).click();
  const form = o.getByRole('form', { name: 'Decide' });
  await expect(form.getByText('To split: $250.')).toBeVisible();
  await form.getByLabel('Refund to the customer').fill('100');
  await expect(form.getByLabel('Release to the designer')).toHaveValue('150.00');
  await form.getByLabel('Reason').fill('Most of the work was done, a day late.');
  await form.getByRole('button', { name: 'Decide and move the money' }).click();
  await expect(
    o
      .getByRole('region', { name: 'Decision' })
      .getByText(`Refunded $100 to ${customerName} and released $150 to ${designerName}.`),
  ).toBeVisible();

  // --- Both parties see the split on the project page; the refund and the payout are made.
  for (const page of [c, d]) {
    const decision = milestone(page, 'Design work')
      .article.getByRole('status')
      .filter({ hasText: 'Good Space decided' });
    await expect(decision).toContainText('$100 refunded to the customer, $150 released to the designer.');
    await expect(decision).toContainText('Most of the work was done, a day late.');
  }
  await expect(day.state).toHaveText('Released');
  const settled = (await ledgerOf(dayId!)).filter((row) => row.kind !== 'charge');
  expect(settled).toEqual(
    expect.arrayContaining([
      {
        kind: 'refund',
        amount: 100,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^re_sandbox_/),
        reason: 'dispute',
      },
      {
        kind: 'transfer',
        amount: 150,
        status: 'succeeded',
        provider_id: expect.stringMatching(/^tr_sandbox_/),
        reason: 'dispute',
      },
    ]),
  );
  expect(settled).toHaveLength(2);
});
