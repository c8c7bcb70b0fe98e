import { describe, expect, it } from 'vitest';
import { approvalPreview } from '@/features/board/utils/approval-preview';

describe('approvalPreview: what approving does to the budget, said before anyone decides', () => {
  it('adds the price to the items total: "Approving this brings you to $2,310 of $2,500"', () => {
    expect(approvalPreview(40, { budget: 2500, budgetType: 'hard', itemsTotal: 2270 })).toEqual({
      total: 2310,
      refused: false,
      sentence: 'Approving this brings you to $2,310 of $2,500',
    });
  });

  it('counts in cents, and reaching the cap exactly is allowed', () => {
    expect(approvalPreview(0.2, { budget: 0.3, budgetType: 'hard', itemsTotal: 0.1 }).refused).toBe(false);
  });

  it('says a hard cap would refuse it, and by how much a flexible budget would be passed', () => {
    expect(approvalPreview(300, { budget: 2500, budgetType: 'hard', itemsTotal: 2270 })).toMatchObject({
      refused: true,
      sentence: 'Approving this would bring you to $2,570 of $2,500, past the hard cap: it cannot be approved',
    });
    expect(approvalPreview(300, { budget: 2500, budgetType: 'soft', itemsTotal: 2270 })).toMatchObject({
      refused: false,
      sentence: 'Approving this brings you to $2,570 of $2,500, $70 over the budget',
    });
  });
});
