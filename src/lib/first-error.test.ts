import { describe, expect, it } from 'vitest';
import { errorProps, firstError } from '@/lib/first-error';

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

describe('errorProps', () => {
  it('marks only the field whose message is shown', () => {
    const shown = { field: 'price', message: 'Price is required' };
    expect(errorProps(shown, 'price', 'f-error')).toEqual({ 'aria-invalid': true, 'aria-describedby': 'f-error' });
    expect(errorProps(shown, 'title', 'f-error')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
    expect(errorProps(null, 'title', 'f-error')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});
