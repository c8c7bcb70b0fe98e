import { expect, test } from './support/test.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** The parts of an <img> the checks read (the journeys' Node config has no DOM lib). */
type Img = { complete: boolean; naturalWidth: number; currentSrc: string };

test('the landing page: hero, decks, forms with the first message only, savings, footer; axe clean', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Good Space/);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', '/og-image.jpg');
  const hero = page.getByRole('region', { name: 'Rooms furnished with second-hand finds' });
  await expect(hero.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();

  // The first image is the one the preload fetched, and it has loaded.
  const first = hero.locator('img').first();
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  await expect
    .poll(() => first.evaluate((img) => (img as unknown as Img).complete && (img as unknown as Img).naturalWidth > 0))
    .toBe(true);
  expect(await first.evaluate((img) => (img as unknown as Img).currentSrc)).toMatch(/hero-01-\d+\.avif$/);
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(1);
  await expect(hero.locator('img[loading="lazy"]')).toHaveCount(9);

  await expectNoAxeViolations(page);

  // Carousel controls by keyboard.
  await hero.getByRole('button', { name: 'Next slide' }).focus();
  await page.keyboard.press('Enter');
  await expect(hero.getByRole('button', { name: /Show slide 2 of 10/ })).toHaveAttribute('aria-current', 'true');

  // Hero buttons scroll to the forms.
  await hero.getByRole('link', { name: 'Become a Designer' }).click();
  await expect(page).toHaveURL('/#designer-signup');
  await expect(page.getByRole('heading', { level: 2, name: 'Become a Designer' })).toBeInViewport();
  await page.getByRole('link', { name: 'Find a Designer' }).first().click();
  await expect(page.getByRole('heading', { level: 2, name: 'Find a Designer' })).toBeInViewport();

  const customer = page.getByRole('form', { name: 'Find a designer' });
  await customer.getByRole('button', { name: 'Find My Designer' }).click();
  await expect(customer.getByRole('alert')).toHaveText('Location is required');
  await customer.getByLabel('Location').fill('Austin, TX');
  await customer.getByLabel('Square feet').fill('-3');
  await customer.getByRole('button', { name: 'Find My Designer' }).click();
  await expect(customer.getByRole('alert')).toHaveText('Must be a positive number');
  await customer.getByLabel('Budget ($)').fill('1500');
  await expect(customer.getByTestId('estimated-savings')).toHaveText('$600');
  await expectNoAxeViolations(page);

  const designer = page.getByRole('form', { name: 'Become a designer' });
  await designer.getByLabel('Portfolio URL (optional)').fill('nope');
  await designer.getByRole('button', { name: 'Join as a Designer' }).click();
  await expect(designer.getByRole('alert')).toHaveText('Must be a valid URL');
  await designer.getByLabel('Portfolio URL (optional)').fill('');
  await designer.getByRole('button', { name: 'Join as a Designer' }).click();
  await expect(designer.getByRole('alert')).toHaveText('Please select a design style');
  await designer.getByLabel('Design style').selectOption('Bohemian');
  await designer.getByLabel('Additional info').fill('too short');
  await designer.getByRole('button', { name: 'Join as a Designer' }).click();
  await expect(designer.getByRole('alert')).toHaveText('Additional info must be at least 10 characters');
  await designer.getByLabel('Additional info').fill('Plants, rattan and a lot of colour.');
  await designer.getByLabel('Base rate per project ($, optional)').fill('-10');
  await designer.getByRole('button', { name: 'Join as a Designer' }).click();
  await expect(designer.getByRole('alert')).toHaveText('Must be 0 or greater');

  // How It Works decks.
  const clients = page.getByRole('region', { name: 'For Clients' });
  await clients.getByRole('button', { name: 'Next step (For Clients)' }).click();
  await expect(clients.getByRole('button', { name: 'Step 2 of 4: Connect & Discuss' })).toHaveAttribute(
    'aria-current',
    'step',
  );

  // Footer: pricing and anchors; placeholders are not links.
  const footer = page.getByRole('contentinfo').or(page.locator('footer'));
  await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(footer.getByRole('link', { name: 'How It Works' })).toHaveAttribute('href', '#how-it-works');
  await expect(footer.getByText('Terms of Service')).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the 404 page has no axe violations', async ({ page }) => {
  await page.goto('/not/a/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the landing page and its menu work; Get Started opens the Sign Up tab', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Good Space' })).toBeVisible();
    const scrollWidth = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
          .scrollWidth,
    );
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menuId = await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-controls');
    const menu = page.locator(`[id="${menuId}"]`);
    await expect(menu.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await menu.getByRole('link', { name: 'Get Started' }).click();
    await expect(page).toHaveURL('/auth?tab=signup');
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
    await expect(menu).toBeHidden();
    await expectNoAxeViolations(page);
  });
});
