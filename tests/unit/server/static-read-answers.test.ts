import fs from 'node:fs';
import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { matchHas } from 'next/dist/shared/lib/router/utils/prepare-destination';
import { afterAll, describe, expect, it } from 'vitest';
import { CACHE_READ } from '@/lib/http/cache-control';
import { preferredMediaType } from '@/lib/http/negotiate';
import { PAGE_VARY, SHARED_HEADERS } from '@/lib/http/shared-headers';
import { acceptsGzip, fileCanAnswer, matchesIfNoneMatch } from '@/lib/server/cached-answer';
import { type StaticAnswers, answerFor, loadStaticAnswers } from '@/lib/server/static-read-answers';
import { SITE_URL_FILE, STATIC_READS, staticReadFiles } from '@/lib/static-reads/catalog';

/** The Vary list Next puts on every App Router answer (lib/next/build-output.ts). */
const NEXT_VARY = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';

/**
 * A static read may answer only when its route would give the same representation. The answers are
 * loaded here from files like the build's, and their conditions checked against the route's negotiation
 * (lib/http/negotiate.ts) and against Next's own matcher for thousands of Accept headers.
 */
const SITE_URL = 'https://consultant.example';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-reads-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Files as the build writes them: small ones, and the manifest and llms.txt past the compression threshold. */
function writeFiles(target: string, siteUrl = SITE_URL): void {
  for (const file of staticReadFiles()) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    const big = file === 'api/agent.json' || file === 'llms.txt';
    fs.writeFileSync(
      path.join(target, file),
      big ? `{"file":"${file}","pad":"${'x'.repeat(3000)}"}` : `{"file":"${file}"}`,
    );
  }
  fs.writeFileSync(path.join(target, SITE_URL_FILE), siteUrl);
}
writeFiles(dir);

function load(rateLimit = 300): StaticAnswers {
  const { answers, problem } = loadStaticAnswers(dir, SITE_URL, rateLimit);
  if (!answers) throw new Error(`no answers: ${problem}`);
  return answers;
}
const answers = load();

/** The file a GET of `path` with this Accept header is answered from, or undefined (the route answers). */
function fileFor(pathname: string, accept: string | undefined): string | undefined {
  return answerFor(answers, 'GET', pathname, accept === undefined ? {} : { accept })?.read.file;
}

/** The same, decided by Next's matcher on the catalog's conditions, as the rewrites of the earlier design did. */
function fileByNext(pathname: string, accept: string | undefined): string | undefined {
  const request = new IncomingMessage(new Socket());
  request.headers = accept === undefined ? {} : { accept };
  return STATIC_READS.find((read) => read.source === pathname && matchHas(request, {}, read.has, read.missing))?.file;
}

function negotiated(ownType: string, accept: string | undefined): string {
  const request = new Request('https://consultant.example/', { headers: accept === undefined ? {} : { accept } });
  return preferredMediaType(request, ['application/json', ownType]) ?? 'application/json';
}

const TYPES = [
  'application/json',
  'text/markdown',
  'text/vcard',
  'text/*',
  '*/*',
  'application/*',
  'text/html',
  'image/png',
];
const mediaRange = fc
  .tuple(
    fc.constantFrom(...TYPES),
    fc.boolean(),
    fc.option(fc.constantFrom('0', '0.1', '0.5', '0.9', '1'), { nil: undefined }),
    fc.option(fc.constantFrom(';charset=utf-8', ';level=1'), { nil: undefined }),
    fc.constantFrom(';q=', '; q=', ';Q=', ' ;q='),
  )
  .map(
    ([type, upper, q, param, qPrefix]) =>
      `${upper ? type.toUpperCase() : type}${param ?? ''}${q === undefined ? '' : `${qPrefix}${q}`}`,
  );
const acceptHeader = fc.oneof(
  fc.array(mediaRange, { minLength: 1, maxLength: 4 }).map((ranges) => ranges.join(', ')),
  fc.string({ maxLength: 40 }),
);

describe('static reads answer exactly what their route would', () => {
  it.each([
    ['/api/agent/resources/bio', 'text/markdown'],
    ['/api/agent/resources/contact-card', 'text/vcard'],
  ])('%s: whenever a static answer is given, negotiation gives its type (q-values honoured)', (pathname, ownType) => {
    fc.assert(
      fc.property(fc.option(acceptHeader, { nil: undefined }), (accept) => {
        const file = fileFor(pathname, accept);
        if (file === undefined) return;
        expect(file.endsWith('.json') ? 'application/json' : ownType).toBe(negotiated(ownType, accept));
      }),
      { numRuns: 10_000 },
    );
  });

  it('the conditions mean what they meant to Next as rewrites (its own matcher agrees on every read)', () => {
    const paths = [...new Set(STATIC_READS.map((read) => read.source))];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.option(acceptHeader, { nil: undefined }), (pathname, accept) => {
        expect(fileFor(pathname, accept)).toBe(fileByNext(pathname, accept));
      }),
      { numRuns: 10_000 },
    );
  });

  it.each([
    [undefined, 'api/resources/bio.json'],
    ['*/*', 'api/resources/bio.json'],
    ['application/json', 'api/resources/bio.json'],
    ['text/markdown', 'api/resources/bio.md'],
    ['text/markdown;q=0.5, application/json', undefined],
    ['text/*', undefined],
    ['TEXT/MARKDOWN', undefined],
  ])('bio with Accept %s is answered from %s (undefined: the route)', (accept, file) => {
    expect(fileFor('/api/agent/resources/bio', accept)).toBe(file);
  });

  it('the manifest, case studies and engagements are answered whatever the Accept (they have one form)', () => {
    for (const pathname of ['/api/agent', '/api/agent/resources/case-studies', '/api/agent/resources/engagements']) {
      expect(fileFor(pathname, 'text/markdown;q=0.9, application/xml')).toMatch(/\.json$/);
    }
  });

  it('the query string does not matter; another path, a trailing slash or another case goes to the route', () => {
    expect(fileFor('/llms.txt?utm=1', undefined)).toBe('llms.txt');
    for (const pathname of ['/api/agent/', '/API/agent', '/api/agent/resources', '/llms.txt/', '/about'])
      expect(fileFor(pathname, undefined)).toBeUndefined();
  });

  it('only GET and HEAD without Range or preconditions other than If-None-Match are answered', () => {
    expect(fileCanAnswer('GET', {})).toBe(true);
    expect(fileCanAnswer('HEAD', { 'if-none-match': 'W/"1"' })).toBe(true);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect(fileCanAnswer(method, {})).toBe(false);
      expect(answerFor(answers, method, '/api/agent', {})).toBeUndefined();
    }
    for (const name of ['range', 'if-range', 'if-match', 'if-unmodified-since']) {
      expect(fileCanAnswer('GET', { [name]: 'x' })).toBe(false);
      expect(answerFor(answers, 'GET', '/api/agent', { [name]: 'x' })).toBeUndefined();
    }
  });
});

describe("the answers carry the route's headers", () => {
  const manifest = () => answerFor(answers, 'GET', '/api/agent', {});

  it('every shared header, the API policy on API reads, the page headers on the homepage', () => {
    const api = manifest()?.identity.headers ?? {};
    for (const [name, value] of Object.entries(SHARED_HEADERS)) expect(api[name]).toBe(value);
    expect(api['Content-Security-Policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api['Content-Type']).toBe('application/json');
    expect(api['Cache-Control']).toBe(CACHE_READ);
    const home = answerFor(answers, 'GET', '/', { accept: 'text/markdown' })?.identity.headers ?? {};
    expect(home['Content-Type']).toBe('text/markdown; charset=utf-8');
    expect(home.Link).toMatch(/rel="llms-txt"/);
    expect(home.Vary).toBe(`${PAGE_VARY}, ${NEXT_VARY}, Accept-Encoding`);
    expect(home['X-Robots-Tag']).toBe('noindex');
    expect(home['Content-Security-Policy']).toBeUndefined();
    expect(answerFor(answers, 'GET', '/llms.txt', {})?.identity.headers.Link).toBeUndefined();
  });

  it('API reads are unmetered: the general policy with its full allowance, none when the quota is off', () => {
    expect(manifest()?.identity.headers).toMatchObject({
      'RateLimit-Limit': '300',
      'RateLimit-Remaining': '300',
      'RateLimit-Reset': '60',
      'RateLimit-Policy': '300;w=60',
    });
    expect(answerFor(answers, 'GET', '/llms.txt', {})?.identity.headers['RateLimit-Limit']).toBeUndefined();
    expect(answerFor(load(0), 'GET', '/api/agent', {})?.identity.headers['RateLimit-Limit']).toBeUndefined();
  });

  it('a body of 1 KiB or more has a gzip copy with its own ETag; both say Vary: Accept-Encoding; a small one has none', () => {
    const answer = manifest();
    expect(answer?.gzip).toBeDefined();
    expect(gunzipSync(answer?.gzip?.body ?? Buffer.alloc(0)).equals(answer?.identity.body ?? Buffer.alloc(1))).toBe(
      true,
    );
    expect(answer?.gzip?.headers['Content-Encoding']).toBe('gzip');
    expect(answer?.gzip?.headers['Content-Length']).toBe(String(answer?.gzip?.body.length));
    expect(answer?.gzip?.etag).not.toBe(answer?.identity.etag);
    expect(answer?.identity.headers.Vary).toBe(`${NEXT_VARY}, Accept-Encoding`);
    expect(answerFor(answers, 'GET', '/llms.txt', {})?.gzip?.headers.Vary).toBe(`${NEXT_VARY}, Accept-Encoding`);
    const bio = answerFor(answers, 'GET', '/api/agent/resources/bio', {});
    expect(bio?.gzip).toBeUndefined();
    expect(bio?.identity.headers.Vary).toBe(`Accept, ${NEXT_VARY}, Accept-Encoding`);
    expect(bio?.identity.headers['Content-Length']).toBe(String(bio?.identity.body.length));
  });

  it('a 304 carries the ETag, Vary and cache headers but no type or length', () => {
    const notModified = manifest()?.identity.notModified ?? {};
    expect(notModified.ETag).toBe(manifest()?.identity.etag);
    expect(notModified['Cache-Control']).toBe(CACHE_READ);
    expect(notModified.Vary).toBe(`${NEXT_VARY}, Accept-Encoding`);
    expect(notModified['Content-Type']).toBeUndefined();
    expect(notModified['Content-Length']).toBeUndefined();
  });
});

describe("the files must be this SITE_URL's", () => {
  it('no files (no SITE_URL at build): nothing to answer; a complaint only when SITE_URL is set now', () => {
    expect(loadStaticAnswers(path.join(dir, 'missing'), undefined, 300)).toEqual({});
    const missing = loadStaticAnswers(path.join(dir, 'missing'), SITE_URL, 300);
    expect(missing.answers).toBeUndefined();
    expect(missing.problem).toMatch(/the build has no static reads .*Run npm run build with SITE_URL set/);
  });

  it('files built for another SITE_URL, or with SITE_URL now unset, are not answered, and the log says why', () => {
    const other = loadStaticAnswers(dir, 'https://elsewhere.example', 300);
    expect(other.answers).toBeUndefined();
    expect(other.problem).toMatch(
      /built for SITE_URL=https:\/\/consultant\.example, but it is now https:\/\/elsewhere\.example/,
    );
    expect(loadStaticAnswers(dir, undefined, 300).problem).toMatch(/now unset/);
    expect(loadStaticAnswers(dir, `${SITE_URL}/`, 300).answers).toBeDefined();
  });

  it('a build missing one of the files answers none of them', () => {
    const partial = fs.mkdtempSync(path.join(os.tmpdir(), 'static-reads-partial-'));
    try {
      writeFiles(partial);
      fs.rmSync(path.join(partial, 'llms.txt'));
      const loaded = loadStaticAnswers(partial, SITE_URL, 300);
      expect(loaded.answers).toBeUndefined();
      expect(loaded.problem).toMatch(/no llms\.txt/);
    } finally {
      fs.rmSync(partial, { recursive: true, force: true });
    }
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
