import type { Endpoint, RouteHandler } from '@/lib/http/api-route';
import { siteRuleRefusal } from './site-rules';

/**
 * The requests proxy.ts's matcher leaves out: a JSON body to a tool or to MCP (the API's calls, which Next's proxy
 * step would make markedly slower: bench/README.md). Next cannot match on the method, so this is the path and the
 * Content-Type as the matcher's `missing` condition reads them (Next anchors the value); tests hold the two equal.
 */
const UNPROXIED_PATH = /^\/api\/(?:agent\/tools\/[^/]+|mcp)$/;
const JSON_CONTENT_TYPE = /^application\/json.*$/;

export function isUnproxied(request: Request): boolean {
  return unproxiedTarget(request) !== undefined;
}

/** The path and query of a request proxy.ts's matcher left out, or undefined for one it ran for. */
function unproxiedTarget(request: Request): string | undefined {
  if (!JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '')) return undefined;
  const url = new URL(request.url);
  return UNPROXIED_PATH.test(url.pathname) ? `${url.pathname}${url.search}` : undefined;
}

/**
 * An endpoint whose requests proxy.ts may not see: each request it did not see goes through the site rules
 * (site-rules.ts: counted, a foreign Host refused) before the handler, as proxy.ts would have sent it.
 */
export function withSiteRules<E extends Endpoint>(endpoint: E): E {
  const guarded = (handler: RouteHandler): RouteHandler => {
    return async (request, context) => {
      const target = unproxiedTarget(request);
      if (target === undefined) return handler(request, context);
      return siteRuleRefusal(request.method, target, request.headers) ?? handler(request, context);
    };
  };
  return {
    ...endpoint,
    GET: guarded(endpoint.GET),
    POST: guarded(endpoint.POST),
    PUT: guarded(endpoint.PUT),
    PATCH: guarded(endpoint.PATCH),
    DELETE: guarded(endpoint.DELETE),
  };
}
