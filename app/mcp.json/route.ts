import { publicOrigin } from '@/lib/security/public-origin';
import { apiRoute, json, otherMethods } from '@/lib/http/api-route';
import { buildMcpManifest } from '@/lib/discovery/mcp/mcp-manifest';

/** GET /mcp.json: the McpManifest (docs/agent-api.md, "Endpoints", 9), pointing MCP clients at /api/mcp. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async (request) => json(buildMcpManifest(publicOrigin(request))));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
