import { describe, expect, it } from 'vitest';
import { acceptsGzip, fileCanAnswer, matchesIfNoneMatch } from '@/lib/server/cached-answer';

/** What an answer from memory honours of a request: its method, preconditions, encodings and validators. */
describe('requests an answer from memory may stand for', () => {
  it('only GET and HEAD without Range or preconditions other than If-None-Match', () => {
    expect(fileCanAnswer('GET', {})).toBe(true);
    expect(fileCanAnswer('HEAD', { 'if-none-match': 'W/"1"' })).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(fileCanAnswer(method, {})).toBe(false);
    for (const name of ['range', 'if-range', 'if-match', 'if-unmodified-since'])
      expect(fileCanAnswer('GET', { [name]: 'x' })).toBe(false);
  });
});

describe('encodings and validators', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['br;q=1, GZIP;q=0.5', true],
    ['gzip;q=0', false],
    ['*', true],
    ['*;q=0', false],
    ['gzip;q=0, *', false],
    ['identity', false],
    ['deflate, *;q=0.1', true],
  ])('Accept-Encoding %s takes gzip: %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });

  it.each([
    [undefined, false],
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['*', true],
    ['"abcd"', false],
    ['abc', false],
  ])('If-None-Match %s matches "abc": %s', (header, expected) => {
    expect(matchesIfNoneMatch(header, '"abc"')).toBe(expected);
  });
});
