import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  PROTOCOL_VERSION_META_KEY,
} from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import type { McpToolContext } from '@/lib/mcp/surface/mcp-tool';
import { answerDirectCall } from '@/lib/mcp/transport/direct-call';
import { serve2025 } from '@/lib/mcp/transport/era-2025';
import { serve2026 } from '@/lib/mcp/transport/era-2026';

// The direct tools/call must answer exactly as the SDK does: every request here goes through both, and where
// the direct path answers, status, Content-Type and the JSON body are the SDK's; where it declines, the SDK
// alone answers in production.

const ORIGIN = 'https://consultant.example';
const EVALUATE = { challenges: 'Our Series B pitch deck does not land with investors', technology_sector: 'fintech' };
const KEY = '7f9c2b1e-4a3d-4c8e-9b6f-1d2e3f4a5b6c';

function toolContext(protocolVersion: string): McpToolContext {
  return {
    origin: ORIGIN,
    requestId: 'parity',
    consume: async () => {},
    client: '127.0.0.1',
    channel: { kind: 'mcp', protocolVersion, client: { name: 'parity', version: '1' } },
    documents: () => siteDocumentLibrary(ORIGIN),
  };
}

function post(headers: Record<string, string> = {}): Request {
  return new Request(`${ORIGIN}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
  });
}

async function read(response: Response): Promise<{ status: number; type: string | null; body: unknown }> {
  return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
}

function call(params: unknown, id: string | number = 7): Record<string, unknown> {
  return { jsonrpc: '2.0', id, method: 'tools/call', ...(params === undefined ? {} : { params }) };
}

/** Where `direct` says the direct path answers, its answer must be the SDK's (a success); elsewhere it declines. */
async function expectSameAnswer(answered: Response | undefined, sdk: Response, direct: boolean): Promise<void> {
  if (!direct) {
    expect(answered).toBeUndefined();
    return;
  }
  expect(answered).toBeDefined();
  const expected = await read(sdk);
  expect(await read(answered ?? Response.error())).toEqual(expected);
  expect(expected.status).toBe(200);
}

interface Case {
  name: string;
  body: unknown;
  /** True when the direct path must answer it (otherwise it must leave it to the SDK). */
  direct: boolean;
}

const SESSION_CASES: Case[] = [
  { name: 'evaluate', body: call({ name: 'evaluate_client_needs', arguments: EVALUATE }), direct: true },
  { name: 'a string id', body: call({ name: 'evaluate_client_needs', arguments: EVALUATE }, 'a-1'), direct: true },
  {
    name: 'bad arguments',
    body: call({ name: 'evaluate_client_needs', arguments: { challenges: '' } }),
    direct: true,
  },
  { name: 'no arguments', body: call({ name: 'evaluate_client_needs' }), direct: true },
  { name: 'schedule with bad arguments', body: call({ name: 'schedule_consultation', arguments: {} }), direct: true },
  {
    name: 'schedule with a malformed key',
    body: call({ name: 'schedule_consultation', arguments: { idempotency_key: '' } }),
    direct: true,
  },
  { name: 'search', body: call({ name: 'search', arguments: { query: 'rebrand after a merger' } }), direct: true },
  { name: 'fetch', body: call({ name: 'fetch', arguments: { id: 'about' } }), direct: true },
  { name: 'fetch of an unknown id', body: call({ name: 'fetch', arguments: { id: 'nothing' } }), direct: true },
  { name: 'an unknown tool', body: call({ name: 'no_such_tool', arguments: {} }), direct: false },
  { name: 'no params', body: call(undefined), direct: false },
  { name: 'no name', body: call({ arguments: EVALUATE }), direct: false },
  { name: 'arguments not an object', body: call({ name: 'evaluate_client_needs', arguments: [1] }), direct: false },
  {
    name: 'a progress token',
    body: call({ name: 'evaluate_client_needs', arguments: EVALUATE, _meta: { progressToken: 1 } }),
    direct: false,
  },
  { name: 'a batch', body: [call({ name: 'evaluate_client_needs', arguments: EVALUATE })], direct: false },
];

describe('the direct tools/call answers a session request as the SDK does', () => {
  for (const revision of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
    for (const { name, body, direct } of SESSION_CASES) {
      it(`${revision}: ${name}`, async () => {
        const context = toolContext(revision);
        const answered = await answerDirectCall(post(), body, { kind: '2025' }, context);
        await expectSameAnswer(answered, await serve2025(post(), body, context, 'json'), direct);
      });
    }
  }
});

const STATELESS = '2026-07-28';

function envelope(meta: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    [PROTOCOL_VERSION_META_KEY]: STATELESS,
    [CLIENT_INFO_META_KEY]: { name: 'parity', version: '1' },
    [CLIENT_CAPABILITIES_META_KEY]: {},
    ...meta,
  };
}

function statelessCall(name: string, args: unknown, meta?: Record<string, unknown>): Record<string, unknown> {
  return call({ name, ...(args === undefined ? {} : { arguments: args }), _meta: envelope(meta) });
}

function headersFor(name: string): Record<string, string> {
  return { 'mcp-protocol-version': STATELESS, 'mcp-method': 'tools/call', 'mcp-name': name };
}

interface StatelessCase extends Case {
  headers: Record<string, string>;
  /** What the tolerance gives the SDK in place of a header that named a 2025 revision. */
  revision?: string;
}

const EVALUATE_HEADERS = headersFor('evaluate_client_needs');
const { 'mcp-name': _name, ...NO_NAME } = EVALUATE_HEADERS;
const { 'mcp-method': _method, ...NO_METHOD } = EVALUATE_HEADERS;
const { 'mcp-protocol-version': _version, ...NO_VERSION } = EVALUATE_HEADERS;

const STATELESS_CASES: StatelessCase[] = [
  { name: 'evaluate', body: statelessCall('evaluate_client_needs', EVALUATE), headers: EVALUATE_HEADERS, direct: true },
  {
    name: 'bad arguments',
    body: statelessCall('evaluate_client_needs', { technology_sector: 7 }),
    headers: EVALUATE_HEADERS,
    direct: true,
  },
  {
    name: 'a client that declares capabilities',
    body: statelessCall('evaluate_client_needs', EVALUATE, {
      [CLIENT_CAPABILITIES_META_KEY]: { elicitation: { form: {} }, sampling: {} },
    }),
    headers: EVALUATE_HEADERS,
    direct: true,
  },
  {
    name: 'a 2025 header beside the envelope (the tolerance)',
    body: statelessCall('evaluate_client_needs', EVALUATE),
    headers: { ...EVALUATE_HEADERS, 'mcp-protocol-version': '2025-11-25' },
    revision: STATELESS,
    direct: true,
  },
  {
    name: 'schedule with bad arguments',
    body: statelessCall('schedule_consultation', { name: '' }),
    headers: headersFor('schedule_consultation'),
    direct: true,
  },
  {
    name: 'an unknown tool',
    body: statelessCall('no_such_tool', {}),
    headers: headersFor('no_such_tool'),
    direct: false,
  },
  {
    name: 'no params',
    body: call(undefined),
    headers: EVALUATE_HEADERS,
    direct: false,
  },
  {
    name: 'arguments not an object',
    body: statelessCall('evaluate_client_needs', 'fintech'),
    headers: EVALUATE_HEADERS,
    direct: false,
  },
  {
    name: 'an envelope without client capabilities',
    body: call({
      name: 'evaluate_client_needs',
      arguments: EVALUATE,
      _meta: { [PROTOCOL_VERSION_META_KEY]: STATELESS },
    }),
    headers: EVALUATE_HEADERS,
    direct: false,
  },
  {
    name: 'malformed client capabilities',
    body: statelessCall('evaluate_client_needs', EVALUATE, { [CLIENT_CAPABILITIES_META_KEY]: 5 }),
    headers: EVALUATE_HEADERS,
    direct: false,
  },
  {
    name: 'malformed client info',
    body: statelessCall('evaluate_client_needs', EVALUATE, { [CLIENT_INFO_META_KEY]: { name: 3 } }),
    headers: EVALUATE_HEADERS,
    direct: false,
  },
  {
    name: 'an unknown revision in the envelope',
    body: statelessCall('evaluate_client_needs', EVALUATE, { [PROTOCOL_VERSION_META_KEY]: '2027-01-01' }),
    headers: { ...EVALUATE_HEADERS, 'mcp-protocol-version': '2027-01-01' },
    direct: false,
  },
  { name: 'no Mcp-Name', body: statelessCall('evaluate_client_needs', EVALUATE), headers: NO_NAME, direct: false },
  { name: 'no Mcp-Method', body: statelessCall('evaluate_client_needs', EVALUATE), headers: NO_METHOD, direct: false },
  {
    name: 'no MCP-Protocol-Version',
    body: statelessCall('evaluate_client_needs', EVALUATE),
    headers: NO_VERSION,
    direct: false,
  },
  {
    name: 'an Mcp-Name that names another tool',
    body: statelessCall('evaluate_client_needs', EVALUATE),
    headers: { ...EVALUATE_HEADERS, 'mcp-name': 'schedule_consultation' },
    direct: false,
  },
  {
    name: 'an Mcp-Method that names another method',
    body: statelessCall('evaluate_client_needs', EVALUATE),
    headers: { ...EVALUATE_HEADERS, 'mcp-method': 'tools/list' },
    direct: false,
  },
  {
    name: 'an Mcp-Name in the Base64 form',
    body: statelessCall('evaluate_client_needs', EVALUATE),
    headers: {
      ...EVALUATE_HEADERS,
      'mcp-name': `=?base64?${Buffer.from('evaluate_client_needs').toString('base64')}?=`,
    },
    direct: false,
  },
  {
    name: 'an idempotency key without its header',
    body: statelessCall('schedule_consultation', { idempotency_key: KEY }),
    headers: headersFor('schedule_consultation'),
    direct: false,
  },
  {
    name: 'an idempotency key whose header differs',
    body: statelessCall('schedule_consultation', { idempotency_key: KEY }),
    headers: { ...headersFor('schedule_consultation'), 'mcp-param-idempotency-key': 'another' },
    direct: false,
  },
];

describe('the direct tools/call answers a 2026-07-28 request as the SDK does', () => {
  for (const { name, body, headers, revision, direct } of STATELESS_CASES) {
    it(name, async () => {
      const context = toolContext(STATELESS);
      const headerRevision = revision ?? headers['mcp-protocol-version'] ?? null;
      const answered = await answerDirectCall(
        post(headers),
        body,
        { kind: '2026-07-28', revision: headerRevision },
        context,
      );
      const sdk = await serve2026(post(headers), body, context, 'json', revision);
      await expectSameAnswer(answered, sdk, direct);
    });
  }
});
