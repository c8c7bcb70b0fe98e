import { formatMoney } from '@/lib/format';

/**
 * How a project came in against its budget, from the database's items_total (the figure the hard cap is enforced
 * against): "$2,310 of a $2,500 hard cap, 92%" or "$1,980 of a $1,800 flexible budget, 110%".
 */
export function budgetLine(itemsTotal: number, budget: number, budgetType: 'hard' | 'soft'): string {
  const percent = budget > 0 ? Math.round((itemsTotal / budget) * 100) : 0;
  const of = budgetType === 'hard' ? 'hard cap' : 'flexible budget';
  return `${formatMoney(itemsTotal)} of a ${formatMoney(budget)} ${of}, ${percent}%`;
}
