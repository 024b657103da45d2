import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CHECKED_HEADER, forwardedForChecked, rewriteForwardedHeaders } from '@/lib/security/forwarded-for';

function rewrite(headers: IncomingHttpHeaders, peer: string | undefined, trustProxy: boolean): IncomingHttpHeaders {
  const copy = { ...headers };
  rewriteForwardedHeaders(copy, peer, trustProxy);
  return copy;
}

describe('rewriteForwardedHeaders', () => {
  it('without a trusted proxy: the peer address replaces whatever the client sent, and X-Forwarded-Host/-Proto/-Port go', () => {
    const headers = rewrite(
      {
        host: 'site.test',
        'x-forwarded-for': '203.0.113.9, 10.0.0.1',
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'https',
        'x-forwarded-port': '1',
      },
      '198.51.100.7',
      false,
    );
    expect(headers['x-forwarded-for']).toBe('198.51.100.7');
    expect(headers).not.toHaveProperty('x-forwarded-host');
    expect(headers).not.toHaveProperty('x-forwarded-proto');
    expect(headers).not.toHaveProperty('x-forwarded-port');
    expect(headers.host).toBe('site.test');
    expect(typeof headers[CHECKED_HEADER]).toBe('string');
  });

  it('without a trusted proxy and without a peer address: no X-Forwarded-For at all', () => {
    expect(rewrite({ 'x-forwarded-for': '203.0.113.9' }, undefined, false)).not.toHaveProperty('x-forwarded-for');
  });

  it("behind a trusted proxy: the peer is appended to the proxy's chain, and the other headers are kept", () => {
    const headers = rewrite({ 'x-forwarded-for': '203.0.113.9', 'x-forwarded-proto': 'https' }, '10.0.0.2', true);
    expect(headers['x-forwarded-for']).toBe('203.0.113.9, 10.0.0.2');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(rewrite({}, '10.0.0.2', true)['x-forwarded-for']).toBe('10.0.0.2');
  });

  it('overwrites a checked marker a client sent, so only the guard can mark a request', () => {
    const headers = rewrite({ [CHECKED_HEADER]: 'forged' }, '198.51.100.7', false);
    expect(headers[CHECKED_HEADER]).not.toBe('forged');
  });
});

describe('forwardedForChecked', () => {
  it('believes no request before the guard is installed, however it is marked', () => {
    const headers = rewrite({}, '198.51.100.7', false);
    expect(forwardedForChecked(new Headers({ [CHECKED_HEADER]: String(headers[CHECKED_HEADER]) }))).toBe(false);
    expect(forwardedForChecked(new Headers({ [CHECKED_HEADER]: 'forged' }))).toBe(false);
  });
});
