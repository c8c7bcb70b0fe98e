import { describe, expect, it } from 'vitest';
import {
  budgetMessage,
  budgetSummary,
  hardCapMessage,
  wouldExceedHardCap,
} from '@/features/projects/utils/budget';

describe('budget tracker thresholds', () => {
  it('is ok under 80%, a warning from 80% up to 100%, exceeded over 100%', () => {
    expect(budgetSummary(1000, 799.99).state).toBe('ok');
    expect(budgetSummary(1000, 800).state).toBe('warning');
    expect(budgetSummary(1000, 1000).state).toBe('warning');
    expect(budgetSummary(1000, 1000.01).state).toBe('exceeded');
  });

  it('says what is left or how far over, by budget type', () => {
    expect(budgetMessage(1000, 500, 'soft')).toBeNull();
    expect(budgetMessage(2500, 2050, 'hard')).toBe('Approaching budget limit. $450 remaining.');
    expect(budgetMessage(1000, 1120.5, 'soft')).toBe(
      'Budget exceeded by $120.50. Consider discussing with the other party.',
    );
    expect(budgetMessage(1000, 1200, 'hard')).toBe('Budget exceeded by $200. Cannot add more items with hard cap.');
  });

  it('refuses an item only when a hard cap would be passed', () => {
    expect(wouldExceedHardCap(1000, 'hard', 900, 100)).toBe(false);
    expect(wouldExceedHardCap(1000, 'hard', 900, 100.01)).toBe(true);
    expect(wouldExceedHardCap(1000, 'soft', 900, 5000)).toBe(false);
    // 0.1 + 0.2 style float noise must not refuse an exact fit.
    expect(wouldExceedHardCap(0.3, 'hard', 0.1, 0.2)).toBe(false);
    expect(hardCapMessage(2500)).toBe('Cannot add item: Would exceed hard budget cap of $2500');
  });
});
