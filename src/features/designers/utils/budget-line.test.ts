import { describe, expect, it } from 'vitest';
import { budgetLine } from '@/features/designers/utils/budget-line';

describe('budgetLine', () => {
  it('says how the project came in against a hard cap, rounded to a whole percent', () => {
    expect(budgetLine(2310, 2500, 'hard')).toBe('$2,310 of a $2,500 hard cap, 92%');
  });

  it('names a flexible budget and shows going over it', () => {
    expect(budgetLine(1980, 1800, 'soft')).toBe('$1,980 of a $1,800 flexible budget, 110%');
    expect(budgetLine(0, 900, 'soft')).toBe('$0 of a $900 flexible budget, 0%');
  });

  it('keeps cents when there are any', () => {
    expect(budgetLine(1234.5, 2000, 'soft')).toBe('$1,234.50 of a $2,000 flexible budget, 62%');
    expect(budgetLine(999.99, 1000, 'hard')).toBe('$999.99 of a $1,000 hard cap, 100%');
  });
});
