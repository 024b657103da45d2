import { describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, strongEtag } from '@/lib/http/conditional';
import { acceptsGzip } from '@/lib/http/negotiate';

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

describe('strongEtag', () => {
  it('is the same for the same bytes, different for others, and quoted', () => {
    expect(strongEtag('abc')).toBe(strongEtag(Buffer.from('abc')));
    expect(strongEtag('abc')).not.toBe(strongEtag('abd'));
    expect(strongEtag('abc', '-gz')).toMatch(/^"[A-Za-z0-9_-]{27}-gz"$/);
  });
});
