import { describe, expect, it } from 'vitest';
import { formatDate, formatMilesAway, formatMoney } from '@/lib/format';

describe('formatMoney', () => {
  it('shows whole dollars without decimals', () => {
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(450)).toBe('$450');
    expect(formatMoney(2500)).toBe('$2,500');
    expect(formatMoney(1_000_000)).toBe('$1,000,000');
  });

  it('shows two decimals when there are cents', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(850.5)).toBe('$850.50');
    expect(formatMoney(0.99)).toBe('$0.99');
    expect(formatMoney(999.99)).toBe('$999.99');
  });

  it('rounds to the cent first, so a float error never shows as cents', () => {
    expect(formatMoney(0.1 + 0.2)).toBe('$0.30');
    expect(formatMoney(2.999)).toBe('$3');
    expect(formatMoney(1999.999999)).toBe('$2,000');
  });

  it('puts the minus sign before the dollar sign', () => {
    expect(formatMoney(-120)).toBe('-$120');
    expect(formatMoney(-120.5)).toBe('-$120.50');
  });
});

describe('formatDate', () => {
  it('shows the day in the medium style', () => {
    expect(formatDate('2026-01-05T12:00:00Z')).toBe('Jan 5, 2026');
  });
});

describe('formatMilesAway', () => {
  it('says whole miles, one mile in the singular', () => {
    expect(formatMilesAway(0)).toBe('under a mile away');
    expect(formatMilesAway(1)).toBe('1 mile away');
    expect(formatMilesAway(43)).toBe('43 miles away');
    expect(formatMilesAway(1744)).toBe('1,744 miles away');
  });
});
