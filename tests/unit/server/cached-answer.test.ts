import { describe, expect, it } from 'vitest';
import { fileCanAnswer } from '@/lib/server/cached-answer';

/** What an answer from memory honours of a request: its method and preconditions (encodings and validators: tests/unit/http/conditional.test.ts). */
describe('requests an answer from memory may stand for', () => {
  it('only GET and HEAD without Range or preconditions other than If-None-Match', () => {
    expect(fileCanAnswer('GET', {})).toBe(true);
    expect(fileCanAnswer('HEAD', { 'if-none-match': 'W/"1"' })).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(fileCanAnswer(method, {})).toBe(false);
    for (const name of ['range', 'if-range', 'if-match', 'if-unmodified-since'])
      expect(fileCanAnswer('GET', { [name]: 'x' })).toBe(false);
  });
});
