/** The landing page estimates savings as 40% of the entered budget (docs/product.md, Limits). */
const SAVINGS_RATE = 0.4;

/** The estimate for what the person typed, or null while it is not a positive number. */
export function estimatedSavings(budgetInput: string): number | null {
  const trimmed = budgetInput.trim();
  if (trimmed === '') return null;
  const budget = Number(trimmed);
  if (!Number.isFinite(budget) || budget <= 0) return null;
  return Math.round(budget * SAVINGS_RATE * 100) / 100;
}
