import { serveResource } from '@/lib/agent/rest';
import { resourcePath } from '@/lib/http/api-paths';
import { apiRoute, endpoint } from '@/lib/http/api-route';

/** GET /api/agent/resources/{name} (docs/agent-api.md, "Resources"). */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(resourcePath('{name}'), {
  GET: apiRoute(serveResource),
});
