import { describe, expect, it } from 'vitest';
import { shortened } from '@/lib/text/shortened';

describe('shortened', () => {
  it('keeps text within the limit as it is', () => {
    expect(shortened('', 5)).toBe('');
    expect(shortened('abcde', 5)).toBe('abcde');
  });

  it('cuts longer text to the limit, its last character an ellipsis', () => {
    const cut = shortened('a'.repeat(10_000), 60);
    expect(cut).toHaveLength(60);
    expect(cut).toBe(`${'a'.repeat(59)}…`);
  });
});
