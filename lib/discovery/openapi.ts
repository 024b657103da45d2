import { z } from 'zod';
import { RESOURCES } from '@/lib/agent/resources';
import {
  ErrorBodySchema,
  ManifestSchema,
  ResourceJsonSchema,
  ResourceMarkdownSchema,
  ResourceNameSchema,
  ResourceVcardSchema,
} from '@/lib/agent/agent-schemas';
import { TOOLS } from '@/lib/agent/tools';
import type { Content } from '@/lib/content';
import { MAX_BODY_BYTES } from '@/lib/http/body';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@/lib/idempotency/idempotency-key';
import { API_VERSION } from '@/lib/api-version';
import { MANIFEST_PATH, MCP_PATH, resourcePath, toolPath } from '@/lib/http/api-paths';

/** A zod schema as an OpenAPI 3.1 schema object (JSON Schema 2020-12, without its `$schema` line). */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  });
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] as const;

function sharedHeaders(withRateLimit: boolean): Record<string, unknown> {
  const names = ['REST-Version', 'Access-Control-Allow-Origin', ...(withRateLimit ? RATE_HEADERS : [])];
  return Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));
}

function errorResponse(description: string, extra: Record<string, unknown> = {}) {
  return {
    description,
    headers: { ...sharedHeaders(true), ...extra },
    content: { 'application/json': { schema: ref('ErrorBody') } },
  };
}

const ERRORS: Record<string, ReturnType<typeof errorResponse>> = {
  '400': errorResponse(
    'INVALID_JSON or VALIDATION_FAILED: the body is not JSON, or fields are missing or wrong (the message names each); ' +
      'INVALID_IDEMPOTENCY_KEY: a bad Idempotency-Key header.',
  ),
  '404': errorResponse('NOT_FOUND'),
  '405': errorResponse('METHOD_NOT_ALLOWED; `Allow` lists the methods of the path.', {
    Allow: { schema: { type: 'string' } },
  }),
  '409': errorResponse(
    'IDEMPOTENCY_IN_PROGRESS: a request with the same Idempotency-Key is still being handled; retry later with the same key.',
    {
      'Retry-After': { $ref: '#/components/headers/Retry-After' },
    },
  ),
  '413': errorResponse(`PAYLOAD_TOO_LARGE: the body is over ${MAX_BODY_BYTES} bytes.`),
  '415': errorResponse(
    'UNSUPPORTED_CONTENT_ENCODING: the body was sent with a Content-Encoding other than identity; send it uncompressed.',
    { 'Accept-Encoding': { schema: { type: 'string', const: 'identity' } } },
  ),
  '422': errorResponse(
    'IDEMPOTENCY_KEY_REUSED: the Idempotency-Key was already used with a different body within 24 hours.',
  ),
  '429': errorResponse('RATE_LIMITED: past a per-client quota.', {
    'Retry-After': { $ref: '#/components/headers/Retry-After' },
  }),
  '500': errorResponse('INTERNAL_ERROR: unexpected; the message carries a request id.'),
  '502': errorResponse('MAIL_DELIVERY_FAILED: the mail server did not accept the request; it was not delivered.'),
};
const errors = (...codes: string[]) => Object.fromEntries(codes.map((code) => [code, ERRORS[code]]));

/** The Idempotency-Key header of side-effecting tools (draft-ietf-httpapi-idempotency-key-header). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: 'header',
  required: false,
  description:
    'A unique value per distinct request (a UUID is ideal). A repeat with the same key and the same body within 24 hours ' +
    'returns the first successful answer (with Idempotent-Replayed: true) and sends no second mail; the same key with a ' +
    'different body is 422, and a repeat while the first is still running is 409. Failures are not remembered, so a ' +
    'retry after a failure runs again. An empty, over-long or non-ASCII key is 400 INVALID_IDEMPOTENCY_KEY.',
  schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX_LENGTH, pattern: IDEMPOTENCY_KEY_PATTERN },
};
const REPLAYED_HEADER = {
  description:
    'Sent when the request carried an Idempotency-Key: true when this is the remembered answer of an earlier request.',
  schema: { type: 'string', enum: ['true', 'false'] },
};

/**
 * /openapi.json: the REST agent API (docs/agent-api.md, "Endpoints", 1-4) as OpenAPI 3.1, generated from the zod
 * schemas and the resource and tool definitions in lib/agent, like the manifest. Nothing here restates a field.
 */
export function buildOpenApi(content: Content, origin: string): Record<string, unknown> {
  const toolPaths = Object.fromEntries(
    TOOLS.map((tool) => [
      toolPath(tool.slug),
      {
        post: {
          operationId: tool.name,
          summary: tool.title,
          description: tool.description,
          ...(tool.sideEffects ? { parameters: [IDEMPOTENCY_KEY_PARAMETER] } : {}),
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(tool.input.description ?? tool.name) } },
          },
          responses: {
            '200': {
              description: 'Success',
              headers: {
                ...sharedHeaders(true),
                ...(tool.sideEffects ? { [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER } : {}),
              },
              content: { 'application/json': { schema: ref(tool.output.description ?? `${tool.name}Response`) } },
            },
            ...errors('400', '405', '413', '415', '429', '500', ...(tool.sideEffects ? ['409', '422', '502'] : [])),
          },
        },
      },
    ]),
  );
  const schemas: Record<string, unknown> = {
    Manifest: schemaOf(ManifestSchema, 'output'),
    ResourceMarkdown: schemaOf(ResourceMarkdownSchema, 'output'),
    ResourceJson: schemaOf(ResourceJsonSchema, 'output'),
    ResourceVcard: schemaOf(ResourceVcardSchema, 'output'),
    ErrorBody: schemaOf(ErrorBodySchema, 'output'),
  };
  for (const tool of TOOLS) {
    schemas[tool.input.description ?? tool.name] = schemaOf(tool.input, 'input');
    schemas[tool.output.description ?? `${tool.name}Response`] = schemaOf(tool.output, 'output');
  }
  const header = (description: string, schema: Record<string, unknown> = { type: 'string' }) => ({
    description,
    schema,
  });
  return {
    openapi: '3.1.0',
    info: {
      title: `${content.site.siteName} agent API`,
      version: API_VERSION,
      description: `${content.site.description} The manifest at ${MANIFEST_PATH} is the version authority; the same surface is served over MCP at ${MCP_PATH}.`,
    },
    servers: [{ url: origin }],
    paths: {
      [MANIFEST_PATH]: {
        get: {
          operationId: 'getManifest',
          summary: 'The manifest: every resource and tool with URL, method and body',
          responses: {
            '200': {
              description: 'The Manifest',
              headers: sharedHeaders(true),
              content: { 'application/json': { schema: ref('Manifest') } },
            },
            ...errors('405', '429', '500'),
          },
        },
      },
      [resourcePath('{name}')]: {
        get: {
          operationId: 'getResource',
          summary: 'One read-only resource',
          description: RESOURCES.map((r) => `${r.name}: ${r.description}`).join(' '),
          parameters: [{ name: 'name', in: 'path', required: true, schema: schemaOf(ResourceNameSchema, 'input') }],
          responses: {
            '200': {
              description:
                'JSON by default; `Accept: text/markdown` on bio and `Accept: text/vcard` on contact-card give the text itself.',
              headers: { ...sharedHeaders(true), Vary: header('Always Accept') },
              content: {
                'application/json': {
                  schema: { oneOf: [ref('ResourceMarkdown'), ref('ResourceJson'), ref('ResourceVcard')] },
                },
                'text/markdown': { schema: { type: 'string' } },
                'text/vcard': { schema: { type: 'string' } },
              },
            },
            ...errors('404', '405', '429', '500'),
          },
        },
      },
      ...toolPaths,
    },
    components: {
      schemas,
      headers: {
        'REST-Version': header(`The API version, equal to the manifest version (${API_VERSION}).`),
        'Access-Control-Allow-Origin': header('Always *.'),
        'RateLimit-Limit': header('Requests allowed in the window of the tightest quota.', { type: 'integer' }),
        'RateLimit-Remaining': header('Requests left in the window.', { type: 'integer' }),
        'RateLimit-Reset': header('Seconds until the window resets.', { type: 'integer' }),
        'RateLimit-Policy': header('The quota as `limit;w=seconds`.'),
        'Retry-After': header('Seconds to wait before trying again.', { type: 'integer' }),
      },
    },
  };
}
