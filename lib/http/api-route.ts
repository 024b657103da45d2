import { getConfig } from '@/lib/config/env';
import { type ApiEndpointPath, type ApiMethod, type MethodsOf, apiEndpoint } from './api-paths';
import { CACHE_NEVER, CACHE_PRIVATE_READ } from './cache-control';
import { clientAddress } from './forwarded';
import { ApiError, MethodNotAllowedError, unexpectedError } from '@/lib/api-errors';
import { type Quota, consumeQuota, rateLimitHeaders } from '@/lib/quotas/consume-quota';
import type { QuotaState } from '@/lib/stores/quotas/quota-store';

/** What a handler knows about the request beyond the Request itself. */
export interface ApiContext {
  requestId: string;
  client: string;
  params: Record<string, string | string[] | undefined>;
  /** Counts one request against a further quota (for example the mail quota) and reports it in the headers. */
  consume(quota: Quota): Promise<void>;
}

type Handler = (request: Request, context: ApiContext) => Promise<Response>;
type NextContext = { params: Promise<Record<string, string | string[] | undefined>> };
/** A route handler as the App Router calls it. */
export type RouteHandler = (request: Request, context: NextContext) => Promise<Response>;

/** The window of the general quota: RATE_LIMIT_PER_MINUTE counts per minute. */
const GENERAL_QUOTA_WINDOW_SECONDS = 60;

/** The general per-client quota every API call counts against (RATE_LIMIT_PER_MINUTE). */
export function generalQuota(): Quota {
  return { name: 'general', limit: getConfig().RATE_LIMIT_PER_MINUTE, windowSeconds: GENERAL_QUOTA_WINDOW_SECONDS };
}

/** Sends JSON with the status and headers given. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

/** Turns anything thrown into the error envelope; unknown errors become 500 with a request id, logged. */
function toErrorResponse(error: unknown, requestId: string): Response {
  const known = error instanceof ApiError ? error : unexpectedError(requestId, error, 'an API route');
  return json(known.toBody(), known.status, { 'Cache-Control': 'no-store', ...known.headers });
}

/**
 * Wraps a route handler: counts the general quota, runs the handler, puts the RateLimit-* headers of the
 * tightest quota on the response, and turns every error into the envelope. The one try/catch of the API.
 *
 * A successful read is kept briefly by caches; anything else is never stored (lib/http/cache-control.ts), unless the
 * handler chose. It runs in front of every API call, so it does only what the call needs: the client address and
 * the request id are worked out when first read, and a quota that is off (limit 0) costs no store call.
 */
export function apiRoute(handler: Handler): RouteHandler {
  return async (request, nextContext) => {
    let states: QuotaState[] | undefined;
    let requestId: string | undefined;
    let client: string | undefined;
    const context: ApiContext = {
      get requestId() {
        return (requestId ??= crypto.randomUUID());
      },
      get client() {
        return (client ??= clientAddress(request.headers));
      },
      params: (await nextContext?.params) ?? {},
      async consume(quota) {
        if (quota.limit <= 0) return;
        const state = await consumeQuota(quota, context.client);
        if (state) (states ??= []).push(state);
      },
    };
    let response: Response;
    try {
      const general = generalQuota();
      if (general.limit > 0) await context.consume(general);
      response = await handler(request, context);
    } catch (error) {
      response = toErrorResponse(error, context.requestId);
    }
    const tightest = states?.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    if (tightest && !response.headers.has('RateLimit-Limit')) {
      for (const [name, value] of Object.entries(rateLimitHeaders(tightest))) response.headers.set(name, value);
    }
    if (!response.headers.has('Cache-Control')) {
      const read = (request.method === 'GET' || request.method === 'HEAD') && response.status === 200;
      response.headers.set('Cache-Control', read ? CACHE_PRIVATE_READ : CACHE_NEVER);
    }
    return response;
  };
}

/** The Allow header of a route that has these methods (HEAD comes with GET; OPTIONS always). */
export const allowHeader = (allowed: readonly string[]) =>
  [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');

/** The 405 of `method` on a route that has the `allowed` methods. */
export function methodNotAllowed(method: string, pathname: string, allowed: readonly string[]): MethodNotAllowedError {
  return new MethodNotAllowedError(
    `${method} is not supported on ${pathname}.`,
    `Use ${allowed.join(' or ')}; GET /api/agent lists every endpoint with its method.`,
    { Allow: allowHeader(allowed) },
  );
}

/** A handler refusing whatever method it gets with 405, `Allow` and the envelope. */
function refuseMethod(allowed: readonly string[]): ReturnType<typeof apiRoute> {
  return apiRoute(async (request) => {
    throw methodNotAllowed(request.method, new URL(request.url).pathname, allowed);
  });
}

/**
 * The OPTIONS answer (204, not metered) whose `Allow` names only the methods the route has: left to Next, it
 * would list every exported handler, the refusals of otherMethods included.
 */
function answerOptions(allowed: readonly string[]): () => Promise<Response> {
  const allow = allowHeader(allowed);
  return async () => new Response(null, { status: 204, headers: { Allow: allow } });
}

/**
 * Handlers for the methods a route does not have, answering 405 with `Allow` and the envelope, so that
 * Next's own empty 405 never reaches a client, and its OPTIONS answer (answerOptions).
 * Usage: `export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET', 'POST'])`.
 */
export function otherMethods(
  allowed: readonly string[],
): Record<ApiMethod, RouteHandler> & { OPTIONS: () => Promise<Response> } {
  const reject = refuseMethod(allowed);
  return { GET: reject, POST: reject, PUT: reject, PATCH: reject, DELETE: reject, OPTIONS: answerOptions(allowed) };
}

/** A route's handler for every method: what an App Router route file exports. */
export type Endpoint<P extends ApiEndpointPath = ApiEndpointPath> = Record<ApiMethod, RouteHandler> & {
  OPTIONS: () => Promise<Response>;
  /** The endpoint's path, as API_ENDPOINTS declares it. */
  path: P;
  /** The methods the endpoint has (HEAD comes with GET, OPTIONS always), as API_ENDPOINTS declares them. */
  allowed: readonly ApiMethod[];
};

/**
 * The endpoint at `path` (lib/http/api-paths.ts, API_ENDPOINTS): `handlers` (wrapped with apiRoute) for exactly
 * the methods declared there, the compiler holding them to it, and 405 with the envelope for every other. A route
 * file exports it whole: `export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(path, handlers)`.
 */
export function endpoint<P extends ApiEndpointPath>(
  path: P,
  handlers: Record<MethodsOf<P>, RouteHandler>,
): Endpoint<P> {
  const { methods } = apiEndpoint(path);
  return { ...otherMethods(methods), ...handlers, path, allowed: methods };
}
