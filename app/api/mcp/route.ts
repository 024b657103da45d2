import { apiRoute, otherMethods } from '@/lib/http/route';
import { handleMcpDelete, handleMcpGet, handleMcpPost } from '@/lib/mcp/handler';

/** The MCP server (spec endpoints 5-7): Streamable HTTP transport, protocol revision 2025-03-26. */
export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = apiRoute(handleMcpGet);
export const POST = apiRoute(handleMcpPost);
export const DELETE = apiRoute(handleMcpDelete);

export const { PUT, PATCH } = otherMethods(['GET', 'POST', 'DELETE']);
