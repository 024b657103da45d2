import { PROMPTS } from './prompts';
import { NamedRequestSchema } from './schemas';

/** The longest prompt argument accepted: the longest tool field (challenges, project_context) is as long. */
export const MAX_PROMPT_ARGUMENT_LENGTH = 4000;

const GetPromptSchema = NamedRequestSchema('prompts/get');

/** A name as a message shows it: at most 60 characters, so no caller can make the message long. */
const shown = (name: string) => JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name);

/**
 * The -32602 answer to a prompts/get whose arguments are not short strings (MCP 2025-03-26, Prompts), in one
 * line naming the argument, where the SDK would answer -32603 with a dump; undefined for anything else.
 */
export function refusePromptArguments(body: unknown): Response | undefined {
  const request = GetPromptSchema.safeParse(body);
  if (!request.success) return undefined;
  const prompt = PROMPTS.find((candidate) => candidate.name === request.data.params.name);
  if (!prompt) return undefined;
  const problems = Object.entries(request.data.params.arguments ?? {}).flatMap(([name, value]) => {
    if (!(name in prompt.args)) return [`${shown(name)} is not an argument of ${prompt.name}`];
    if (typeof value !== 'string') return [`${shown(name)} must be a string`];
    if (value.length > MAX_PROMPT_ARGUMENT_LENGTH)
      return [`${shown(name)} is longer than ${MAX_PROMPT_ARGUMENT_LENGTH} characters`];
    return [];
  });
  if (problems.length === 0) return undefined;
  const message = `Invalid arguments for prompt ${prompt.name}: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? `; and ${problems.length - 3} more` : ''}. Its arguments are ${Object.keys(prompt.args).join(', ')}, all optional strings.`;
  return Response.json(
    { jsonrpc: '2.0', id: request.data.id, error: { code: -32602, message } },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}
