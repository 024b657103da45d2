import { serveResource } from '@/lib/agent/rest';
import { apiRoute, otherMethods } from '@/lib/http/api-route';

/** GET /api/agent/resources/{name} (docs/agent-api.md, "Resources"). */
export const GET = apiRoute(serveResource);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
