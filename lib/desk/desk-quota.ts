import { generalQuota } from '@/lib/http/api-route';
import { DESK_PATH, DESK_SIGN_IN_PATH } from '@/lib/http/desk-path';
import { RateLimitedError } from '@/lib/api-errors';
import { clientAddress } from '@/lib/http/forwarded';
import { consumeQuota } from '@/lib/quotas/consume-quota';
import { DESK_HEADERS } from '@/lib/http/shared-headers';

/** The desk's pages: rendered per request for anyone, so each view counts against the client's quota. */
const isDeskPage = (pathname: string) => pathname === DESK_PATH || pathname === DESK_SIGN_IN_PATH;

/**
 * Counts a request against the general per-address quota, as forms and API calls are counted; past it, the
 * 429 answer (plain words, with Retry-After and the RateLimit-* headers), else undefined.
 */
export async function deskQuotaRefusal(headers: Headers): Promise<Response | undefined> {
  try {
    await consumeQuota(generalQuota(), clientAddress(headers));
    return undefined;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    const seconds = error.headers['Retry-After'] ?? '60';
    return new Response(`Too many requests from this address just now. Wait ${seconds} seconds and try again.\n`, {
      status: 429,
      headers: { ...DESK_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...error.headers },
    });
  }
}

/** deskQuotaRefusal for a view of a desk page (GET or HEAD of /desk or its sign-in page), else undefined. */
export function deskPageQuotaRefusal(method: string, pathname: string, headers: Headers) {
  const view = (method === 'GET' || method === 'HEAD') && isDeskPage(pathname);
  return view ? deskQuotaRefusal(headers) : undefined;
}
