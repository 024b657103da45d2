import { getConfig } from '@/lib/config/env';
import { NotFoundError } from '@/lib/api-errors';

/**
 * GET /.well-known/mcp-registry-auth: the proof the official MCP Registry reads for HTTP authentication
 * (`mcp-publisher login http`), `v=MCPv1; k=ed25519; p=<public key>`, from MCP_REGISTRY_PUBLIC_KEY. The private
 * key stays with whoever publishes (docs/mcp-clients.md, "MCP Registry"); unset, there is nothing to prove: 404.
 */
export function serveRegistryAuth(): Response {
  const key = getConfig().MCP_REGISTRY_PUBLIC_KEY;
  if (!key) {
    throw new NotFoundError(
      'This site publishes no MCP Registry key.',
      'The site owner sets MCP_REGISTRY_PUBLIC_KEY to publish one; nothing else is served here.',
    );
  }
  return new Response(`v=MCPv1; k=ed25519; p=${key}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
