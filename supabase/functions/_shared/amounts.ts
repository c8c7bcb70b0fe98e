import { HttpError } from './http.ts';

/**
 * A dollar amount from a request body (a JSON number or decimal text) as the decimal text the database takes:
 * at most two decimals, below ten billion; anything else is 400 `invalid_amount`. The database checks it again
 * against the milestone (docs/payments.md, "Design fee milestones").
 */
export function parseAmount(value: unknown, field: string, opts: { allowZero: boolean }): string {
  const text =
    typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : typeof value === 'string'
        ? value.trim()
        : null;
  const m = text === null ? null : /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new HttpError(400, `${field} must be an amount in dollars with at most 2 decimals`, 'invalid_amount');
  const normal = `${BigInt(m[1]!).toString()}.${(m[2] ?? '').padEnd(2, '0')}`;
  if (!opts.allowZero && /^0\.00$/.test(normal)) {
    throw new HttpError(400, `${field} must be above $0`, 'invalid_amount');
  }
  return normal;
}
