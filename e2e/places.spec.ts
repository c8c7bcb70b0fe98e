import { randomUUID } from 'node:crypto';
import { expect, test, type MakeUser } from './support/test.ts';
import { admin, fullName } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser, type TestUser } from './support/users.ts';

/**
 * Places (docs/decisions/0024-places.md): what people type in the location field is a place, and the database
 * measures from it. Every journey makes its own users and rows (other journeys run beside it on the same stack),
 * and asserts only about those. No geolocation permission is granted: the distances here come from the places
 * people typed, never from the device.
 */

const NOTICE = "We couldn't place this; distances won't show";
/**
 * Typed key by key with no pause between keys: the field searches as one types, and keys arriving faster than it
 * renders must all land (they once did not: the field took typing from downshift's effect, a render late).
 */
const TYPING = { delay: 0 };

type Place = { id: string; latitude: number; longitude: number };

/** The gazetteer's place of a label (the most populous, as the database chooses for typed text). */
async function place(label: string): Promise<Place> {
  const { data, error } = await admin
    .from('places')
    .select('id, latitude, longitude')
    .eq('label', label)
    .order('population', { ascending: false })
    .limit(1);
  if (error) throw error;
  const found = (data as Place[])[0];
  if (!found) throw new Error(`no place labelled ${label}: is the gazetteer loaded?`);
  return found;
}

/** An available designer placed at `label`, as the profile form saves a chosen suggestion. */
async function placedDesigner(makeUser: MakeUser, label: string): Promise<{ user: TestUser; name: string }> {
  const user = await makeUser({ role: 'designer' });
  const at = await place(label);
  const { data, error } = await admin
    .from('designer_profiles')
    .update({
      location: label,
      place_id: at.id,
      bio: 'Thrifted rooms, warm and layered.',
      base_rate: 200,
      availability_status: 'available',
    })
    .eq('user_id', user.id)
    .select('latitude, longitude');
  if (error) throw error;
  // The database gave the row the place's coordinates (the arrangement is what the journey measures from).
  expect(data).toEqual([{ latitude: at.latitude, longitude: at.longitude }]);
  return { user, name: await fullName(user) };
}

/** An open project (pending, no designer) of `customer` placed at `label`, as the new-project form saves one. */
async function placedProject(customer: TestUser, title: string, label: string): Promise<string> {
  const at = await place(label);
  const { data, error } = await admin
    .from('projects')
    .insert({
      customer_id: customer.id,
      title,
      description: 'A room to furnish with thrifted and vintage pieces.',
      location: label,
      place_id: at.id,
      space_size: 300,
      budget: 1500,
      budget_type: 'soft',
      preferred_style: 'Scandinavian',
      status: 'pending',
    })
    .select('latitude, longitude');
  if (error) throw error;
  expect(data).toEqual([{ latitude: at.latitude, longitude: at.longitude }]);
  return title;
}

test('a customer who picks "Portland, OR" sees the Portland designers nearest first with distances, and none from Austin or Brooklyn', async ({
  page,
  makeUser,
}) => {
  // Created in an order that is not the distance order: newest first (the list without an origin) would differ.
  const portland6 = await placedDesigner(makeUser, '97220 · Portland, OR');
  const portland0 = await placedDesigner(makeUser, 'Portland, OR');
  const portland4 = await placedDesigner(makeUser, '97213 · Portland, OR');
  const austin = await placedDesigner(makeUser, 'Austin, TX');
  const brooklyn = await placedDesigner(makeUser, 'Brooklyn, NY');
  const customer = await makeUser({ role: 'customer', subscribed: true });
  await signInBrowser(page, customer);

  // The profile's location field: type, pick the suggestion with the keyboard, save.
  await page.goto('/profile/customer');
  await expect(page.getByRole('heading', { name: 'Your details', exact: true })).toBeVisible();
  const location = page.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('Portland, OR', TYPING);
  const suggestions = page.getByRole('listbox', { name: 'Suggested places' });
  await expect(suggestions.getByRole('option').first()).toHaveText('Portland, OR');
  await expect(location).toHaveAttribute('aria-expanded', 'true');
  await location.press('ArrowDown');
  await expect(suggestions.getByRole('option', { name: 'Portland, OR', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await location.press('Enter');
  await expect(location).toHaveValue('Portland, OR');
  await expect(location).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const portlandPlace = await place('Portland, OR');
  const { data: saved } = await admin
    .from('customer_profiles')
    .select('location, place_id, latitude, longitude')
    .eq('user_id', customer.id)
    .single();
  expect(saved).toEqual({
    location: 'Portland, OR',
    place_id: portlandPlace.id,
    latitude: portlandPlace.latitude,
    longitude: portlandPlace.longitude,
  });

  // Available Designers, measured from the place the customer chose.
  await page.goto('/designers');
  await expect(page.getByText('Design students and professionals within 100 miles of you.')).toBeVisible();
  const cards = page.getByTestId('designer-card');
  const card = (name: string) => cards.filter({ hasText: name });
  await expect(card(portland4.name).getByText(/(miles?|a mile) away$/)).toHaveText('4 miles away');
  await expect(card(portland6.name).getByText(/(miles?|a mile) away$/)).toHaveText('6 miles away');
  await expect(card(portland0.name).getByText(/(miles?|a mile) away$/)).toHaveText('under a mile away');
  // Nearest first (the three in this order among whatever else the page lists).
  await expect(cards).toContainText([portland0.name, portland4.name, portland6.name]);
  // Austin and Brooklyn are beyond 100 miles of Portland: not listed while designers within 100 miles are.
  await expect(card(austin.name)).toHaveCount(0);
  await expect(card(brooklyn.name)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a designer who typed "Brooklyn, NY" sees the Brooklyn projects first, nearest first, and not the far ones', async ({
  page,
  makeUser,
}) => {
  const tag = randomUUID().slice(0, 6);
  const owner = await makeUser({ role: 'customer' });
  // Brooklyn's projects are created first: listed newest first (no origin) they would come last.
  const brooklyn0 = await placedProject(owner, `Brownstone parlour ${tag}`, 'Brooklyn, NY');
  const brooklyn4 = await placedProject(owner, `Williamsburg loft ${tag}`, 'Williamsburg, NY');
  const brooklyn2 = await placedProject(owner, `Park Slope nursery ${tag}`, 'Park Slope, NY');
  const portland = await placedProject(owner, `Pearl District studio ${tag}`, 'Portland, OR');
  const austin = await placedProject(owner, `East Austin bungalow ${tag}`, 'Austin, TX');
  const designer = await makeUser({ role: 'designer', subscribed: true });
  await signInBrowser(page, designer);

  // The designer types the place and saves without picking a suggestion: typed as a place is named, it is that place.
  await page.goto('/profile/designer');
  await expect(page.getByRole('heading', { name: 'Your designer profile', exact: true })).toBeVisible();
  await page.getByRole('combobox', { name: 'Location' }).pressSequentially('Brooklyn, NY', TYPING);
  await page.getByLabel('Bio').fill('Brownstones furnished from stoop sales and auctions.');
  await expect(page.getByText(NOTICE)).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const brooklynPlace = await place('Brooklyn, NY');
  const { data: saved } = await admin
    .from('designer_profiles')
    .select('location, place_id, latitude, longitude')
    .eq('user_id', designer.id)
    .single();
  expect(saved).toEqual({
    location: 'Brooklyn, NY',
    place_id: brooklynPlace.id,
    latitude: brooklynPlace.latitude,
    longitude: brooklynPlace.longitude,
  });

  // Available Projects on the dashboard, measured from the designer's place.
  await page.goto('/dashboard/designer');
  await expect(page.getByRole('tab', { name: /^Available Projects \(\d+\)$/ })).toBeVisible();
  await expect(page.getByText('Projects within 100 miles of you, nearest first.')).toBeVisible();
  const cards = page.getByTestId('project-card');
  const card = (title: string) => cards.filter({ hasText: title });
  await expect(card(brooklyn2).getByText(/(miles?|a mile) away$/)).toHaveText('2 miles away');
  await expect(card(brooklyn4).getByText(/(miles?|a mile) away$/)).toHaveText('4 miles away');
  await expect(card(brooklyn0).getByText(/(miles?|a mile) away$/)).toHaveText('under a mile away');
  await expect(cards).toContainText([brooklyn0, brooklyn2, brooklyn4]);
  // The place's label, never the location as typed (docs/decisions/0030-safe-by-default.md).
  await expect(card(brooklyn4)).toContainText('Williamsburg, NY');
  // Portland and Austin lie beyond 100 miles of Brooklyn: left out while projects within 100 miles exist.
  await expect(card(portland)).toHaveCount(0);
  await expect(card(austin)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the location field is accessible with its suggestions open, and text that names no place is kept with a notice', async ({
  page,
  makeUser,
}) => {
  const title = `Attic den ${randomUUID().slice(0, 6)}`;
  const customer = await makeUser({ role: 'customer', subscribed: true });
  await signInBrowser(page, customer);
  await page.goto('/dashboard/customer');
  await expect(page.getByRole('heading', { level: 1, name: 'My Projects' })).toBeVisible();
  await page.getByRole('button', { name: 'New Project' }).click();
  const form = page.getByRole('dialog', { name: 'New Project' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('An attic room to turn into a snug den with vintage pieces.');

  // Suggestions open: the combobox, its list and options pass axe.
  const location = form.getByRole('combobox', { name: 'Location' });
  await location.pressSequentially('Brookl', TYPING);
  const suggestions = page.getByRole('listbox', { name: 'Suggested places' });
  await expect(suggestions.getByRole('option', { name: 'Brooklyn, NY', exact: true })).toBeVisible();
  await expect(location).toHaveAttribute('aria-expanded', 'true');
  await expect(location).toHaveAttribute('aria-controls', (await suggestions.getAttribute('id'))!);
  await expectNoAxeViolations(page);
  // Escape closes the list, not the dialog.
  await location.press('Escape');
  await expect(suggestions.getByRole('option')).toHaveCount(0);
  await expect(location).toHaveAttribute('aria-expanded', 'false');
  await expect(form).toBeVisible();

  // Free text that names no place is kept, and said so.
  await location.fill('');
  await location.pressSequentially('Xyzzy Nowhere', TYPING);
  await expect(form.getByText(NOTICE)).toBeVisible();
  await expect(location).toHaveAttribute('aria-describedby', /-notice/);
  await form.getByLabel('Space size (sq ft)').fill('250');
  await expect(location).toHaveValue('Xyzzy Nowhere');
  await expect(form.getByText(NOTICE)).toBeVisible();
  await form.getByLabel('Budget ($)').fill('900');
  await form.getByLabel('Style').selectOption('Bohemian');
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Create Project' }).click();
  await expect(page.getByText('Project created!')).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByTestId('project-card').filter({ hasText: title });
  await expect(card.getByText('Xyzzy Nowhere')).toBeVisible();
  await expect(card.getByText(/(miles?|a mile) away$/)).toHaveCount(0);
  const { data: saved } = await admin
    .from('projects')
    .select('title, location, place_id, latitude, longitude')
    .eq('customer_id', customer.id);
  expect(saved).toEqual([{ title, location: 'Xyzzy Nowhere', place_id: null, latitude: null, longitude: null }]);
});
