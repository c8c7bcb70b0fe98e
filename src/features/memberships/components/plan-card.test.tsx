import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PlanCard } from '@/features/memberships/components/plan-card';

const client = {
  name: 'Client',
  price: '$0.99',
  audience: 'For home owners',
  benefits: ['Work with unlimited designers', 'Direct messaging', 'Project tracking', 'Photo sharing and updates'],
};

describe('PlanCard', () => {
  it('shows the plan, its monthly price and benefits; Subscribe starts the purchase', async () => {
    const onSubscribe = vi.fn();
    render(<PlanCard {...client} onSubscribe={onSubscribe} />);
    const card = screen.getByRole('region', { name: 'Client' });
    expect(card).toHaveTextContent('$0.99 / month');
    expect(screen.getByRole('list', { name: 'Client benefits' }).querySelectorAll('li')).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe to the Client plan' }));
    expect(onSubscribe).toHaveBeenCalledTimes(1);
  });

  it('marks the current membership and offers no second purchase', () => {
    render(<PlanCard {...client} highlighted current onSubscribe={vi.fn()} />);
    expect(screen.getByText('Current plan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribed' })).toBeDisabled();
  });

  it('is busy while the payment page opens', () => {
    render(<PlanCard {...client} busy onSubscribe={vi.fn()} />);
    const button = screen.getByRole('button', { name: 'Subscribe to the Client plan' });
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Opening payment page…');
  });
});
