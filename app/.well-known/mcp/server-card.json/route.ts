import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveServerCard } from '@/lib/discovery/mcp/server-card-response';

/** GET /.well-known/mcp/server-card.json: the same server card as /api/mcp/server-card, where scanners look. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => serveServerCard(request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
