import { randomUUID } from 'node:crypto';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import { clientAs, ok } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { pageAs } from './support/market.ts';
import { expect, test } from './support/test.ts';

// The operator console's guard (docs/trust-and-safety.md, Operators). An operator's work in the console, from the
// queue to the audit log, is the journey in report-to-suspension.spec.ts.

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

// An operator decides a dispute on a funded milestone from the console (docs/trust-and-safety.md, The console):
// the parties' steps go through the API as they would from the project page (their journey is the lead's), the
// operator's through the pages. Axe checks the queue, the dispute and its form on the way.
test('an operator splits a disputed milestone between the customer and the designer', async ({ browser, makeUser }) => {
  const [customer, designer, operator] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', operator: true }),
  ]);
  const project = await createProject(customer, { title: `Kitchen refresh ${randomUUID().slice(0, 8)}` });
  const bid = await ok(
    admin
      .from('project_bids')
      .insert({
        project_id: project.id,
        designer_id: designer.id,
        bid_amount: 600,
        proposal: 'Warm oak, open shelves.',
        milestones: [
          { title: 'Concept boards', amount: 400 },
          { title: 'Final plan', amount: 200 },
        ],
      })
      .select('id')
      .single(),
  );
  const c = await clientAs(customer);
  await ok(c.rpc('accept_bid', { bid_id: bid.id }));
  const [first] = await ok(
    c.from('project_milestones').select('id').eq('project_id', project.id).order('position').limit(1),
  );
  // The customer funds it in the sandbox, then disputes it and gives their statement.
  const funding = await ok(
    c.functions.invoke<{ paymentId: string }>('fund-milestone', { body: { milestoneId: first!.id } }),
  );
  await ok(c.functions.invoke('sandbox-milestone', { body: { action: 'pay', payment: funding.paymentId } }));
  const dispute = await ok(
    c.rpc('open_milestone_dispute', { milestone_id: first!.id, reason: 'The boards ignore the oak we agreed on.' }),
  );
  await ok(c.rpc('add_dispute_statement', { dispute_id: dispute.id, body: 'We asked for oak three times.' }));
  const [customerName, designerName] = await Promise.all([fullName(customer), fullName(designer)]);

  const page = await pageAs(browser, operator);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Disputes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Disputes' })).toBeVisible();
  const row = page.getByRole('listitem', { name: `${project.title}: Concept boards` });
  await expect(row.getByText('$400 held of $400')).toBeVisible();
  await expect(row.getByText(/^1 statement of 2 · due/)).toBeVisible();
  await expectNoAxeViolations(page);

  await row.getByRole('link', { name: `${project.title}: Concept boards` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Dispute: ${project.title}, Concept boards` }),
  ).toBeVisible();
  await expect(page.getByText('We asked for oak three times.')).toBeVisible();
  const form = page.getByRole('form', { name: 'Decide' });
  await expect(form.getByText('To split: $400.')).toBeVisible();
  await expectNoAxeViolations(page);
  await form.getByLabel('Refund to the customer').fill('150');
  await expect(form.getByLabel('Release to the designer')).toHaveValue('250.00');
  await form.getByLabel('Reason').fill('Two of the boards use the agreed oak.');
  await form.getByRole('button', { name: 'Decide and move the money' }).click();

  const decision = page.getByRole('region', { name: 'Decision' });
  await expect(
    decision.getByText(`Refunded $150 to ${customerName} and released $250 to ${designerName}.`),
  ).toBeVisible();
  await expect(
    page
      .getByRole('region', { name: 'Milestone 1: Concept boards' })
      .getByRole('definition')
      .filter({ hasText: /^Released$/ }),
  ).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
  const line = page
    .getByRole('listitem', { name: 'Decided a dispute · Project' })
    .filter({ hasText: 'Two of the boards use the agreed oak.' });
  await expect(line).toBeVisible();

  // The designer's history in the console lists the dispute, linked back to it.
  await line.getByRole('link', { name: 'The person and their history' }).click();
  const disputes = page.getByRole('region', { name: designerName }).getByRole('list', { name: 'Disputes' });
  await expect(disputes.getByRole('listitem')).toHaveText([/^Dispute on Concept boards \(as designer\) · Decided · /]);
});
