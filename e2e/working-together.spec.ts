import { randomUUID } from 'node:crypto';
import { admin, createProject, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { clientAs, ok } from './support/api.ts';
import { listPiece, pageAs } from './support/market.ts';
import { joinPrivateChannel } from './support/realtime.ts';
import { readObject } from './support/storage.ts';
import { expect, test, type Page } from './support/test.ts';

/**
 * Working together on a room (docs/working-together.md), the designer and the customer of an active hard-cap project
 * side by side in two browsers against the stack: a message with two photos, seen live and opened in the viewer;
 * 'Seen', 'typing…' and the online dot over Realtime's private channel; the selection board with a Good Stuff lamp
 * and an outside find, the lamp approved into the items and the tracker, the find declined with a reason, a proposal
 * past the hard cap refused with the cap message. Someone outside the project can neither join its channel nor read
 * its photos.
 */

// A 1×1 PNG and a 2×1 one: real image bytes (the browser prepares them as it prepares listing photos).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PNG_WIDE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGM4UaEBRAALHwLRSy4OHgAAAABJRU5ErkJggg==',
  'base64',
);
// The conversation's card: the one holding the messages (with its composer and status).
const MESSAGES = '[data-slot="card"]:has([data-testid="message"])';
const BOARD = '#board';
const BUDGET = 2500;
// The database's sentence for an item past a hard cap (check_item_budget), which approval repeats.
const CAP_MESSAGE = `Cannot add item: Would exceed hard budget cap of $${BUDGET}`;

// Toasts are waited for where an action shows one, so axe (which waits until they have gone) never runs just
// before one appears.
function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** The project's conversation on its page. */
function conversation(page: Page) {
  return page.getByRole('list', { name: 'Messages' });
}

/** A proposal on the selection board: its card (an article named by its title) and its status. */
function proposal(page: Page, title: string) {
  const card = page.locator(BOARD).getByRole('article', { name: title });
  // The status is the badge beside the title.
  return { card, status: card.locator('h3 + span') };
}

/** The items on the project's Items & Budget card. */
function items(page: Page) {
  return page.getByTestId('project-item');
}

test('working together: photos in messages, Seen, typing and online, and a selection board within a hard cap', async ({
  browser,
  makeUser,
}) => {
  const [customer, designer, seller, outsider] = await Promise.all([
    makeUser({ role: 'customer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'designer', subscribed: true }),
    makeUser({ role: 'customer', subscribed: true }),
  ]);
  const [customerName, designerName] = await Promise.all([fullName(customer), fullName(designer)]);
  const suffix = randomUUID().slice(0, 6);
  const lamp = `Brass floor lamp ${suffix}`;
  const find = `Rattan side table ${suffix}`;
  const armchair = `Velvet armchair ${suffix}`;
  const lampId = await listPiece(seller, lamp, 510, {
    category: 'lighting',
    description: 'A 1970s brass floor lamp with a linen shade.',
  });

  // --- An active project with a hard cap of $2,500: the designer's bid accepted (bidding is project-lifecycle's
  //     journey), a rug already bought for $1,800.
  const project = await createProject(customer, {
    title: `Reading corner ${suffix}`,
    budget: BUDGET,
    budget_type: 'hard',
  });
  const bid = await ok(
    admin
      .from('project_bids')
      .insert({
        project_id: project.id,
        designer_id: designer.id,
        bid_amount: 900,
        estimated_days: 21,
        proposal: 'A warm reading corner from thrifted finds.',
      })
      .select('id')
      .single(),
  );
  const cApi = await clientAs(customer);
  const dApi = await clientAs(designer);
  const outsiderApi = await clientAs(outsider);
  await ok(cApi.rpc('accept_bid', { bid_id: (bid as { id: string }).id }));
  await ok(
    cApi.from('project_items').insert({ project_id: project.id, added_by: customer.id, name: 'Wool rug', cost: 1800 }),
  );

  const c = await pageAs(browser, customer);
  const d = await pageAs(browser, designer);
  await Promise.all([c.goto(`/project/${project.id}`), d.goto(`/project/${project.id}`)]);
  await expect(c.locator('[data-status="active"]')).toHaveText('Status: Active');
  await expect(d.locator('[data-status="active"]')).toHaveText('Status: Active');
  // The accepted bid stays on the page for both (designer, amount, estimated days, proposal).
  for (const page of [c, d]) {
    const accepted = page.getByRole('region', { name: 'Accepted bid' });
    await expect(accepted.getByRole('definition')).toHaveText([
      new RegExp(`^${designerName}`),
      '$900',
      '21 days',
      'A warm reading corner from thrifted finds.',
    ]);
  }

  // ---------------------------------------------------------------------------------------------------------
  // 1. Messages: two photos, seen live, the viewer; Seen, typing… and the online dot.
  // ---------------------------------------------------------------------------------------------------------
  // Both open the conversation: each sees the other online (presence on the project's private channel).
  // Until one of them has written, each names the other by their part in the project.
  await expect(d.getByTestId('online-status')).toHaveText('Your client is online');
  await expect(c.getByTestId('online-status')).toHaveText('Your designer is online');

  await d.getByLabel('Message', { exact: true }).fill('Two options for the corner: which one?');
  await d.getByLabel('Add photos').setInputFiles([
    { name: 'corner-1.png', mimeType: 'image/png', buffer: PNG },
    { name: 'corner-2.png', mimeType: 'image/png', buffer: PNG_WIDE },
  ]);
  await expect(d.getByRole('list', { name: 'Photos to send' }).getByRole('listitem')).toHaveCount(2);
  await d.getByRole('button', { name: 'Send' }).click();
  const dSent = conversation(d).getByTestId('message').filter({ hasText: 'Two options for the corner: which one?' });
  await expect(dSent.getByRole('list', { name: 'Your photos' }).getByRole('img')).toHaveCount(2);

  // The customer's open page shows the message live, with both photos.
  const cReceived = conversation(c)
    .getByTestId('message')
    .filter({ hasText: 'Two options for the corner: which one?' });
  const cPhotos = cReceived.getByRole('list', { name: `Photos from ${designerName}` });
  await expect(cPhotos.getByRole('img')).toHaveCount(2);
  // Now that the designer has written, the customer's page names them.
  await expect(c.getByTestId('online-status')).toHaveText(`${designerName} is online`);
  await expectNoAxeViolations(c, MESSAGES);

  // The viewer: the first photo, the arrow key to the second, Escape back to the thread.
  await cPhotos.getByRole('button', { name: `Photos from ${designerName}, 1 of 2` }).click();
  const viewer = c.getByRole('dialog', { name: `Photos from ${designerName}` });
  await expect(viewer.getByText('1 of 2')).toBeVisible();
  await expect(viewer.getByRole('img', { name: `Photos from ${designerName}, 1 of 2` })).toBeVisible();
  await expectNoAxeViolations(c);
  await c.keyboard.press('ArrowRight');
  await expect(viewer.getByText('2 of 2')).toBeVisible();
  await expect(viewer.getByRole('img', { name: `Photos from ${designerName}, 2 of 2` })).toBeVisible();
  await c.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);
  // Focus is back on the thumbnail that opened the viewer.
  await expect(cPhotos.getByRole('button', { name: `Photos from ${designerName}, 1 of 2` })).toBeFocused();

  // The customer has read it: the designer sees Seen under their message.
  await expect(conversation(d).getByText('Seen')).toBeVisible();

  // While the customer types, the designer sees it; sending ends it.
  const cComposer = c.getByLabel('Message', { exact: true });
  await cComposer.pressSequentially('The second, I think', { delay: 50 });
  const typing = d.getByText('Your client is typing…');
  await expect(typing).toBeVisible();
  await cComposer.press('Enter');
  await expect(conversation(d).getByTestId('message').filter({ hasText: 'The second, I think' })).toBeVisible();
  await expect(typing).toHaveCount(0);
  await expect(d.getByTestId('online-status')).toHaveText(`${customerName} is online`);

  // The photos are the conversation's: the designer's message carries two paths in the private bucket.
  const sent = await ok(
    admin.from('messages').select('photos').eq('project_id', project.id).eq('sender_id', designer.id),
  );
  const paths = (sent as { photos: string[] }[]).flatMap((row) => row.photos);
  expect(paths).toEqual([
    expect.stringMatching(new RegExp(`^project/${project.id}/[^/]+\\.(webp|png)$`)),
    expect.stringMatching(new RegExp(`^project/${project.id}/[^/]+\\.(webp|png)$`)),
  ]);

  // ---------------------------------------------------------------------------------------------------------
  // 2. The selection board: a Good Stuff lamp and an outside find.
  // ---------------------------------------------------------------------------------------------------------
  const dBoard = d.locator(BOARD);
  await dBoard.getByRole('button', { name: 'Propose a piece' }).click();
  let form = d.getByRole('dialog', { name: 'Propose a piece' });
  await form.getByRole('radio', { name: 'A Good Stuff piece' }).check();
  await form.getByLabel('Search Good Stuff').fill(lamp);
  await form.getByRole('radio', { name: new RegExp(lamp) }).check();
  await form.getByLabel('Room').fill('Reading corner');
  await form.getByLabel(/^Note for your client/).fill('By the reading chair, on the left.');
  await form.getByRole('button', { name: 'Propose' }).click();
  await expect(form).toHaveCount(0);
  await expect(toast(d, 'Proposed. Your client is told.')).toBeVisible();
  await expect(proposal(d, lamp).status).toHaveText('Proposed');
  // (axe waits until the toast has gone, so the next proposal's toast is the only one.)
  await expectNoAxeViolations(d, BOARD);

  await dBoard.getByRole('button', { name: 'Propose a piece' }).click();
  form = d.getByRole('dialog', { name: 'Propose a piece' });
  await form.getByRole('radio', { name: 'An outside find' }).check();
  await form.getByLabel(/^Photo/).setInputFiles([{ name: 'table.png', mimeType: 'image/png', buffer: PNG }]);
  await form.getByLabel('Title').fill(find);
  await form.getByLabel('Price ($)').fill('40');
  await form.getByLabel(/^Store/).fill('Goodwill on Division');
  await form.getByLabel(/^Dimensions/).fill('18 × 18 × 24 in');
  await form.getByLabel('Room').fill('Living room');
  await form.getByLabel(/^Note for your client/).fill('Found this at the Goodwill on Division, $40, yes?');
  await form.getByRole('button', { name: 'Propose' }).click();
  await expect(form).toHaveCount(0);
  await expect(toast(d, 'Proposed. Your client is told.')).toBeVisible();
  await expect(proposal(d, find).status).toHaveText('Proposed');
  await expectNoAxeViolations(d, BOARD);

  // The lamp is held for the project while it is on the board, as 'Add to project' holds it.
  const held = await ok(admin.from('catalog_items').select('held_until').eq('id', lampId).single());
  expect((held as { held_until: string | null }).held_until).not.toBeNull();

  // ---------------------------------------------------------------------------------------------------------
  // 3. The customer decides: what approving would do, the lamp approved into the items, the find declined.
  // ---------------------------------------------------------------------------------------------------------
  const cLamp = proposal(c, lamp);
  const cFind = proposal(c, find);
  await expect(cLamp.status).toHaveText('Proposed');
  await expect(cFind.status).toHaveText('Proposed');
  await expect(cLamp.card).toContainText('Approving this brings you to $2,310 of $2,500');
  await expect(cFind.card).toContainText('Approving this brings you to $1,840 of $2,500');
  await expect(cFind.card).toContainText('Found this at the Goodwill on Division, $40, yes?');
  await expect(cFind.card.getByRole('img')).toHaveCount(1);
  await expectNoAxeViolations(c, BOARD);

  await cLamp.card.getByRole('button', { name: `Approve ${lamp}` }).click();
  const approve = c.getByRole('dialog', { name: `Approve ${lamp}?` });
  await expect(approve).toContainText('Approving this brings you to $2,310 of $2,500');
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  await expect(toast(c, `Approved: ${lamp} joins the project’s items`)).toBeVisible();
  await expect(cLamp.status).toHaveText('Approved');
  // It joins the items at its price, as a Good Stuff piece, and the tracker counts it.
  await expect(items(c).filter({ hasText: lamp })).toContainText('$510');
  await expect(items(c).filter({ hasText: lamp })).toContainText('Good Stuff');
  await expect(c.getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '92');
  await expect(c.getByText('Approaching budget limit. $190 remaining.')).toBeVisible();
  // The designer's open page follows.
  await expect(proposal(d, lamp).status).toHaveText('Approved');
  await expect(items(d).filter({ hasText: lamp })).toContainText('$510');

  await cFind.card.getByRole('button', { name: `Decline ${find}` }).click();
  const decline = c.getByRole('dialog', { name: `Decline ${find}?` });
  await decline.getByLabel('Why not?').fill('Too low for the chair arm; something taller, please.');
  await decline.getByRole('button', { name: 'Decline' }).click();
  await expect(decline).toHaveCount(0);
  await expect(toast(c, 'Declined. Your designer is told why.')).toBeVisible();
  await expect(cFind.status).toHaveText('Declined');
  // The designer sees the decline and its reason live.
  const dFind = proposal(d, find);
  await expect(dFind.status).toHaveText('Declined');
  await expect(dFind.card).toContainText('Too low for the chair arm; something taller, please.');
  await expect(items(d).filter({ hasText: find })).toHaveCount(0);

  // The board filters by room and by status.
  const filters = dBoard.getByRole('group', { name: 'Filter the board' });
  const shown = dBoard.getByRole('list', { name: 'Proposals' }).getByRole('article');
  await filters.getByLabel('Room').selectOption('Reading corner');
  await expect(shown).toHaveCount(1);
  await expect(shown).toHaveAccessibleName(lamp);
  await filters.getByLabel('Room').selectOption('');
  await filters.getByLabel('Status').selectOption({ label: 'Declined' });
  await expect(dBoard.getByText('Showing 1 of 2 proposals')).toBeVisible();
  await expect(shown).toHaveAccessibleName(find);
  await filters.getByRole('button', { name: 'Clear filters' }).click();
  await expect(shown).toHaveCount(2);

  // ---------------------------------------------------------------------------------------------------------
  // 4. A proposal past the hard cap: approving it is refused with the cap message and changes nothing.
  // ---------------------------------------------------------------------------------------------------------
  await ok(
    dApi.rpc('propose_board_item', {
      project_id: project.id,
      room: 'Living room',
      title: armchair,
      price: 350,
      store: 'Community Warehouse',
    }),
  );
  const cArmchair = proposal(c, armchair);
  await expect(cArmchair.status).toHaveText('Proposed');
  await expect(cArmchair.card).toContainText(
    'Approving this would bring you to $2,660 of $2,500, past the hard cap: it cannot be approved',
  );
  await cArmchair.card.getByRole('button', { name: `Approve ${armchair}` }).click();
  const refusedDialog = c.getByRole('dialog', { name: `Approve ${armchair}?` });
  await refusedDialog.getByRole('button', { name: 'Approve' }).click();
  await expect(refusedDialog.getByRole('alert')).toHaveText(CAP_MESSAGE);
  await expectNoAxeViolations(c);
  await c.keyboard.press('Escape');
  await expect(refusedDialog).toHaveCount(0);
  await expect(cArmchair.status).toHaveText('Proposed');
  await expect(items(c).filter({ hasText: armchair })).toHaveCount(0);
  await expect(c.getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '92');
  // Asked through the API instead of the page, the database refuses it the same way (the page is not the guard).
  const armchairRow = await ok(admin.from('board_proposals').select('id').eq('title', armchair).single());
  const refused = await cApi.rpc('approve_board_item', { proposal_id: (armchairRow as { id: string }).id });
  expect(refused.error).toMatchObject({ message: CAP_MESSAGE });
  expect(await ok(admin.from('board_proposals').select('status').eq('title', armchair).single())).toEqual({
    status: 'proposed',
  });
  await expectNoAxeViolations(c, BOARD);

  // Each step told the other person (bell and mail, docs/notifications.md): three proposals to the customer; the
  // approval and the decline, with the customer's reason in their words, to the designer; nothing for the refusal.
  const told = async (userId: string) =>
    (await ok(
      admin
        .from('notifications')
        .select('kind, body, link')
        .eq('user_id', userId)
        .eq('project_id', project.id)
        .like('kind', 'board_%')
        .order('created_at'),
    )) as { kind: string; body: string | null; link: string }[];
  const boardLink = `/project/${project.id}#board`;
  expect((await told(customer.id)).map(({ kind, link }) => ({ kind, link }))).toEqual([
    { kind: 'board_proposed', link: boardLink },
    { kind: 'board_proposed', link: boardLink },
    { kind: 'board_proposed', link: boardLink },
  ]);
  expect(await told(designer.id)).toEqual([
    expect.objectContaining({ kind: 'board_approved', link: boardLink }),
    { kind: 'board_declined', body: 'Too low for the chair arm; something taller, please.', link: boardLink },
  ]);

  // ---------------------------------------------------------------------------------------------------------
  // 5. Someone outside the project: no channel, no photos.
  // ---------------------------------------------------------------------------------------------------------
  const topic = `project:${project.id}`;
  expect(await joinPrivateChannel(cApi, topic, customer.id)).toEqual({ status: 'SUBSCRIBED' });
  expect(await joinPrivateChannel(outsiderApi, topic, outsider.id)).toEqual({
    status: 'CHANNEL_ERROR',
    message: `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`,
  });
  const photo = paths[0]!;
  expect(await readObject(cApi, 'message-photos', photo)).toMatchObject({
    signed: { ok: true },
    download: { ok: true },
  });
  const missing = await readObject(outsiderApi, 'message-photos', `project/${project.id}/${randomUUID()}.webp`);
  expect(missing.signed).toMatchObject({ ok: false, statusCode: '404', message: 'Object not found' });
  expect(await readObject(outsiderApi, 'message-photos', photo)).toEqual(missing);
  const findRow = await ok(admin.from('board_proposals').select('photo').eq('title', find).single());
  const findPhoto = (findRow as { photo: string }).photo;
  expect(findPhoto).toMatch(new RegExp(`^${project.id}/`));
  expect(await readObject(outsiderApi, 'board-photos', findPhoto)).toEqual(
    await readObject(outsiderApi, 'board-photos', `${project.id}/${randomUUID()}.webp`),
  );
});
