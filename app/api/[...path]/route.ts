import { NotFoundError } from '@/lib/http/errors';
import { apiRoute } from '@/lib/http/api-route';

/** Any /api path that no route serves: 404 with the envelope, never an HTML page (docs/agent-api.md, "Errors"). */
const notFound = apiRoute(async (request) => {
  throw new NotFoundError(
    `There is no API endpoint at ${new URL(request.url).pathname}.`,
    'GET /api/agent lists every resource and tool with its URL and method.',
  );
});

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
