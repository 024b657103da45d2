import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveServerCard } from '@/lib/discovery/mcp/server-card-response';

/** GET /api/mcp/server-card: the MCP server card (SEP-2127), with ETag and 304. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => serveServerCard(request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
