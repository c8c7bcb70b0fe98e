import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BudgetSummary } from '@/features/projects/components/budget-tracker';

describe('BudgetSummary', () => {
  it('is green with no alert under 80%', () => {
    const { container } = render(<BudgetSummary budget={1000} budgetType="hard" spent={700} />);
    expect(container.querySelector('[data-budget-state]')).toHaveAttribute('data-budget-state', 'ok');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('progressbar', { name: 'Budget used' })).toHaveAttribute('aria-valuenow', '70');
  });

  it('warns from 80% with what is left', () => {
    render(<BudgetSummary budget={2500} budgetType="hard" spent={2050} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Approaching budget limit. $450 remaining.');
  });

  it('is red over 100%, with the hard- or soft-cap words', () => {
    const { rerender } = render(<BudgetSummary budget={1000} budgetType="soft" spent={1120} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Budget exceeded by $120. Consider discussing with the other party.',
    );
    rerender(<BudgetSummary budget={1000} budgetType="hard" spent={1120} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Budget exceeded by $120. Cannot add more items with hard cap.',
    );
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });
});
