import { describe, expect, it } from 'vitest';
import { requireIdentityEncoding } from '@/lib/http/body';
import { UnsupportedContentEncodingError } from '@/lib/api-errors';

const withEncoding = (value?: string) =>
  new Request('http://localhost/api/mcp', {
    method: 'POST',
    headers: value === undefined ? {} : { 'Content-Encoding': value },
    body: '{}',
  });

describe('requireIdentityEncoding', () => {
  it('takes no Content-Encoding, identity in any case, and an empty value', () => {
    for (const value of [undefined, 'identity', 'Identity', ' IDENTITY ', '', 'identity, identity']) {
      expect(() => requireIdentityEncoding(withEncoding(value)), String(value)).not.toThrow();
    }
  });

  it('refuses any other coding with 415, naming it and saying identity is what is taken', () => {
    for (const value of ['gzip', 'br', 'deflate', 'identity, gzip', 'x-gzip']) {
      let thrown: unknown;
      try {
        requireIdentityEncoding(withEncoding(value));
      } catch (error) {
        thrown = error;
      }
      expect(thrown, value).toBeInstanceOf(UnsupportedContentEncodingError);
      const error = thrown as UnsupportedContentEncodingError;
      expect(error.status).toBe(415);
      expect(error.message).toContain(`Content-Encoding: ${value}`);
      expect(error.headers).toEqual({ 'Accept-Encoding': 'identity' });
    }
  });

  it('quotes a long header cut short', () => {
    expect(() => requireIdentityEncoding(withEncoding('x'.repeat(5000)))).toThrow(/x…, which/);
  });
});
