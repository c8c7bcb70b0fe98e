const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatMoney(value: number): string {
  return usd.format(value).replace(/\.00$/, '');
}

export function formatDate(iso: string): string {
  return date.format(new Date(iso));
}
