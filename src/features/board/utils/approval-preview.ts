import { formatMoney } from '@/lib/format';

export type BudgetFigures = { budget: number; budgetType: 'soft' | 'hard'; itemsTotal: number };

export type ApprovalPreview = {
  /** What the project's items would total once this is approved. */
  total: number;
  /** A hard-capped budget that this would pass: the database refuses the approval. */
  refused: boolean;
  /** The sentence shown before anyone decides (docs/product.md, Selection board). */
  sentence: string;
};

/** In cents, so $0.10 + $0.20 is $0.30 and the cap is compared as the database compares numeric(12,2). */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * What approving a proposal would do to the budget: the project's items total (the database's items_total, the
 * figure the hard cap is enforced against) plus the proposal's price. "Approving this brings you to $2,310 of
 * $2,500"; past a hard cap it says the approval would be refused, past a flexible budget by how much it goes over.
 */
export function approvalPreview(price: number, { budget, budgetType, itemsTotal }: BudgetFigures): ApprovalPreview {
  const totalCents = cents(itemsTotal) + cents(price);
  const total = totalCents / 100;
  const over = totalCents - cents(budget);
  const brings = `${formatMoney(total)} of ${formatMoney(budget)}`;
  if (over <= 0) return { total, refused: false, sentence: `Approving this brings you to ${brings}` };
  if (budgetType === 'hard') {
    return {
      total,
      refused: true,
      sentence: `Approving this would bring you to ${brings}, past the hard cap: it cannot be approved`,
    };
  }
  return {
    total,
    refused: false,
    sentence: `Approving this brings you to ${brings}, ${formatMoney(over / 100)} over the budget`,
  };
}
