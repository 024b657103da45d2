import type { IncomingHttpHeaders } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/http/forwarded';
import { rewriteForwardedHeaders } from '@/lib/security/trusted-forwarding';

function rewrite(headers: IncomingHttpHeaders, peer: string | undefined, trustProxy: boolean): IncomingHttpHeaders {
  const copy = { ...headers };
  rewriteForwardedHeaders(copy, peer, trustProxy);
  return copy;
}

const clientOf = (headers: IncomingHttpHeaders) => {
  const web = new Headers();
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) web.set(name, String(value));
  return clientAddress(web);
};

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
    expect(clientOf(headers)).toBe('198.51.100.7');
  });

  it('without a trusted proxy and without a peer address: no X-Forwarded-For at all', () => {
    const headers = rewrite({ 'x-forwarded-for': '203.0.113.9' }, undefined, false);
    expect(headers).not.toHaveProperty('x-forwarded-for');
    expect(clientOf(headers)).toBe('unknown');
  });

  it("behind a trusted proxy: the proxy's chain is kept, so its last entry (the address the proxy saw) is the client", () => {
    const headers = rewrite(
      { 'x-forwarded-for': '6.6.6.6, 203.0.113.9', 'x-forwarded-proto': 'https' },
      '10.0.0.2',
      true,
    );
    expect(headers['x-forwarded-for']).toBe('6.6.6.6, 203.0.113.9');
    expect(headers['x-forwarded-proto']).toBe('https');
    expect(clientOf(headers)).toBe('203.0.113.9');
  });

  it('behind a trusted proxy, a request that came round it is counted against its own peer address', () => {
    expect(clientOf(rewrite({}, '10.0.0.2', true))).toBe('10.0.0.2');
  });
});
