import { noApiEndpoint } from '@/lib/http/api-paths';
import { apiRoute } from '@/lib/http/api-route';

/** Any /api path that no route serves: 404 with the envelope, never an HTML page (docs/agent-api.md, "Errors"). */
const notFound = apiRoute(async (request) => {
  throw noApiEndpoint(new URL(request.url).pathname);
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
