import { SERVER_CARD_PATH } from '@/lib/http/api-paths';
import { apiRoute, endpoint } from '@/lib/http/api-route';
import { serveServerCard } from '@/lib/discovery/mcp/server-card-response';

/** GET /api/mcp/server-card: the MCP server card (SEP-2127), with ETag and 304. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = endpoint(SERVER_CARD_PATH, {
  GET: apiRoute(async (request) => serveServerCard(request)),
});
