import { formatMoney } from '@/lib/format';

/** The budget tracker (docs/product.md, Projects): under 80% ok (green), 80% or more warning (yellow), over 100% exceeded (red). */
export type BudgetState = 'ok' | 'warning' | 'exceeded';

export function budgetSummary(budget: number, spent: number) {
  const percent = budget > 0 ? (spent / budget) * 100 : 0;
  const state: BudgetState = percent > 100 ? 'exceeded' : percent >= 80 ? 'warning' : 'ok';
  return { spent, remaining: budget - spent, percent, state };
}

/** The tracker's alert text, or null while under 80%. */
export function budgetMessage(budget: number, spent: number, budgetType: 'soft' | 'hard'): string | null {
  const { state, remaining } = budgetSummary(budget, spent);
  if (state === 'warning') return `Approaching budget limit. ${formatMoney(remaining)} remaining.`;
  if (state === 'exceeded') {
    const over = formatMoney(spent - budget);
    return budgetType === 'hard'
      ? `Budget exceeded by ${over}. Cannot add more items with hard cap.`
      : `Budget exceeded by ${over}. Consider discussing with the other party.`;
  }
  return null;
}

/** The same words the database uses when it refuses an item (check_item_budget). */
export function hardCapMessage(budget: number): string {
  return `Cannot add item: Would exceed hard budget cap of $${budget}`;
}

/** True when a hard-capped budget would be exceeded by adding `cost`; cents are compared exactly. */
export function wouldExceedHardCap(budget: number, budgetType: 'soft' | 'hard', spent: number, cost: number): boolean {
  return budgetType === 'hard' && Math.round((spent + cost) * 100) > Math.round(budget * 100);
}
