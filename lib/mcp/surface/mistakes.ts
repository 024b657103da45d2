import {
  type JSONRPCErrorResponse,
  type JSONRPCRequest,
  isJSONRPCRequest,
  specTypeSchemas,
} from '@modelcontextprotocol/server';
import { z } from 'zod';
import { describeProblems, validateInput } from '@/lib/http/validate';
import { shortened } from '@/lib/text/shortened';
import { NamedRequestSchema } from '../protocol';
import { MCP_RESOURCE_URIS } from './mcp-resources';
import { PROMPTS, shown, unknownPrompt } from './prompts';

// One wording for a client's mistake in a request, in both eras (docs/mcp-clients.md, "Mistakes"): a name this
// server does not have lists the ones it has; params that do not fit the method name each field and what it takes,
// as REST words a body, checked against the SDK's own schemas before dispatch, not answered -32603 with a dump.

/** Each request a client may send, by its method, as the SDK describes it: the branches of its union. */
const REQUEST_SCHEMAS = new Map(
  (specTypeSchemas.ClientRequest instanceof z.ZodUnion ? specTypeSchemas.ClientRequest.options : []).flatMap(
    (branch) =>
      branch instanceof z.ZodObject && branch.shape.method instanceof z.ZodLiteral
        ? [[String(branch.shape.method.value), branch] as const]
        : [],
  ),
);

/**
 * The -32602 error for a request whose params do not fit its method's schema in the SDK, worded as the REST API
 * words a body (lib/http/validate.ts), e.g. `Invalid params for tools/list: params.cursor must be a string, not
 * number.`; undefined when they fit, or for a method the SDK does not know (that is -32601, the SDK's to answer).
 */
function paramsMistake(request: JSONRPCRequest): { code: -32602; message: string } | undefined {
  const schema = REQUEST_SCHEMAS.get(request.method);
  const validated = schema && validateInput(schema, { method: request.method, params: request.params });
  if (!validated || validated.ok) return undefined;
  return { code: -32602, message: `Invalid params for ${request.method}: ${describeProblems(validated.problems)}.` };
}

/** The longest prompt argument accepted: the longest tool field (challenges, project_context) is as long. */
const MAX_PROMPT_ARGUMENT_LENGTH = 4000;

const GetPromptSchema = NamedRequestSchema('prompts/get');

/**
 * The -32602 error for a prompts/get naming a prompt this server does not have, or with arguments that are not
 * short strings (MCP 2025-03-26, Prompts), in one line naming what to fix; undefined for anything else.
 */
function promptMistake(request: unknown): { code: -32602; message: string } | undefined {
  const parsed = GetPromptSchema.safeParse(request);
  if (!parsed.success) return undefined;
  const { name, arguments: args = {} } = parsed.data.params;
  const prompt = PROMPTS.find((candidate) => candidate.name === name);
  if (!prompt) return { code: -32602, message: unknownPrompt(name) };
  const problems = Object.entries(args).flatMap(([key, value]) => {
    const field = shown(key);
    if (!Object.hasOwn(prompt.args, key)) return [{ field, message: `is not an argument of ${prompt.name}` }];
    if (typeof value !== 'string') return [{ field, message: 'must be a string' }];
    if (value.length > MAX_PROMPT_ARGUMENT_LENGTH)
      return [{ field, message: `is longer than ${MAX_PROMPT_ARGUMENT_LENGTH} characters` }];
    return [];
  });
  if (problems.length === 0) return undefined;
  return {
    code: -32602,
    message: `Invalid arguments for prompt ${prompt.name}: ${describeProblems(problems)}. Its arguments are ${Object.keys(prompt.args).join(', ')}, all optional strings.`,
  };
}

const ReadSchema = z
  .object({ method: z.literal('resources/read'), params: z.object({ uri: z.string() }) })
  .describe('a resources/read request');

/** A URI as the SDK looks it up (parsed, so `CONSULTANCY://…` finds `consultancy://…`). */
const normalised = (uri: string) => (URL.canParse(uri) ? new URL(uri).href : uri);
const KNOWN = new Set(MCP_RESOURCE_URIS.map(normalised));

/**
 * The error for a resources/read of a URI this server does not serve: the SDK's code and `data.uri`
 * (its ResourceNotFoundError), worded in one line that lists the URIs it does serve; undefined for anything else.
 */
function resourceMistake(request: unknown): { code: -32602; message: string; data: { uri: string } } | undefined {
  const uri = ReadSchema.safeParse(request).data?.params.uri;
  if (uri === undefined || KNOWN.has(normalised(uri))) return undefined;
  return {
    code: -32602,
    message: `Unknown resource ${JSON.stringify(shortened(uri, 100))}: this server has ${MCP_RESOURCE_URIS.join(', ')}.`,
    data: { uri },
  };
}

/**
 * The JSON-RPC error that answers a request with a mistake in it, with the request's id; undefined for anything
 * else.
 */
export function mistakeIn(message: unknown): JSONRPCErrorResponse | undefined {
  if (!isJSONRPCRequest(message)) return undefined;
  const named =
    (message.method === 'prompts/get' && promptMistake(message)) ||
    (message.method === 'resources/read' && resourceMistake(message)) ||
    undefined;
  const error = named ?? paramsMistake(message);
  return error && { jsonrpc: '2.0', id: message.id, error };
}
