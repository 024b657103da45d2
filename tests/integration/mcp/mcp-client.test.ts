import { API_VERSION } from '../../../lib/api-version';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../lib/agent/resources';
import { EvaluateClientNeedsRequestSchema, ScheduleConsultationRequestSchema } from '../../../lib/agent/agent-schemas';
import { TOOLS } from '../../../lib/agent/tools';
import { loadContent } from '../../../lib/content';
import { REFERENCE_PATTERN } from '../../../lib/agent/inquiry-reference';
import type { RunningApp } from '../support/app';
import { startAppWithMail, stopAppWithMail } from '../support/app-with-mail';
import { type TestSmtpServer, startSmtpServer } from '../support/smtp';

/**
 * The official MCP SDK client over real HTTP against the built app: every resource, tool and prompt, and the
 * contract that MCP, REST and the manifest share one schema per tool.
 */
const content = loadContent();
let smtp: TestSmtpServer;
let app: RunningApp;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithMail(startSmtpServer));
});
afterAll(() => stopAppWithMail(app, smtp));

/** A connected SDK client; `requests` records every HTTP request its transport makes. */
async function connect() {
  const requests: { method: string; status: number }[] = [];
  const transport = new StreamableHTTPClientTransport(new URL(`${app.url}/api/mcp`), {
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      requests.push({ method: init?.method ?? 'GET', status: response.status });
      return response;
    },
  });
  const client = new Client({ name: 'integration-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, transport, requests };
}

/** The text of a tool result or of prompt messages, parsed rather than cast; other content (a resource_link) is left out. */
const textOf = (result: unknown) =>
  z
    .object({ content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })) })
    .parse(result)
    .content.filter((part) => part.type === 'text')
    .map((part) => z.string().parse(part.text))
    .join('');

describe('the official MCP client', () => {
  it('connects and learns the server name, the version and the four capabilities', async () => {
    const { client, transport } = await connect();
    expect(client.getServerVersion()).toMatchObject({ name: content.site.siteName, version: API_VERSION });
    expect(client.getServerVersion()?.icons).toEqual([
      { src: `${app.url}/icon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] },
    ]);
    expect(Object.keys(client.getServerCapabilities() ?? {}).sort()).toEqual([
      'completions',
      'prompts',
      'resources',
      'tools',
    ]);
    expect(client.getInstructions()).toContain('not a booking');
    expect(transport.sessionId).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    await transport.terminateSession();
    await client.close();
  });

  it('lists the four resources and reads each with the same content as REST', async () => {
    const { client } = await connect();
    const { resources } = await client.listResources();
    // The MCP Apps views (ui://) follow the four; tests/integration/mcp/mcp-apps.test.ts covers them.
    expect(resources.filter((resource) => !resource.uri.startsWith('ui://'))).toEqual(
      RESOURCES.map(({ uri, name, title, description, mimeType }) => ({ uri, name, title, description, mimeType })),
    );
    for (const resource of RESOURCES) {
      const { contents } = await client.readResource({ uri: resource.uri });
      expect(contents).toHaveLength(1);
      const [read] = contents;
      expect(read).toMatchObject({ uri: resource.uri, mimeType: resource.mimeType });
      const text = z.object({ text: z.string() }).parse(read).text;
      const rest = await fetch(`${app.url}/api/agent/resources/${resource.name}`, {
        headers: { Accept: resource.mimeType },
      });
      if (resource.mimeType === 'application/json') expect(JSON.parse(text)).toEqual(await rest.json());
      else expect(text).toBe(await rest.text());
    }
    await client.close();
  });

  it('lists the two tools with their descriptions, and input schemas that are the zod schemas of REST', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'evaluate_client_needs',
      'schedule_consultation',
      'search',
      'fetch',
      'prepare_consultation_request',
    ]);
    const manifest = await (await fetch(`${app.url}/api/agent`)).json();
    for (const [index, schema] of [EvaluateClientNeedsRequestSchema, ScheduleConsultationRequestSchema].entries()) {
      const listed = tools[index];
      const jsonSchema = z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
      // schedule_consultation also takes the idempotency key over MCP, in place of REST's header.
      const { idempotency_key: key, ...properties } = listed?.inputSchema.properties ?? {};
      expect({ ...listed?.inputSchema, properties }).toEqual(jsonSchema);
      expect(key === undefined).toBe(index === 0);
      expect(listed?.description).toBe(TOOLS[index]?.description);
      expect(listed?.description).toBe(manifest.tools[index].description);
      expect(Object.keys(manifest.tools[index].body)).toEqual(Object.keys(jsonSchema.properties ?? {}));
    }
    expect(tools[0]?.description).toMatch(/Use it first/);
    expect(tools[1]?.description).toMatch(/request a person answers, not a booking/);
    expect(tools[0]?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(tools[1]?.annotations).toMatchObject({ readOnlyHint: false, openWorldHint: true });
    expect(tools[1]?.annotations).toMatchObject({ destructiveHint: true, idempotentHint: false });
    await client.close();
  });

  it('refuses the same bad arguments as REST, naming the same fields, as a tool error result', async () => {
    const { client } = await connect();
    const bad = { client_name: 'Priya', client_email: 'priya at example', surprise: 1 };
    const result = await client.callTool({ name: 'schedule_consultation', arguments: bad });
    expect(result.isError).toBe(true);
    const text = textOf(result);
    const rest = await fetch(`${app.url}/api/agent/tools/schedule-consultation`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(bad),
    });
    const envelope = (await rest.json()).error;
    expect(rest.status).toBe(400);
    expect(text).toContain('VALIDATION_FAILED');
    for (const field of ['client_email', 'surprise']) {
      expect(envelope.message).toContain(field);
      expect(text).toContain(field);
    }
    expect(text).toContain(envelope.message.replace(/^The request body is invalid: /, ''));
    expect(text).toMatch(
      /Resolution: Correct those arguments and call schedule_consultation again with client_name \(string, required\)/,
    );
    await client.close();
  });

  it('calls evaluate_client_needs: text and structuredContent, equal to the REST answer', async () => {
    const { client } = await connect();
    const input = {
      challenges: 'Our investor pitch deck does not land and our website copy is vague',
      technology_sector: 'fintech',
    };
    const result = await client.callTool({ name: 'evaluate_client_needs', arguments: input });
    expect(result.isError).toBeFalsy();
    const rest = await fetch(`${app.url}/api/agent/tools/evaluate-client-needs`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    });
    const expected = await rest.json();
    expect(result.structuredContent).toEqual(expected);
    expect(JSON.parse(textOf(result))).toEqual(expected);
    expect(content.engagements.map((e) => e.key)).toContain(expected.recommended.key);
    // This client negotiates 2025-11-25, which has resource_link: the engagement's resource is linked.
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', uri: 'consultancy://resources/engagements' }),
    );
    await client.close();
  });

  it('calls schedule_consultation: one mail through authenticated SMTP, and a reply that promises no booking', async () => {
    const { client } = await connect();
    const before = smtp.received.length;
    const result = await client.callTool({
      name: 'schedule_consultation',
      arguments: { client_name: 'Priya Raman', client_email: 'priya@ledgerline.example', technology_sector: 'fintech' },
    });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      success: true,
      reference: expect.stringMatching(REFERENCE_PATTERN),
    });
    expect(textOf(result)).toContain('within 24 hours');
    expect(smtp.received.length).toBe(before + 1);
    expect(smtp.received[before]?.parsed.subject).toMatch(
      /^Consultation request from Priya Raman \(fintech\) \[ref \d{6}-[0-9A-Z]{6}\]$/,
    );
    expect(smtp.authAttempts).toBeGreaterThan(0);
    await client.close();
  });

  it('an unknown tool is a JSON-RPC error, not a result', async () => {
    const { client } = await connect();
    const error = await client.callTool({ name: 'book_meeting', arguments: {} }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect(error).toMatchObject({ code: -32602 });
    await client.close();
  });

  it('lists the prompts with arguments from the tool schemas, and gets each of them', async () => {
    const { client } = await connect();
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toEqual(['qualify_client', 'draft_consultation_request']);
    expect(prompts[0]?.arguments?.map((arg) => arg.name)).toEqual(Object.keys(EvaluateClientNeedsRequestSchema.shape));
    expect(prompts[1]?.arguments?.map((arg) => arg.name)).toEqual([
      ...Object.keys(ScheduleConsultationRequestSchema.shape),
      'engagement',
    ]);
    for (const prompt of prompts)
      expect(prompt.arguments?.every((arg) => !arg.required && (arg.description?.length ?? 0) > 5)).toBe(true);

    const qualify = await client.getPrompt({
      name: 'qualify_client',
      arguments: { technology_sector: 'climate tech' },
    });
    const qualifyText = textOf({ content: qualify.messages.map((message) => message.content) });
    expect(qualify.messages[0]?.role).toBe('user');
    expect(qualifyText).toContain('technology_sector: climate tech');
    expect(qualifyText).toContain('challenges: not given yet');
    expect(qualifyText).toContain('evaluate_client_needs');
    for (const engagement of content.engagements) expect(qualifyText).toContain(engagement.title);

    const draft = await client.getPrompt({
      name: 'draft_consultation_request',
      arguments: { client_name: 'Priya Raman', client_email: 'priya@ledgerline.example' },
    });
    const draftText = textOf({ content: draft.messages.map((message) => message.content) });
    expect(draftText).toContain('client_name: Priya Raman');
    expect(draftText).toContain('Do not call schedule_consultation until I have confirmed the draft');
    expect(draftText).toContain('not a booking');
    const empty = await client.getPrompt({ name: 'draft_consultation_request' });
    expect(textOf({ content: empty.messages.map((message) => message.content) })).toContain(
      'client_email: not given yet',
    );
    await client.close();
  });

  it('the GET description names exactly what the client lists', async () => {
    const description = await (await fetch(`${app.url}/api/mcp`)).json();
    const { client } = await connect();
    expect(description.result.resources).toEqual((await client.listResources()).resources.map((r) => r.uri));
    expect(description.result.tools).toEqual((await client.listTools()).tools.map((t) => t.name));
    expect(description.result.prompts).toEqual((await client.listPrompts()).prompts.map((p) => p.name));
    expect(description.result.serverInfo).toEqual(client.getServerVersion());
    await client.close();
  });

  it('a connected client that idles makes no repeated GET requests (one GET, answered 405)', async () => {
    const { client, transport, requests } = await connect();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const gets = requests.filter((request) => request.method === 'GET');
    expect(gets).toEqual([{ method: 'GET', status: 405 }]);
    expect(requests.filter((request) => request.method === 'POST').map((request) => request.status)).toEqual([
      200, 202,
    ]);
    await client.listTools();
    await transport.terminateSession();
    expect(requests.at(-1)).toEqual({ method: 'DELETE', status: 200 });
    await client.close();
  });
});
