import { NotFoundError } from '@/lib/api-errors';

/** The API's paths, each defined once here (docs/agent-api.md, "Endpoints"). */
export const MANIFEST_PATH = '/api/agent';
export const MCP_PATH = '/api/mcp';
/** The MCP server card: the endpoint's URL and `/server-card`, the location the draft (SEP-2127) reserves. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card` as const;
/** The health probe of load balancers and orchestrators (docs/deployment.md, "Health checks"). */
export const HEALTH_PATH = '/api/health';
/** The path of a resource, by its name (`{name}` for the endpoint's path). */
export const resourcePath = <N extends string>(name: N) => `${MANIFEST_PATH}/resources/${name}` as const;
/** The path of a tool, by its slug, the tool's name in kebab case (`{tool}` for the endpoint's path). */
export const toolPath = <S extends string>(slug: S) => `${MANIFEST_PATH}/tools/${slug}` as const;

/** The methods an API route can have a handler for (HEAD comes with GET; OPTIONS every route answers). */
export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Every API endpoint, declared once: its path (`{name}` one segment, as the route folder's `[name]`) and its
 * methods. The routes' 405 and OPTIONS (lib/http/api-route.ts, endpoint) and proxy.ts's answer to a method no
 * route has (TRACE, PROPFIND, …) read it; tests hold the route files and docs/agent-api.md ("Endpoints") to it.
 * Kept free of route code so proxy.ts can import it.
 */
export const API_ENDPOINTS = [
  { path: MANIFEST_PATH, methods: ['GET'] },
  { path: resourcePath('{name}'), methods: ['GET'] },
  { path: toolPath('{tool}'), methods: ['POST'] },
  { path: MCP_PATH, methods: ['GET', 'POST', 'DELETE'] },
  { path: SERVER_CARD_PATH, methods: ['GET'] },
  { path: HEALTH_PATH, methods: ['GET'] },
] as const satisfies readonly { path: string; methods: readonly ApiMethod[] }[];

/** One declared API endpoint. */
type ApiEndpoint = (typeof API_ENDPOINTS)[number];
/** The path of a declared API endpoint, as API_ENDPOINTS writes it. */
export type ApiEndpointPath = ApiEndpoint['path'];
/** The methods of the API endpoint at `P`. */
export type MethodsOf<P extends ApiEndpointPath> = Extract<ApiEndpoint, { path: P }>['methods'][number];

/** The declared endpoint at the path `P`. */
export function apiEndpoint<P extends ApiEndpointPath>(path: P): Extract<ApiEndpoint, { path: P }> {
  const found = API_ENDPOINTS.find((declared): declared is Extract<ApiEndpoint, { path: P }> => declared.path === path);
  if (!found) throw new Error(`API_ENDPOINTS declares no endpoint at ${path}`);
  return found;
}

// A trailing slash is served as the path without it (lib/http/trailing-slash.ts), so it has the same methods.
const PATTERNS = API_ENDPOINTS.map((declared) => ({
  pattern: new RegExp(`^${declared.path.replace(/\{\w+\}/g, '[^/]+')}/?$`),
  declared,
}));

/** The declared API endpoint that serves `pathname`, or undefined when no endpoint is there. */
export function apiEndpointAt(pathname: string): ApiEndpoint | undefined {
  return PATTERNS.find(({ pattern }) => pattern.test(pathname))?.declared;
}

/** The methods of the API endpoint at `pathname`, or undefined when no endpoint is there. */
export function apiMethodsAt(pathname: string): readonly ApiMethod[] | undefined {
  return apiEndpointAt(pathname)?.methods;
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
    `GET ${MANIFEST_PATH} lists every resource and tool with its URL and method.`,
  );
}
