import { NotFoundError } from './errors';

/** The API's paths, each defined once here (docs/agent-api.md, "Endpoints"). */
export const MANIFEST_PATH = '/api/agent';
export const MCP_PATH = '/api/mcp';
/** The MCP server card: the endpoint's URL and `/server-card`, the location the draft (SEP-2127) reserves. */
export const SERVER_CARD_PATH = `${MCP_PATH}/server-card`;
/** The health probe of load balancers and orchestrators (docs/deployment.md, "Health checks"). */
export const HEALTH_PATH = '/api/health';
/** The path of a resource, by its name. */
export const resourcePath = (name: string): string => `${MANIFEST_PATH}/resources/${name}`;
/** The path of a tool, by its slug (the tool's name in kebab case). */
export const toolPath = (slug: string): string => `${MANIFEST_PATH}/tools/${slug}`;

const ANY_SEGMENT = '[^/]+';
// A trailing slash is served as the path without it (lib/http/trailing-slash.ts), so it has the same methods.
const exactly = (path: string) => new RegExp(`^${path}/?$`);

/**
 * The methods each API path has, for answers given before a route is reached (a method Next does not route, such
 * as TRACE or PROPFIND). The routes declare the same lists; tests/integration/odd-requests.test.ts holds every
 * path's 405 `Allow` to its OPTIONS answer. Kept free of route code so proxy.ts can import it.
 */
const API_METHODS: readonly { pattern: RegExp; allowed: readonly string[] }[] = [
  { pattern: exactly(MANIFEST_PATH), allowed: ['GET'] },
  { pattern: exactly(resourcePath(ANY_SEGMENT)), allowed: ['GET'] },
  { pattern: exactly(toolPath(ANY_SEGMENT)), allowed: ['POST'] },
  { pattern: exactly(MCP_PATH), allowed: ['GET', 'POST', 'DELETE'] },
  { pattern: exactly(HEALTH_PATH), allowed: ['GET'] },
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
    `GET ${MANIFEST_PATH} lists every resource and tool with its URL and method.`,
  );
}
