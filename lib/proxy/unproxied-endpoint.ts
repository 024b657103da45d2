import type { RouteHandler } from '@/lib/http/api-route';
import { siteRuleRefusal } from './site-rules';

/**
 * The requests proxy.ts's matcher leaves out: a JSON body to a tool or to MCP (the API's calls, which Next's proxy
 * step would make markedly slower: bench/README.md). Next cannot match on the method, so this is the path and the
 * Content-Type as the matcher's `missing` condition reads them (Next anchors the value); tests hold the two equal.
 */
const UNPROXIED_PATH = /^\/api\/(?:agent\/tools\/[^/]+|mcp)$/;
const JSON_CONTENT_TYPE = /^application\/json.*$/;

export function isUnproxied(request: Request): boolean {
  return (
    JSON_CONTENT_TYPE.test(request.headers.get('content-type') ?? '') &&
    UNPROXIED_PATH.test(new URL(request.url).pathname)
  );
}

type Handlers = Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', RouteHandler> & {
  OPTIONS: () => Promise<Response>;
};

/**
 * An endpoint whose requests proxy.ts may not see: each request it did not see goes through the site rules
 * (site-rules.ts: counted, a foreign Host refused) before the handler, as proxy.ts would have sent it.
 */
export function withSiteRules<E extends Handlers>(endpoint: E): E {
  const guarded = (handler: RouteHandler): RouteHandler => {
    return async (request, context) => {
      if (!isUnproxied(request)) return handler(request, context);
      const url = new URL(request.url);
      return (
        siteRuleRefusal(request.method, `${url.pathname}${url.search}`, request.headers) ?? handler(request, context)
      );
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
