import { type NextRequest, NextResponse } from 'next/server';
import { distDir } from '@/lib/config/dist-dir';
import { NEXT_STATIC_PREFIX, missingStaticFileAnswer } from '@/lib/http/missing-static-file';
import { isMarkdownAgent } from '@/lib/http/ai-agents';
import { deskPageQuotaRefusal } from '@/lib/desk/desk-quota';
import { isDeskPath } from '@/lib/http/desk-path';
import { acceptPrefersMarkdown } from '@/lib/http/negotiate';
import { API_HEADERS, PAGE_ORIGIN_HEADER, isApiPath, isPagePath } from '@/lib/http/shared-headers';
import { unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import { trailingSlashRedirect } from '@/lib/http/trailing-slash';
import { MAX_USER_AGENT_LENGTH, boundedUserAgent } from '@/lib/http/user-agent';
import { originVaryHeaders, publicOrigin } from '@/lib/security/public-origin';
import { originSegment } from '@/lib/site/page-origin';
import { CACHE_DOCUMENT, CACHE_PAGE, CACHE_PRIVATE_READ } from '@/lib/http/cache-control';
import { refuseServerAction } from '@/lib/security/server-actions';
import { siteRuleRefusal } from '@/lib/proxy/site-rules';

const SITEMAP_PATH = '/sitemap.xml';

/**
 * A human page's path: a page path of next.config.ts that is neither the API, the markdown route itself nor the
 * consultant's desk (which has no markdown).
 */
const isHumanPage = (pathname: string) =>
  isPagePath(pathname) && !isApiPath(pathname) && !/^\/md(?:\/|$)/.test(pathname) && !isDeskPath(pathname);

/**
 * Whether a page request gets the markdown: from an AI agent (lib/http/ai-agents.ts) always; otherwise when its
 * Accept header prefers markdown by RFC 9110 negotiation. Exactly `text/markdown` is a static rewrite in
 * next.config.ts and needs nothing here; the others are given that Accept, so the same rewrite serves them.
 */
function wantsMarkdown(request: NextRequest): boolean {
  if (!isHumanPage(request.nextUrl.pathname)) return false;
  if (isMarkdownAgent(request.headers)) return true;
  const accept = request.headers.get('accept') ?? '';
  return !isExactlyMarkdown(request) && acceptPrefersMarkdown(accept);
}

const isExactlyMarkdown = (request: NextRequest) => request.headers.get('accept') === 'text/markdown';

/**
 * The request headers Next's own code and the routes read: a User-Agent past MAX_USER_AGENT_LENGTH is cut (Next's
 * bot detection costs the square of its length), else unchanged.
 */
function boundedRequest(request: NextRequest): { request: { headers: Headers } } | undefined {
  const userAgent = request.headers.get('user-agent');
  if (!userAgent || userAgent.length <= MAX_USER_AGENT_LENGTH) return undefined;
  const headers = new Headers(request.headers);
  headers.set('user-agent', boundedUserAgent(userAgent));
  return { request: { headers } };
}

/**
 * A form post Next would answer with a 500 that its headers alone show (lib/security/server-actions.ts: another
 * site's Origin, a form posted to a page without one). Its body checks need the body before Next reads it, which
 * only the project's server can do (lib/security/request-guard.ts, docs/serving.md).
 */
function refuseFormPost(request: NextRequest): NextResponse | undefined {
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  const refusal = refuseServerAction('POST', target, Object.fromEntries(request.headers));
  if (!refusal) return undefined;
  return new NextResponse(`${refusal.message}\n`, {
    status: refusal.status,
    headers: { ...API_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });
}

/**
 * Next 16's proxy (formerly middleware.ts): the request rules, run by Next for every request it serves but the
 * API's calls (see the matcher), under the project's server and bare `next start` alike (docs/serving.md). It
 * answers a read of a build file that is gone (lib/http/missing-static-file.ts); counts the request and refuses one
 * for another site's name (lib/proxy/site-rules.ts); refuses a method no route has (lib/http/unrouted-method.ts)
 * and a forged form post; redirects a page path's trailing slash (lib/http/trailing-slash.ts); counts a view of a
 * desk page against the per-address quota (lib/desk/desk-quota.ts); bounds the User-Agent; gives the human pages
 * as markdown to AI agents and to clients that prefer it (docs/agents-and-crawlers.md, "Every page as markdown"),
 * and as HTML rendered for the origin they are served at to everyone else. Shared headers come from next.config.ts.
 */
export async function proxy(request: NextRequest): Promise<Response> {
  if (request.nextUrl.pathname.startsWith(NEXT_STATIC_PREFIX)) {
    return (await missingStaticFileAnswer(distDir(), request.method, request.nextUrl.pathname)) ?? NextResponse.next();
  }
  const target = `${request.nextUrl.pathname}${request.nextUrl.search}`;
  const foreign = siteRuleRefusal(request.method, target, request.headers);
  if (foreign) return foreign;
  const unrouted = unroutedMethodAnswer(request.method, request.nextUrl.pathname);
  if (unrouted) return new NextResponse(unrouted.body, { status: unrouted.status, headers: unrouted.headers });
  const canonical = trailingSlashRedirect(request.nextUrl.pathname);
  // A plain URL: NextURL puts back the trailing slash the request had when Next's own redirect is off.
  if (canonical !== undefined)
    return NextResponse.redirect(new URL(canonical + request.nextUrl.search, request.url), 308);
  const refusal = request.method === 'POST' ? refuseFormPost(request) : undefined;
  if (refusal) return refusal;
  const busy = await deskPageQuotaRefusal(request.method, request.nextUrl.pathname, request.headers);
  if (busy) return busy;
  const init = boundedRequest(request);
  const page = request.method === 'GET' || request.method === 'HEAD' ? isHumanPage(request.nextUrl.pathname) : false;
  if (!wantsMarkdown(request)) {
    const response = NextResponse.next(withPageOrigin(request, init));
    // Exactly `Accept: text/markdown` on a page URL is the static rewrite's markdown (next.config.ts).
    if (page) response.headers.set('Cache-Control', isExactlyMarkdown(request) ? CACHE_PRIVATE_READ : CACHE_PAGE);
    // Next's sitemap route says `max-age=0, must-revalidate`; it is a document like llms.txt.
    else if (request.nextUrl.pathname === SITEMAP_PATH) response.headers.set('Cache-Control', CACHE_DOCUMENT);
    return withOriginVary(response);
  }
  // The request goes on asking for exactly `Accept: text/markdown`, which next.config.ts's static rewrite serves
  // (Next runs it after the proxy). An absolute rewrite URL from here would be fetched over HTTP by a second
  // request whenever Next's idea of its own origin differs from the URL it gave the proxy.
  const headers = new Headers(init?.request.headers ?? request.headers);
  headers.set('accept', 'text/markdown');
  headers.delete(PAGE_ORIGIN_HEADER);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Cache-Control', CACHE_PRIVATE_READ);
  return withOriginVary(response);
}

/**
 * The request as Next goes on with it: a human page as HTML names its origin's segment in PAGE_ORIGIN_HEADER, which
 * next.config.ts rewrites to app/[origin], so each page names its own origin in its canonical link, Open Graph and
 * structured data (lib/site/page-origin.ts). A client's own such header is never passed on.
 */
function withPageOrigin(request: NextRequest, init: { request: { headers: Headers } } | undefined) {
  const asHtmlPage = isHumanPage(request.nextUrl.pathname) && !isExactlyMarkdown(request);
  if (!asHtmlPage && !request.headers.has(PAGE_ORIGIN_HEADER)) return init;
  const headers = new Headers(init?.request.headers ?? request.headers);
  headers.delete(PAGE_ORIGIN_HEADER);
  if (asHtmlPage) headers.set(PAGE_ORIGIN_HEADER, originSegment(publicOrigin(request)));
  return { request: { headers } };
}

/**
 * The answer with the forwarding headers the site's origin is read from in its Vary, when they are believed
 * (lib/security/public-origin.ts): Next adds it to the Vary of whatever then answers, so a shared cache in front
 * keeps the answer apart for each proxy's view of the origin.
 */
function withOriginVary(response: NextResponse): NextResponse {
  const names = originVaryHeaders();
  if (names.length > 0) response.headers.append('Vary', names.join(', '));
  return response;
}

export const config = {
  matcher: [
    // Everything but Next's image optimiser and the API's calls; Next's own static files for the look on disk only.
    '/((?!_next/image|api/agent/tools/[^/]+$|api/mcp$).*)',
    // The API's calls (a JSON body to a tool or to MCP) apply the site rules themselves
    // (lib/proxy/unproxied-endpoint.ts); anything else sent there is the proxy's.
    {
      source: '/api/agent/tools/:tool',
      missing: [{ type: 'header', key: 'content-type', value: 'application/json.*' }],
    },
    { source: '/api/mcp', missing: [{ type: 'header', key: 'content-type', value: 'application/json.*' }] },
  ],
};
