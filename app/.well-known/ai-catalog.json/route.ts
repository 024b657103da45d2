import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveAiCatalog } from '@/lib/discovery/mcp/ai-catalog';

/** GET /.well-known/ai-catalog.json: the AI Catalog that points to the MCP server card. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => serveAiCatalog(request));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
