import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import fc from 'fast-check';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { describe, expect, it } from 'vitest';
import { preferredMediaType } from '@/lib/http/negotiate';
import { STATIC_READS, type StaticRead } from '@/lib/static-reads/catalog';
import { STATIC_READ_HEADER, fileCanAnswer } from '@/lib/static-reads/marker';
import { staticReadHeaders, staticReadRewrites, staticReadSettings } from '@/lib/static-reads/next-config';

/**
 * Issue 6: a static read may answer only when its route would give the same representation. The rewrite
 * conditions are checked here with Next's own matcher against the route's negotiation (lib/http/negotiate.ts),
 * for thousands of Accept headers.
 */
const settings = { siteUrl: 'https://consultant.example', rateLimitPerMinute: 300 };
const rewrites = staticReadRewrites(settings);

/** The file Next would serve for a marked GET of `path` with this Accept header, or undefined (the route answers). */
function staticFileFor(path: string, accept: string | undefined): string | undefined {
  const headers: Record<string, string> = { [STATIC_READ_HEADER]: '1', ...(accept === undefined ? {} : { accept }) };
  const request = new IncomingMessage(new Socket());
  request.headers = headers;
  return rewrites.find((rule) => rule.source === path && matchHas(request, {}, rule.has, rule.missing))?.destination;
}

function negotiated(ownType: string, accept: string | undefined): string {
  const request = new Request('https://consultant.example/', { headers: accept === undefined ? {} : { accept } });
  return preferredMediaType(request, ['application/json', ownType]) ?? 'application/json';
}

const TYPES = ['application/json', 'text/markdown', 'text/vcard', 'text/*', '*/*', 'application/*', 'text/html', 'image/png'];
const mediaRange = fc
  .tuple(
    fc.constantFrom(...TYPES),
    fc.boolean(),
    fc.option(fc.constantFrom('0', '0.1', '0.5', '0.9', '1'), { nil: undefined }),
    fc.option(fc.constantFrom(';charset=utf-8', ';level=1'), { nil: undefined }),
    fc.constantFrom(';q=', '; q=', ';Q=', ' ;q='),
  )
  .map(([type, upper, q, param, qPrefix]) => `${upper ? type.toUpperCase() : type}${param ?? ''}${q === undefined ? '' : `${qPrefix}${q}`}`);
const acceptHeader = fc.oneof(
  fc.array(mediaRange, { minLength: 1, maxLength: 4 }).map((ranges) => ranges.join(', ')),
  fc.string({ maxLength: 40 }),
);

describe('static reads answer exactly what their route would', () => {
  it.each([
    ['/api/agent/resources/bio', 'text/markdown'],
    ['/api/agent/resources/contact-card', 'text/vcard'],
  ])('%s: whenever a file answers, negotiation gives its type (q-values honoured)', (path, ownType) => {
    fc.assert(
      fc.property(fc.option(acceptHeader, { nil: undefined }), (accept) => {
        const file = staticFileFor(path, accept);
        if (file === undefined) return;
        expect(file.endsWith('.json') ? 'application/json' : ownType).toBe(negotiated(ownType, accept));
      }),
      { numRuns: 10_000 },
    );
  });

  it.each([
    [undefined, '/_next/static/reads/api/resources/bio.json'],
    ['*/*', '/_next/static/reads/api/resources/bio.json'],
    ['application/json', '/_next/static/reads/api/resources/bio.json'],
    ['text/markdown', '/_next/static/reads/api/resources/bio.md'],
    ['text/markdown;q=0.5, application/json', undefined],
    ['text/*', undefined],
    ['TEXT/MARKDOWN', undefined],
  ])('bio with Accept %s is served by %s (undefined: the route)', (accept, file) => {
    expect(staticFileFor('/api/agent/resources/bio', accept)).toBe(file);
  });

  it('the manifest, case studies and engagements are files whatever the Accept (they have one form)', () => {
    for (const path of ['/api/agent', '/api/agent/resources/case-studies', '/api/agent/resources/engagements']) {
      expect(staticFileFor(path, 'text/markdown;q=0.9, application/xml')).toMatch(/\.json$/);
    }
  });

  it('every rule needs the mark, so an unmarked request always reaches the route', () => {
    for (const rule of [...rewrites, ...staticReadHeaders(settings)]) {
      expect(rule.has).toContainEqual({ type: 'header', key: STATIC_READ_HEADER, value: '1' });
    }
  });

  it('only GET and HEAD without Range or preconditions are marked', () => {
    expect(fileCanAnswer('GET', {})).toBe(true);
    expect(fileCanAnswer('HEAD', { 'if-none-match': 'W/"1"' })).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) expect(fileCanAnswer(method, {})).toBe(false);
    for (const name of ['range', 'if-range', 'if-match', 'if-unmodified-since']) expect(fileCanAnswer('GET', { [name]: 'x' })).toBe(false);
  });
});

describe('static reads exist only when SITE_URL is set at build', () => {
  it('without SITE_URL (or under next dev) there are no rules: every read is served by its route', () => {
    expect(staticReadSettings({})).toBeUndefined();
    expect(staticReadRewrites(undefined)).toEqual([]);
    expect(staticReadHeaders(undefined)).toEqual([]);
    expect(staticReadSettings({ SITE_URL: 'https://consultant.example/' })).toEqual(settings);
    expect(staticReadSettings({ SITE_URL: 'https://consultant.example', NODE_ENV: 'development' })).toBeUndefined();
  });

  it('API reads are unmetered: the general policy with its full allowance, none when the quota is off', () => {
    const manifest = staticReadHeaders(settings).find((rule) => rule.source === '/api/agent');
    expect(manifest?.headers).toEqual(
      expect.arrayContaining([
        { key: 'RateLimit-Limit', value: '300' },
        { key: 'RateLimit-Remaining', value: '300' },
        { key: 'RateLimit-Policy', value: '300;w=60' },
      ]),
    );
    const off = staticReadHeaders({ ...settings, rateLimitPerMinute: 0 }).flatMap((rule) => rule.headers.map((header) => header.key));
    expect(off).not.toContain('RateLimit-Limit');
    const llms = staticReadHeaders(settings).find((rule) => rule.source === '/llms.txt');
    expect(llms?.headers.map((header) => header.key)).not.toContain('RateLimit-Limit');
  });

  it('each read names a file the build makes', () => {
    const files = new Set(STATIC_READS.map((read: StaticRead) => read.file));
    for (const rule of rewrites) expect(files.has(rule.destination.replace('/_next/static/reads/', ''))).toBe(true);
  });
});
