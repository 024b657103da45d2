import { publicOrigin } from '@/lib/http/forwarded';
import { apiRoute, json, otherMethods } from '@/lib/http/api-route';
import { buildServerCard } from '@/lib/mcp/server-card';
import { SERVER_CARD_MEDIA_TYPE } from '@/lib/mcp/server-card-schema';

/** GET /.well-known/mcp/server-card.json: the MCP server card, generated from the same surface as /api/mcp. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) =>
  json(buildServerCard(publicOrigin(request)), 200, {
    'Content-Type': SERVER_CARD_MEDIA_TYPE,
    'Cache-Control': 'public, max-age=3600',
  }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
