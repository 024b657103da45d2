import { NotFoundError } from './errors';

/**
 * The methods each API path has, for answers given before a route is reached (a method Next does not route, such
 * as TRACE or PROPFIND). The routes declare the same lists; tests/integration/odd-requests.test.ts holds every
 * path's 405 `Allow` to its OPTIONS answer. Kept free of route code so proxy.ts can import it.
 */
const API_METHODS: readonly { pattern: RegExp; allowed: readonly string[] }[] = [
  { pattern: /^\/api\/agent$/, allowed: ['GET'] },
  { pattern: /^\/api\/agent\/resources\/[^/]+$/, allowed: ['GET'] },
  { pattern: /^\/api\/agent\/tools\/[^/]+$/, allowed: ['POST'] },
  { pattern: /^\/api\/mcp$/, allowed: ['GET', 'POST', 'DELETE'] },
];

/** The methods of the API endpoint at `pathname`, or undefined when no endpoint is there. */
export function apiMethodsAt(pathname: string): readonly string[] | undefined {
  return API_METHODS.find(({ pattern }) => pattern.test(pathname))?.allowed;
}

/** The methods Next routes; any other reaches no handler (and TRACE, TRACK and CONNECT break its proxy step). */
export const ROUTED_METHODS: ReadonlySet<string> = new Set([
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
]);

/** The 404 of an /api path no endpoint serves (docs/agent-api.md, "Errors"). */
export function noApiEndpoint(pathname: string): NotFoundError {
  return new NotFoundError(
    `There is no API endpoint at ${pathname}.`,
    'GET /api/agent lists every resource and tool with its URL and method.',
  );
}
