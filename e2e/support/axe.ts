import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 A/AA checks of what is on screen now (the product standard: axe finds nothing on any page), or of one
 * part of it (`include`, a CSS selector) when a journey checks what it is about.
 * Toasts are transient: axe measuring one mid fade-in/out reads its partial opacity as low contrast, so the
 * page is checked once they have gone (their colours are fixed for AA in src/index.css). For the same reason it
 * waits for the page's finite animations and transitions (a button's colour easing to its hover shade, a card
 * fading in) to end: axe reads the colours of one instant, and a colour half-way is not one the page rests on.
 */
export async function expectNoAxeViolations(page: Page, include?: string): Promise<void> {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (include ? builder.include(include) : builder).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}
