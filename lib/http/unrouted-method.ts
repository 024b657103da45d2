import { methodNotAllowed } from './api-route';
import { ROUTED_METHODS, apiMethodsAt, noApiEndpoint } from './api-paths';
import { API_HEADERS, isApiPath } from './shared-headers';

/** An answer written without a route: status, headers and body. */
export interface DirectAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * The answer to a method Next routes to no handler (TRACE, PROPFIND, …), or undefined for the methods it routes.
 * Under /api: the envelope, 405 with the path's `Allow`, or 404 where no endpoint is; elsewhere a plain 405 with
 * the pages' `Allow`, as Next answers other methods on a page.
 */
export function unroutedMethodAnswer(method: string, pathname: string): DirectAnswer | undefined {
  if (ROUTED_METHODS.has(method)) return undefined;
  if (!isApiPath(pathname)) {
    return {
      status: 405,
      headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
      body: `Method Not Allowed: ${method} is not served here; pages answer GET and HEAD.\n`,
    };
  }
  const allowed = apiMethodsAt(pathname);
  const error = allowed ? methodNotAllowed(method, pathname, allowed) : noApiEndpoint(pathname);
  return {
    status: error.status,
    headers: { ...API_HEADERS, 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...error.headers },
    body: JSON.stringify(error.toBody()),
  };
}
