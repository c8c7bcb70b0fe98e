import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QuoteDialog } from '@/features/bids/components/quote-dialog';

function setup() {
  const onAccept = vi.fn();
  render(<QuoteDialog open projectTitle="Living room" pending={false} onOpenChange={vi.fn()} onAccept={onAccept} />);
  const amount = screen.getByLabelText('Quote amount ($)');
  const accept = screen.getByRole('button', { name: 'Accept & Send Quote' });
  return { onAccept, amount, accept, user: userEvent.setup() };
}

describe('QuoteDialog (docs/product.md, Designers and nudges)', () => {
  it('has a number input with step 100 and minimum 0, and Accept disabled while the amount is empty', () => {
    const { amount, accept } = setup();
    expect(amount).toHaveAttribute('type', 'number');
    expect(amount).toHaveAttribute('step', '100');
    expect(amount).toHaveAttribute('min', '0');
    expect(accept).toBeDisabled();
  });

  it.each(['0', '-50'])('refuses %s with the specified message', async (value) => {
    const { amount, accept, onAccept, user } = setup();
    await user.type(amount, value);
    expect(accept).toBeEnabled();
    await user.click(accept);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid quote amount');
    expect(onAccept).not.toHaveBeenCalled();
  });

  it('sends the amount and the trimmed message (optional)', async () => {
    const { amount, accept, onAccept, user } = setup();
    await user.type(amount, '1200');
    await user.type(screen.getByLabelText('Message (optional)'), '  Can start next week  ');
    await user.click(accept);
    expect(onAccept).toHaveBeenCalledWith({ quoteAmount: 1200, quoteMessage: 'Can start next week' });
  });

  it('sends null when the message is empty', async () => {
    const { amount, accept, onAccept, user } = setup();
    await user.type(amount, '350.50');
    await user.click(accept);
    expect(onAccept).toHaveBeenCalledWith({ quoteAmount: 350.5, quoteMessage: null });
  });
});
