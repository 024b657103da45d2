import { getConfig } from '@/lib/config/env';
import { clientAddress } from './client';
import { ApiError, InternalError, MethodNotAllowedError } from './errors';
import { type Quota, type QuotaState, consumeQuota, rateLimitHeaders } from './quota';

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

/** The general per-client quota every API call counts against (RATE_LIMIT_PER_MINUTE). */
export function generalQuota(): Quota {
  return { name: 'general', limit: getConfig().RATE_LIMIT_PER_MINUTE, windowSeconds: 60 };
}

/** Sends JSON with the status and headers given. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
}

/** Turns anything thrown into the error envelope; unknown errors become 500 with a request id, logged. */
export function toErrorResponse(error: unknown, requestId: string): Response {
  const known =
    error instanceof ApiError
      ? error
      : new InternalError(
          `An unexpected error occurred (request id ${requestId}).`,
          `Try again shortly; if it persists, report the request id ${requestId} to the site owner.`,
        );
  if (!(error instanceof ApiError)) console.error(`[${requestId}] unexpected error`, error);
  return json(known.toBody(), known.status, { 'Cache-Control': 'no-store', ...known.headers });
}

/**
 * Wraps a route handler: counts the general quota, runs the handler, puts the RateLimit-* headers of the
 * tightest quota on the response, and turns every error into the envelope. The one try/catch of the API.
 *
 * It runs in front of every API call, so it does only what the call needs (issue 6): the client address and the
 * request id are worked out when first read, and a quota that is off (limit 0) costs no store call and no await.
 */
export function apiRoute(handler: Handler): (request: Request, context: NextContext) => Promise<Response> {
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
    return response;
  };
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Handlers for the methods a route does not have, answering 405 with `Allow` and the envelope, so that
 * Next's own empty 405 never reaches a client. Usage: `export const { PUT, PATCH, DELETE } = otherMethods(['GET', 'POST'])`.
 */
export function otherMethods(allowed: readonly string[]): Record<(typeof ALL_METHODS)[number], ReturnType<typeof apiRoute>> {
  const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const reject = apiRoute(async (request) => {
    throw new MethodNotAllowedError(
      `${request.method} is not supported on ${new URL(request.url).pathname}.`,
      `Use ${allowed.join(' or ')}; GET /api/agent lists every endpoint with its method.`,
      { Allow: allow },
    );
  });
  return { GET: reject, POST: reject, PUT: reject, PATCH: reject, DELETE: reject };
}
