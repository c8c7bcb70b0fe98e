import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorProps, firstError, firstIssue } from '@/lib/first-error';

type Values = { title: string; price: string; location: string };

describe('firstError', () => {
  it('picks the first failing field in the given order, not in the order errors arrived', () => {
    const errors = {
      location: { type: 'min', message: 'Location is required' },
      price: { type: 'x', message: 'Price is required' },
    };
    expect(firstError<Values>(['title', 'price', 'location'], errors)).toEqual({
      field: 'price',
      message: 'Price is required',
    });
  });

  it('is null when nothing failed, and skips errors without a message', () => {
    expect(firstError<Values>(['title'], {})).toBeNull();
    expect(firstError<Values>(['title'], { title: { type: 'x', message: '' } })).toBeNull();
  });
});

describe('firstIssue', () => {
  const schema = z.object({
    name: z.string().min(1, 'Item name is required'),
    cost: z.string().min(1, 'Cost must be positive'),
  });

  it("picks the form's first failing field, not the schema's first issue", () => {
    const parsed = schema.safeParse({ name: '', cost: '' });
    expect(parsed.success).toBe(false);
    expect(firstIssue(['cost', 'name'], parsed.error!)).toEqual({ field: 'cost', message: 'Cost must be positive' });
  });

  it('is null when no field of the order failed', () => {
    const parsed = schema.safeParse({ name: 'Lamp', cost: '' });
    expect(firstIssue(['name'], parsed.error!)).toBeNull();
  });
});

describe('errorProps', () => {
  it('marks only the field whose message is shown', () => {
    const shown = { field: 'price', message: 'Price is required' };
    expect(errorProps(shown, 'price', 'f-error')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'f-error' });
    expect(errorProps(shown, 'title', 'f-error')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(errorProps(null, 'title', 'f-error')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});
