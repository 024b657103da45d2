import { apiRoute, otherMethods } from '@/lib/http/api-route';
import { serveRegistryAuth } from '@/lib/discovery/mcp/registry-auth';

/** GET /.well-known/mcp-registry-auth: the MCP Registry's HTTP proof of this domain, from configuration. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(async () => serveRegistryAuth());

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(['GET']);
