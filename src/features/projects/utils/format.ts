/** Whole dollars without decimals, cents when there are any: $2,500 / $1,234.50. */
export function formatMoney(value: number): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}

export const BUDGET_TYPE_LABEL = { soft: 'Flexible', hard: 'Hard Cap' } as const;
