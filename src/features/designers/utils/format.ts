const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });

/** $450, $1.50: no cents when there are none. */
export function formatMoney(value: number): string {
  return usd.format(value).replace(/\.00$/, '');
}

export function designerName(designer: { full_name: string | null; username: string | null }): string {
  return designer.full_name?.trim() || designer.username?.trim() || 'Designer';
}
