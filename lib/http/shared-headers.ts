import { API_VERSION } from '../api-version';
import { CONTENT_USAGE } from './content-preferences';
import { DESK_PATH } from './desk-path';

/**
 * The headers every response carries (docs/agent-api.md, "Headers and CORS" and "Versioning"; docs/serving.md,
 * "Security"), and those of API answers and of pages. next.config.ts gives them to everything Next answers; the few
 * answers the project's socket guard writes itself (lib/security/request-guard.ts) take them from here too. Imported
 * by next.config.ts: relative imports only.
 */
export const SHARED_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'REST-Version': API_VERSION,
  // Preflights (OPTIONS) are answered 204 by Next for every route handler; these make them useful.
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Content-Type, Accept, Authorization, Idempotency-Key, Mcp-Session-Id, MCP-Protocol-Version, ' +
    'Mcp-Method, Mcp-Name, Mcp-Param-Idempotency-Key, Last-Event-ID, If-None-Match',
  'Access-Control-Expose-Headers':
    'REST-Version, Content-Version, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, ' +
    'Mcp-Session-Id, MCP-Protocol-Version, Content-Disposition, Idempotent-Replayed, ETag, Accept-Encoding',
  'Access-Control-Max-Age': '86400',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // frame-ancestors 'none' in the pages' CSP; this is the same rule for browsers that predate it.
  'X-Frame-Options': 'DENY',
};

/**
 * Names the content a build serves (lib/content/version.ts) on every answer; its value is set by next.config.ts at
 * build, so it is not in SHARED_HEADERS.
 */
export const CONTENT_VERSION_HEADER = 'Content-Version';

/** API answers are data, never a document to run. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/**
 * The request header a shared cache keys a page's representations by: Accept. Markdown chosen by who is asking
 * (an AI agent's User-Agent or Signature-Agent) is never stored by a shared cache (CACHE_PRIVATE_READ), so no cache
 * needs those headers in its key: a Vary on User-Agent would split a cache per browser build, and a long Vary
 * passes what common caches read (nginx keeps 128 bytes of it).
 */
export const PAGE_VARY = 'Accept';

/** Links (RFC 8288) every page and the manifest carry to the discovery documents: llms.txt and the API catalog. */
const INDEX_LINKS = ['</llms.txt>; rel="llms-txt"; type="text/plain"', '</.well-known/api-catalog>; rel="api-catalog"'];
/** The MCP server card, which describes the MCP endpoint (the link's anchor), not the resource that links to it. */
const MCP_CARD_LINK =
  '</.well-known/mcp/server-card.json>; rel="service-desc"; anchor="/api/mcp"; type="application/mcp-server-card+json"';

/**
 * Pages have two representations (PAGE_VARY), point crawlers to the llms.txt index and the API catalog, and state
 * the uses of their content the consultant allows (AIPREF's Content-Usage, as robots.txt's Content-Signal).
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  Vary: PAGE_VARY,
  Link: INDEX_LINKS.join(', '),
  'Content-Usage': CONTENT_USAGE,
};

/** The homepage's links: its markdown alternate and every discovery document (RFC 8288, RFC 9727). */
export const HOME_HEADERS: Readonly<Record<string, string>> = {
  Link: ['</index.md>; rel="alternate"; type="text/markdown"', ...INDEX_LINKS, MCP_CARD_LINK].join(', '),
};

/** The manifest's links: the API's OpenAPI description and documentation, and the other discovery documents. */
export const MANIFEST_LINK = [
  '</openapi.json>; rel="service-desc"; type="application/openapi+json"',
  '</agents>; rel="service-doc"; type="text/html"',
  ...INDEX_LINKS,
  MCP_CARD_LINK,
].join(', ');

/**
 * The desk's pages and downloads (docs/desk.md) are for one person: never stored by a cache, never indexed, and
 * named in a Referer by their origin only (a sign-in link's token is in its URL). Not `no-referrer`: browsers then
 * send `Origin: null` with the desk's own forms, which the forged-post check must refuse.
 */
export const DESK_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'strict-origin',
};
/** next.config's source patterns of the desk: its page and everything under it. */
export const DESK_SOURCES = [DESK_PATH, `${DESK_PATH}/:path*`];

/** next.config's source patterns of the API and of the pages (paths without a dot, outside the API and _next). */
export const API_SOURCE = '/api/:path*';
export const PAGE_SOURCE = '/:path((?!api/|_next/)[^.]*)';

/**
 * The request header in which proxy.ts names the origin segment of a page (lib/site/page-origin.ts), for
 * next.config.ts's rewrite to app/[origin]. proxy.ts removes any a client sends.
 */
export const PAGE_ORIGIN_HEADER = 'x-page-origin';

/** The same two patterns as tests on a pathname. */
export const isApiPath = (pathname: string): boolean => pathname === '/api' || pathname.startsWith('/api/');
export const isPagePath = (pathname: string): boolean =>
  !/^\/(?:api|_next)\//.test(pathname) && !pathname.includes('.');

/** As next.config's `headers()` takes them. */
export const asHeaderList = (headers: Readonly<Record<string, string>>) =>
  Object.entries(headers).map(([key, value]) => ({ key, value }));
