import { expect, test } from './support/test.ts';
import { admin } from './designers-fixtures.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInBrowser } from './support/users.ts';

test.describe('customer profile', () => {
  test.use({ geolocation: { latitude: 45.523064, longitude: -122.67648 }, permissions: ['geolocation'] });

  test("a customer saves details with the device's location named by its city, then plans a move", async ({
    page,
    makeUser,
  }) => {
    const customer = await makeUser({ role: 'customer', subscribed: true });
    await signInBrowser(page, customer);
    await page.goto('/profile/customer');
    await expect(page.getByRole('heading', { name: 'Your details', exact: true })).toBeVisible();

    await page.getByLabel('Space size (sq ft)').fill('big');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByRole('alert')).toHaveText('Space size must be a positive number');
    await expect(page.getByLabel('Space size (sq ft)')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Space size (sq ft)').fill('650');
    // The device's position is named by its nearest city (the gazetteer is loaded in this stack).
    await page.getByRole('button', { name: 'Use my location' }).click();
    const location = page.getByRole('combobox', { name: 'Location' });
    await expect(location).toHaveValue('Portland, OR');
    await expect(page.getByText("We couldn't place this; distances won't show")).toHaveCount(0);
    await page.getByLabel('Preferred style').selectOption('Coastal');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    const { data: saved } = await admin
      .from('customer_profiles')
      .select('location, place_id, latitude, longitude, space_size, preferred_style')
      .eq('user_id', customer.id)
      .single();
    const { data: portland } = await admin.from('places').select('id, latitude, longitude').eq('label', 'Portland, OR');
    expect(portland).toHaveLength(1);
    // The place chosen travels with the text; the database gives the row the place's coordinates.
    expect(saved).toEqual({
      location: 'Portland, OR',
      place_id: portland![0]!.id,
      latitude: portland![0]!.latitude,
      longitude: portland![0]!.longitude,
      space_size: 650,
      preferred_style: 'Coastal',
    });

    await page.getByRole('button', { name: 'Plan my move' }).click();
    const dialog = page.getByRole('dialog', { name: 'Moving soon?' });
    await dialog.getByRole('button', { name: 'Create Moving Project' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Location is required');
    // Focus goes to the field whose message is shown (and stays there: nothing refocuses later, under typing).
    await expect(dialog.getByRole('combobox', { name: 'New location' })).toBeFocused();
    // Suggestions as one types; the list is checked by axe while open, and chosen with the keyboard.
    const newLocation = dialog.getByRole('combobox', { name: 'New location' });
    await newLocation.fill('Salem');
    await expect(dialog.getByRole('option', { name: 'Salem, OR' })).toBeVisible();
    await expectNoAxeViolations(page);
    const options = await dialog.getByRole('option').allTextContents();
    for (let i = 0; i <= options.indexOf('Salem, OR'); i += 1) await newLocation.press('ArrowDown');
    await newLocation.press('Enter');
    await expect(newLocation).toHaveValue('Salem, OR');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Space size (sq ft)').fill('900');
    await dialog.getByLabel('Budget ($)').fill('4000');
    await dialog.getByLabel('Style').selectOption('Bohemian');
    await dialog.getByRole('button', { name: 'Create Moving Project' }).click();
    await expect(page.getByText('Moving project created!')).toBeVisible();
    await expect(dialog).toBeHidden();
    const { data: projects } = await admin
      .from('projects')
      .select('title, location, place_id, space_size, budget, budget_type, status')
      .eq('customer_id', customer.id);
    const { data: salem } = await admin.from('places').select('id').eq('label', 'Salem, OR');
    expect(projects).toEqual([
      {
        title: 'Moving to Salem, OR',
        location: 'Salem, OR',
        place_id: salem![0]!.id,
        space_size: 900,
        budget: 4000,
        budget_type: 'soft',
        status: 'pending',
      },
    ]);
  });
});

test('a designer fixes a too-short bio and saves the profile', async ({ page, designer }) => {
  await signInBrowser(page, designer);
  await page.goto('/profile/designer');
  await expect(page.getByRole('heading', { name: 'Your designer profile', exact: true })).toBeVisible();

  await page.getByLabel('Bio').fill('Too short');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByRole('alert')).toHaveText('Bio must be at least 10 characters');

  await page.getByLabel('Bio').fill('Warm, layered rooms from thrifted finds.');
  await page.getByLabel('Base project rate ($)').fill('250');
  await page.getByLabel('Specialties').fill('Bohemian, Coastal');
  // Text that names no place is kept, and the field says distances will not show for it.
  await page.getByRole('combobox', { name: 'Location' }).fill('Behind the old mill');
  await page.getByLabel('Bio').focus();
  await expect(page.getByText("We couldn't place this; distances won't show")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  const { data: saved } = await admin
    .from('designer_profiles')
    .select('location, place_id, bio, base_rate, specialties')
    .eq('user_id', designer.id)
    .single();
  expect(saved).toEqual({
    location: 'Behind the old mill',
    place_id: null,
    bio: 'Warm, layered rooms from thrifted finds.',
    base_rate: 250,
    specialties: ['Bohemian', 'Coastal'],
  });
});
