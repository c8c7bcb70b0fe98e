import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HowItWorks } from '@/features/landing/components/how-it-works';

function deck(name: string) {
  return screen.getByRole('region', { name });
}

const current = (region: HTMLElement) =>
  within(region)
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-current') === 'step' && b.closest('ol'))
    .map((b) => b.textContent);

describe('How It Works decks', () => {
  it('lists the four steps of each audience', () => {
    render(<HowItWorks />);
    expect(
      within(deck('For Clients'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Browse Designers'),
      expect.stringContaining('Connect & Discuss'),
      expect.stringContaining('Curated Shopping'),
      expect.stringContaining('Transform Your Space'),
    ]);
    expect(
      within(deck('For Designers'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Create Your Profile'),
      expect.stringContaining('Connect with Clients'),
      expect.stringContaining('Source & Curate'),
      expect.stringContaining('Grow Your Business'),
    ]);
  });

  it('moves with previous/next, dots and a click on a card; each deck on its own', async () => {
    const user = userEvent.setup({ delay: null });
    render(<HowItWorks />);
    const clients = deck('For Clients');
    const designers = deck('For Designers');
    const previous = within(clients).getByRole('button', { name: 'Previous step (For Clients)' });
    const next = within(clients).getByRole('button', { name: 'Next step (For Clients)' });

    expect(current(clients)).toEqual([expect.stringContaining('Browse Designers')]);
    expect(previous).toBeDisabled();
    await user.click(next);
    expect(current(clients)).toEqual([expect.stringContaining('Connect & Discuss')]);
    expect(within(clients).getByRole('button', { name: 'Step 2 of 4: Connect & Discuss' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await user.click(within(clients).getByRole('button', { name: 'Step 4 of 4: Transform Your Space' }));
    expect(current(clients)).toEqual([expect.stringContaining('Transform Your Space')]);
    expect(next).toBeDisabled();
    await user.click(previous);
    expect(current(clients)).toEqual([expect.stringContaining('Curated Shopping')]);

    const card = within(designers)
      .getAllByRole('button')
      .find((b) => b.closest('ol') && b.textContent?.includes('Source & Curate'));
    await user.click(card!);
    expect(current(designers)).toEqual([expect.stringContaining('Source & Curate')]);
    expect(current(clients)).toEqual([expect.stringContaining('Curated Shopping')]);
  });
});
