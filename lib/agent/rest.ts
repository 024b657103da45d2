import { publicOrigin } from '@/lib/security/public-origin';
import { agentIdentityOfRequest } from '@/lib/security/web-bot-auth/agent-identity';
import { readJsonBody } from '@/lib/http/body';
import { NotFoundError } from '@/lib/api-errors';
import {
  fingerprintOf,
  idempotencyScope,
  readIdempotencyKey,
  runIdempotently,
  stringValuesOf,
} from '@/lib/idempotency/idempotency-key';
import { preferredMediaType } from '@/lib/http/negotiate';
import { type ApiContext, json } from '@/lib/http/api-route';
import { getBio } from '@/lib/content';
import { summariseFields } from './describe';
import { RESOURCES, findResource, readResource } from './resources';
import { TOOLS, findToolBySlug } from './tools';
import { vcardFileName } from './vcard';
import { MANIFEST_PATH, resourcePath, toolPath } from '@/lib/http/api-paths';

function param(context: ApiContext, name: string): string {
  const value = context.params[name];
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}

/**
 * GET /api/agent/resources/{name}. JSON (ResourceMarkdown, ResourceJson or ResourceVcard: docs/agent-api.md,
 * "Resources") unless the client prefers the resource's own type: `Accept: text/markdown` on bio gives the markdown,
 * `Accept: text/vcard` on contact-card the vCard as a .vcf download. A client accepting neither still gets JSON
 * (RFC 9110 allows it; a 406 would help no one).
 */
export async function serveResource(request: Request, context: ApiContext): Promise<Response> {
  const name = param(context, 'name');
  const resource = findResource(name);
  if (!resource) {
    throw new NotFoundError(
      `There is no resource named "${name}".`,
      `Use one of ${RESOURCES.map((r) => r.name).join(', ')}: GET ${resourcePath('{name}')}. GET ${MANIFEST_PATH} lists them with their URLs.`,
    );
  }
  const content = readResource(resource, publicOrigin(request));
  const type = preferredMediaType(request, ['application/json', resource.mimeType]) ?? 'application/json';
  if (type === 'application/json') return json(content.json, 200, { Vary: 'Accept' });
  const headers: Record<string, string> = { 'Content-Type': `${type}; charset=utf-8`, Vary: 'Accept' };
  if (type === 'text/vcard') headers['Content-Disposition'] = `attachment; filename="${vcardFileName(getBio())}"`;
  return new Response(content.text, { status: 200, headers });
}

/**
 * POST /api/agent/tools/{slug}: validates the body against the tool's schema and runs it. A tool with side effects
 * honours the Idempotency-Key header (lib/idempotency/idempotency-key.ts).
 */
export async function callTool(request: Request, context: ApiContext): Promise<Response> {
  const slug = param(context, 'tool');
  const tool = findToolBySlug(slug);
  if (!tool) {
    throw new NotFoundError(
      `There is no tool at ${toolPath(slug)}.`,
      `Use ${TOOLS.map((t) => `POST ${toolPath(t.slug)}`).join(' or ')}; GET ${MANIFEST_PATH} describes their bodies.`,
    );
  }
  // The key is checked before the body, so a bad key is refused however the body looks.
  const key = tool.sideEffects ? readIdempotencyKey(request.headers) : undefined;
  const input = await readJsonBody(request, tool.input, summariseFields(tool.input));
  const run = async () => {
    const output = await tool.run(input, {
      origin: publicOrigin(request),
      requestId: context.requestId,
      consume: context.consume,
      channel: { kind: 'rest', userAgent: request.headers.get('user-agent') ?? undefined },
      identity: () => agentIdentityOfRequest(request),
      client: context.client,
    });
    return json(output, 200, { 'Cache-Control': 'no-store' });
  };
  // Idempotency-Key: a retry of a call that sends mail replays the first answer instead of mailing again.
  if (key === undefined) return run();
  const scope = idempotencyScope(tool.name, context.client, key);
  return runIdempotently(scope, fingerprintOf(input), run, stringValuesOf(input));
}
