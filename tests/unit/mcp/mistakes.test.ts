import { describe, expect, it } from 'vitest';
import { MCP_APP_VIEWS } from '@/lib/mcp/surface/apps/views';
import { PROMPTS } from '@/lib/mcp/surface/prompts';
import { MCP_RESOURCE_URIS } from '@/lib/mcp/surface/mcp-resources';
import { mistakeIn } from '@/lib/mcp/surface/mistakes';
import { RESOURCES } from '@/lib/agent/resources';

const request = (method: string, params?: unknown, id: string | number = 7) => ({
  jsonrpc: '2.0',
  id,
  method,
  ...(params === undefined ? {} : { params }),
});

/** The error mistakeIn answers, which must carry the request's id. */
function errorOf(message: ReturnType<typeof request>) {
  const answer = mistakeIn(message);
  expect(answer?.id).toBe(message.id);
  return answer?.error;
}

describe('params checked against the SDK’s request schemas', () => {
  it.each([
    ['resources/read', undefined, 'Invalid params for resources/read: params is required (a JSON object).'],
    ['prompts/get', undefined, 'Invalid params for prompts/get: params is required (a JSON object).'],
    ['prompts/get', {}, 'Invalid params for prompts/get: params.name is required (a string).'],
    ['tools/list', { cursor: 5 }, 'Invalid params for tools/list: params.cursor must be a string, not number.'],
    [
      'tools/call',
      { name: 'evaluate_client_needs', arguments: 'challenges' },
      'Invalid params for tools/call: params.arguments must be a JSON object, not string.',
    ],
    [
      'initialize',
      {},
      'Invalid params for initialize: params.protocolVersion is required (a string); params.capabilities is required (a JSON object); params.clientInfo is required (a JSON object).',
    ],
    [
      'completion/complete',
      { ref: { type: 'ref/tool', name: 'x' }, argument: { name: 'a', value: 'b' } },
      'Invalid params for completion/complete: params.ref.type must be "ref/prompt" or "ref/resource".',
    ],
  ])('%s with params %j is -32602 in one line naming the field', (method, params, message) => {
    expect(errorOf(request(method, params))).toEqual({ code: -32602, message });
  });

  it('words each problem as the REST API words a body, and names every one of a few', () => {
    const error = errorOf(
      request('initialize', { protocolVersion: 1, capabilities: 2, clientInfo: { name: 3, version: 4 } }),
    );
    expect(error?.message).toBe(
      'Invalid params for initialize: params.protocolVersion must be a string, not number; params.capabilities must be a JSON object, not number; params.clientInfo.name must be a string, not number; params.clientInfo.version must be a string, not number.',
    );
    expect(error?.message).not.toContain('\n');
  });

  it('keeps the request’s id, a string or a number', () => {
    expect(mistakeIn(request('tools/list', { cursor: 5 }, 'abc'))?.id).toBe('abc');
    expect(mistakeIn(request('tools/list', { cursor: 5 }, 0))?.id).toBe(0);
  });

  it('passes good requests, unknown methods, notifications and responses to the SDK', () => {
    for (const message of [
      request('tools/list'),
      request('tools/list', { cursor: 'next' }),
      request('tools/call', { name: 'evaluate_client_needs', arguments: {} }),
      request('resources/read', { uri: RESOURCES[0]?.uri }),
      request('prompts/get', { name: 'qualify_client', arguments: { challenges: 'a' } }),
      request('initialize', {
        protocolVersion: '2025-03-26',
        capabilities: {},
        clientInfo: { name: 'c', version: '1' },
      }),
      request('ping'),
      request('no/such-method', 5),
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { jsonrpc: '2.0', id: 1, result: {} },
      [request('tools/list', { cursor: 5 })],
    ]) {
      expect(mistakeIn(message)).toBeUndefined();
    }
  });
});

describe('names this server does not have', () => {
  it('an unknown prompt lists the prompts', () => {
    const error = errorOf(request('prompts/get', { name: 'nope' }));
    expect(error).toEqual({
      code: -32602,
      message: `Unknown prompt "nope": this server has ${PROMPTS.map((p) => p.name).join(' and ')}.`,
    });
  });

  it('an unknown resource lists every URI resources/list lists, the views too, and keeps data.uri', () => {
    expect(MCP_RESOURCE_URIS).toEqual([...RESOURCES, ...MCP_APP_VIEWS].map((resource) => resource.uri));
    const error = errorOf(request('resources/read', { uri: 'consultancy://resources/nope' }));
    expect(error).toMatchObject({ code: -32602, data: { uri: 'consultancy://resources/nope' } });
    for (const uri of MCP_RESOURCE_URIS) expect(error?.message).toContain(uri);
    expect(errorOf(request('resources/read', { uri: 'not a uri' }))?.message).toMatch(/^Unknown resource "not a uri"/);
  });

  it('a known URI is served however its scheme is cased, as the SDK finds it', () => {
    expect(mistakeIn(request('resources/read', { uri: 'CONSULTANCY://resources/bio' }))).toBeUndefined();
  });

  it('a bad prompt argument keeps the prompt’s own wording', () => {
    expect(errorOf(request('prompts/get', { name: 'qualify_client', arguments: { x: 1 } }))?.message).toBe(
      'Invalid arguments for prompt qualify_client: "x" is not an argument of qualify_client. Its arguments are challenges, technology_sector, all optional strings.',
    );
  });
});
