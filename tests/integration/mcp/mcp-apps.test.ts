import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../lib/agent/resources';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * What MCP Apps hosts read, in both eras, with the official clients over real HTTP against the built app: the
 * views as ui:// resources with `_meta.ui` and ChatGPT's keys on the list entry and the read content, the tools
 * pointing to them, and the tools' text and structuredContent answers unchanged (the same as REST's).
 */
let smtp: TestSmtpServer;
let app: RunningApp;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

const VIEWS = { fitCard: 'ui://consultancy/fit-card.html', request: 'ui://consultancy/request.html' };
const VIEW_META = {
  ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true },
  'openai/widgetCSP': { connect_domains: [], resource_domains: [] },
  'openai/widgetPrefersBorder': true,
};

interface SdkClient {
  listTools(): Promise<unknown>;
  listResources(): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

const endpoint = () => new URL(`${app.url}/api/mcp`);

async function connectV1(): Promise<SdkClient> {
  const client = new V1Client({ name: 'apps-v1', version: '1.32.2' });
  await client.connect(new V1Transport(endpoint()));
  return client;
}

async function connectV2(pin?: '2026-07-28'): Promise<SdkClient> {
  const client = new Client(
    { name: 'apps-v2', version: '2.4.0' },
    pin ? { versionNegotiation: { mode: { pin } } } : {},
  );
  await client.connect(new StreamableHTTPClientTransport(endpoint()));
  return client;
}

const MetaSchema = z.record(z.string(), z.unknown());
const ToolsSchema = z.object({ tools: z.array(z.looseObject({ name: z.string(), _meta: MetaSchema.optional() })) });
const ResourcesSchema = z.object({
  resources: z.array(z.looseObject({ uri: z.string(), mimeType: z.string().optional(), _meta: MetaSchema.optional() })),
});
const ReadSchema = z.object({
  contents: z.array(
    z.looseObject({ uri: z.string(), mimeType: z.string(), text: z.string(), _meta: MetaSchema.optional() }),
  ),
});
const ResultSchema = z.looseObject({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});

const cases: [string, () => Promise<SdkClient>][] = [
  ['2025 era (the v1 client, a session)', connectV1],
  ['2025 era (the v2 client, a session)', () => connectV2()],
  ['2026-07-28 (the v2 client, no session)', () => connectV2('2026-07-28')],
];

describe.each(cases)('%s', (_label, connect) => {
  it('lists the tools pointing to their views, with ChatGPT keys, visible to models as before', async () => {
    const client = await connect();
    const { tools } = ToolsSchema.parse(await client.listTools());
    const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool._meta]));
    expect(byName.evaluate_client_needs).toEqual({
      ui: { resourceUri: VIEWS.fitCard },
      'openai/outputTemplate': VIEWS.fitCard,
    });
    expect(byName.schedule_consultation).toEqual({
      ui: { resourceUri: VIEWS.request },
      'openai/outputTemplate': VIEWS.request,
      'openai/widgetAccessible': true,
    });
    expect(byName.prepare_consultation_request).toEqual({
      ui: { resourceUri: VIEWS.request },
      'openai/outputTemplate': VIEWS.request,
    });
    await client.close();
  });

  it('prepare_consultation_request answers the draft as given, read-only, and sends no mail', async () => {
    const client = await connect();
    const { tools } = z
      .object({ tools: z.array(z.looseObject({ name: z.string(), annotations: z.unknown() })) })
      .parse(await client.listTools());
    expect(tools.find((tool) => tool.name === 'prepare_consultation_request')?.annotations).toEqual({
      title: 'Prepare a consultation request for review',
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    const before = smtp.received.length;
    // A draft may be incomplete, and may hold an address the person still has to correct.
    const draft = { client_name: 'Ada Okafor', client_email: 'ada at gridline', technology_sector: 'observability' };
    const result = ResultSchema.parse(
      await client.callTool({ name: 'prepare_consultation_request', arguments: draft }),
    );
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toEqual({
      sent: false,
      draft,
      message: expect.stringMatching(/^Nothing was sent\./),
    });
    expect(result.content[0]).toEqual({ type: 'text', text: JSON.stringify(result.structuredContent) });
    const tooLong = ResultSchema.parse(
      await client.callTool({ name: 'prepare_consultation_request', arguments: { client_name: 'A'.repeat(121) } }),
    );
    expect(tooLong.isError).toBe(true);
    expect(tooLong.content[0]?.text).toMatch(/^VALIDATION_FAILED: .*client_name must be at most 120 characters/);
    const unknown = ResultSchema.parse(
      await client.callTool({ name: 'prepare_consultation_request', arguments: { email: 'ada@gridline.example' } }),
    );
    expect(unknown.isError).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before);
    await client.close();
  });

  it('lists and reads each view as a self-contained MCP App with its _meta on both', async () => {
    const client = await connect();
    const { resources } = ResourcesSchema.parse(await client.listResources());
    expect(resources.map((resource) => resource.uri)).toEqual([
      ...RESOURCES.map((resource) => resource.uri),
      VIEWS.fitCard,
      VIEWS.request,
    ]);
    for (const uri of Object.values(VIEWS)) {
      const listed = resources.find((resource) => resource.uri === uri);
      expect(listed?.mimeType).toBe('text/html;profile=mcp-app');
      expect(listed?._meta).toMatchObject(VIEW_META);
      expect(listed?._meta?.['openai/widgetDescription']).toEqual(expect.any(String));
      const { contents } = ReadSchema.parse(await client.readResource({ uri }));
      expect(contents).toHaveLength(1);
      expect(contents[0]).toMatchObject({ uri, mimeType: 'text/html;profile=mcp-app', _meta: listed?._meta });
      expect(contents[0]?.text).toMatch(/^<!doctype html>/);
      expect(contents[0]?.text).not.toMatch(/<script[^>]+src=|<link\b/i);
    }
    await client.close();
  });

  it("answers evaluate_client_needs with the same text and structuredContent as before: REST's answer", async () => {
    const args = { challenges: 'our positioning is unclear to enterprise buyers', technology_sector: 'fintech' };
    const rest = await fetch(`${app.url}/api/agent/tools/evaluate-client-needs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(args),
    });
    const restBody = await rest.json();
    const client = await connect();
    const result = ResultSchema.parse(await client.callTool({ name: 'evaluate_client_needs', arguments: args }));
    expect(result.structuredContent).toEqual(restBody);
    expect(result.content[0]).toEqual({ type: 'text', text: JSON.stringify(restBody) });
    await client.close();
  });
});

it('a session-less 2025 request, declaring no capability, lists the same _meta', async () => {
  const response = await fetch(endpoint(), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
  expect(response.status).toBe(200);
  const { result } = z.object({ result: ToolsSchema }).parse(await response.json());
  const evaluate = result.tools.find((tool) => tool.name === 'evaluate_client_needs');
  expect(evaluate?._meta).toEqual({ ui: { resourceUri: VIEWS.fitCard }, 'openai/outputTemplate': VIEWS.fitCard });
});

it("the REST manifest keeps the specification's two tools: prepare_consultation_request is MCP only", async () => {
  const manifest = z
    .object({ tools: z.array(z.object({ name: z.string() }).loose()) })
    .parse(await (await fetch(`${app.url}/api/agent`)).json());
  expect(manifest.tools.map((tool) => tool.name)).toEqual(['evaluate_client_needs', 'schedule_consultation']);
});

describe("the view's Send (schedule_consultation with an idempotency key), in both eras", () => {
  it.each([
    ['2025 era', () => connectV2()],
    ['2026-07-28', () => connectV2('2026-07-28')],
  ])('%s: sent twice with one key, one mail and one answer', async (_label, connect) => {
    const client = await connect();
    const before = smtp.received.length;
    const args = {
      client_name: 'Ada Okafor',
      client_email: 'ada@gridline.example',
      technology_sector: 'observability',
      idempotency_key: crypto.randomUUID(),
    };
    const first = ResultSchema.parse(await client.callTool({ name: 'schedule_consultation', arguments: args }));
    const second = ResultSchema.parse(await client.callTool({ name: 'schedule_consultation', arguments: args }));
    expect(first.isError).toBeUndefined();
    expect(second).toEqual(first);
    expect(first.content[0]?.text).toBe(JSON.stringify(first.structuredContent));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received.length).toBe(before + 1);
    await client.close();
  });
});
