import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../lib/agent/resources';
import { MCP_APP_VIEWS } from '../../../lib/mcp/surface/apps/views';
import { API_VERSION } from '../../../lib/api-version';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * Both protocol eras at /api/mcp with the official clients over real HTTP against the built app: the v1 client
 * (2025 handshake, a session), and the v2 client by default (2025 handshake), in `auto` mode and pinned to
 * 2026-07-28 (server/discover, no session). Each lists, reads, gets a prompt and calls both tools; the mail
 * sent says through which door and revision the request came.
 */
let smtp: TestSmtpServer;
let app: RunningApp;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

/** The calls the tests make, which the v1 and the v2 client both offer. */
interface SdkClient {
  listTools(): Promise<unknown>;
  listResources(): Promise<unknown>;
  listPrompts(): Promise<unknown>;
  readResource(params: { uri: string }): Promise<unknown>;
  getPrompt(params: { name: string; arguments?: Record<string, string> }): Promise<unknown>;
  callTool(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
}

/** A connected client of either SDK line, with what the tests expect of its connection. */
interface Connected {
  client: SdkClient;
  revision: string;
  clientName: string;
  close(): Promise<void>;
}

const endpoint = () => new URL(`${app.url}/api/mcp`);

async function connectV1(): Promise<Connected> {
  const client = new V1Client({ name: 'official-v1', version: '1.32.2' });
  const transport = new V1Transport(endpoint());
  await client.connect(transport);
  expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
  return {
    client,
    revision: '2025-11-25',
    clientName: 'official-v1 1.32.2',
    close: async () => {
      await transport.terminateSession();
      await client.close();
    },
  };
}

async function connectV2(
  mode: 'default' | 'auto' | 'pinned',
  expected: { era: 'legacy' | 'modern'; revision: string },
): Promise<Connected> {
  const name = `official-v2-${mode}`;
  const versionNegotiation =
    mode === 'auto'
      ? { mode: 'auto' as const }
      : mode === 'pinned'
        ? { mode: { pin: '2026-07-28' as const } }
        : undefined;
  const client = new Client({ name, version: '2.4.0' }, versionNegotiation ? { versionNegotiation } : {});
  const transport = new StreamableHTTPClientTransport(endpoint());
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(expected.era);
  expect(client.getNegotiatedProtocolVersion()).toBe(expected.revision);
  expect(client.getServerVersion()).toMatchObject({ version: API_VERSION });
  expect(transport.sessionId === undefined).toBe(expected.era === 'modern');
  return {
    client,
    revision: expected.revision,
    clientName: `${name} 2.4.0`,
    close: async () => {
      if (transport.sessionId) await transport.terminateSession();
      await client.close();
    },
  };
}

const ToolsSchema = z.object({
  tools: z.array(
    z.looseObject({
      name: z.string(),
      title: z.string(),
      annotations: z.record(z.string(), z.unknown()),
      icons: z.array(z.looseObject({ src: z.string() })),
    }),
  ),
});
const TitledSchema = z.array(z.looseObject({ name: z.string(), title: z.string() }));
const ContentSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional(), uri: z.string().optional() })),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  isError: z.boolean().optional(),
});

const cases: [string, () => Promise<Connected>][] = [
  ['the v1 client (2025 handshake)', connectV1],
  ['the v2 client by default (2025 handshake)', () => connectV2('default', { era: 'legacy', revision: '2025-11-25' })],
  ['the v2 client in auto mode (2026-07-28)', () => connectV2('auto', { era: 'modern', revision: '2026-07-28' })],
  ['the v2 client pinned to 2026-07-28', () => connectV2('pinned', { era: 'modern', revision: '2026-07-28' })],
];

describe.each(cases)('%s', (_label, connect) => {
  it('lists the tools with titles, icons and annotations derived from lib/agent', async () => {
    const { client, ...connection } = await connect();
    const { tools } = ToolsSchema.parse(await client.listTools());
    expect(tools.map((tool) => tool.name)).toEqual([
      'evaluate_client_needs',
      'schedule_consultation',
      'search',
      'fetch',
      'prepare_consultation_request',
    ]);
    expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, openWorldHint: false });
    expect(tools[1]?.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
    for (const tool of tools) expect(tool.icons[0]?.src).toBe(`${app.url}/icon.svg`);
    const { resources } = z.object({ resources: TitledSchema }).parse(await client.listResources());
    // The MCP Apps views follow the four (tests/integration/mcp/mcp-apps.test.ts).
    expect(resources.map((resource) => resource.title)).toEqual([
      ...RESOURCES.map((resource) => resource.title),
      ...MCP_APP_VIEWS.map((view) => view.title),
    ]);
    const { prompts } = z.object({ prompts: TitledSchema }).parse(await client.listPrompts());
    expect(prompts.map((prompt) => prompt.title)).toEqual([
      'Qualify a prospective client',
      'Draft a consultation request',
    ]);
    await connection.close();
  });

  it('reads a resource and gets a prompt', async () => {
    const { client, ...connection } = await connect();
    const read = z
      .object({ contents: z.array(z.object({ uri: z.string(), text: z.string() })) })
      .parse(await client.readResource({ uri: 'consultancy://resources/bio' }));
    const rest = await fetch(`${app.url}/api/agent/resources/bio`, { headers: { Accept: 'text/markdown' } });
    expect(read.contents[0]?.text).toBe(await rest.text());
    const prompt = z
      .object({ messages: z.array(z.object({ role: z.string(), content: z.object({ text: z.string() }) })) })
      .parse(await client.getPrompt({ name: 'qualify_client', arguments: { technology_sector: 'climate tech' } }));
    expect(prompt.messages[0]?.content.text).toContain('technology_sector: climate tech');
    await connection.close();
  });

  it('calls evaluate_client_needs: the REST answer, and a resource_link to the engagement', async () => {
    const { client, ...connection } = await connect();
    const input = { challenges: 'our pitch deck does not land with investors', technology_sector: 'fintech' };
    const result = ContentSchema.parse(await client.callTool({ name: 'evaluate_client_needs', arguments: input }));
    const rest = await fetch(`${app.url}/api/agent/tools/evaluate-client-needs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    expect(result.structuredContent).toEqual(await rest.json());
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', uri: 'consultancy://resources/engagements' }),
    );
    await connection.close();
  });

  it('calls schedule_consultation: one mail that says it came over MCP, from which client and revision', async () => {
    const { client, ...connection } = await connect();
    const before = smtp.received.length;
    const result = ContentSchema.parse(
      await client.callTool({
        name: 'schedule_consultation',
        arguments: {
          client_name: 'Priya Raman',
          client_email: 'priya@ledgerline.example',
          project_context: 'We pivoted last year and need a rebrand before the enterprise launch.',
          technology_sector: 'fintech',
        },
      }),
    );
    expect(result.isError).toBeFalsy();
    expect(smtp.received.length).toBe(before + 1);
    const text = smtp.received[before]?.parsed.text ?? '';
    expect(text).toContain('Channel: MCP\n');
    // What the client said of itself stands among the untrusted fields, after the marker.
    const untrusted = text.slice(text.indexOf("BEGIN REQUESTER'S TEXT"));
    expect(untrusted).toContain(`MCP client: ${connection.clientName}\n`);
    expect(untrusted).toContain(`MCP protocol revision: ${connection.revision}\n`);
    expect(text).toMatch(/Suggested engagement: Brand Identity & Rebrand \(matched project context: "rebrand"/);
    expect(text).toContain('sector: "Fintech"');
    await connection.close();
  });
});

describe('the consultant mail for a REST call', () => {
  it("names the REST API and the caller's User-Agent, and no address", async () => {
    const before = smtp.received.length;
    const response = await fetch(`${app.url}/api/agent/tools/schedule-consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'triage-test/3.1 (+https://agent.example)' },
      body: JSON.stringify({
        client_name: 'Sam Okafor',
        client_email: 'sam@gridwise.example',
        project_context: 'Our pitch deck and website messaging do not explain the product.',
      }),
    });
    expect(response.status).toBe(200);
    const text = smtp.received[before]?.parsed.text ?? '';
    expect(text).toContain('Channel: the REST API\nSent by: a script or program (not an assistant the site knows)\n');
    expect(text.slice(text.indexOf("BEGIN REQUESTER'S TEXT"))).toContain(
      'User-Agent: triage-test/3.1 (+https://agent.example)',
    );
    expect(text.slice(0, text.indexOf("BEGIN REQUESTER'S TEXT"))).not.toContain('agent.example');
    expect(text).toMatch(/Suggested engagement: Messaging & Narrative System \(matched project context: /);
    expect(text).not.toContain('127.0.0.1');
  });
});
