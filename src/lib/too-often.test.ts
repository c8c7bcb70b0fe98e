import { describe, expect, it } from 'vitest';
import { tooOftenMessage } from '@/lib/too-often';

describe('tooOftenMessage', () => {
  const sentence = "You're doing that too often. Try again in 12 minutes.";

  it('is the sentence of a PostgREST PT429 or a function’s rate_limited refusal', () => {
    expect(tooOftenMessage({ code: 'PT429', message: sentence })).toBe(sentence);
    expect(tooOftenMessage({ code: 'rate_limited', message: sentence })).toBe(sentence);
  });

  it('is null for other errors', () => {
    expect(tooOftenMessage({ code: '23505', message: 'duplicate' })).toBeNull();
    expect(tooOftenMessage(new Error('Failed to fetch'))).toBeNull();
    expect(tooOftenMessage(null)).toBeNull();
  });
});
