const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const withCents = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * The product's one money format (ADR 0023): US dollars with thousands separators, whole dollars without
 * decimals and two decimals only when there are cents: "$2,500", "$1,234.50", "$0.99", "-$120". Amounts are
 * dollars (the database's numeric columns); a figure in cents is divided by 100 first.
 */
export function formatMoney(dollars: number): string {
  const hasCents = Math.round(Math.abs(dollars) * 100) % 100 !== 0;
  return (hasCents ? withCents : wholeDollars).format(dollars);
}

const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A day as the lists show it: "Jan 5, 2026". */
export function formatDate(iso: string): string {
  return mediumDate.format(new Date(iso));
}

/**
 * A distance the database measured, in whole miles (docs/decisions/0024-places.md): "under a mile away" (it rounds
 * to 0), "1 mile away", "43 miles away", "1,744 miles away".
 */
export function formatMilesAway(miles: number): string {
  if (miles === 0) return 'under a mile away';
  return miles === 1 ? '1 mile away' : `${miles.toLocaleString('en-US')} miles away`;
}
