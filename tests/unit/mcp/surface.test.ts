import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '@/lib/agent/resources';
import { MCP_APP_VIEWS } from '@/lib/mcp/surface/apps/views';
import { TOOLS, evaluateClientNeedsTool, scheduleConsultationTool } from '@/lib/agent/tools';
import { buildMcpManifest } from '@/lib/discovery/mcp/mcp-manifest';
import { buildMcpServerDescription } from '@/lib/discovery/mcp/description';
import { PROMPTS, draftConsultationRequestPrompt, qualifyClientPrompt } from '@/lib/mcp/surface/prompts';
import { SERVED_REVISIONS, SESSION_REVISIONS, negotiateProtocolVersion } from '@/lib/mcp/protocol';
import { McpManifestSchema, McpServerDescriptionSchema } from '@/lib/discovery/mcp/mcp-document-schemas';
import { siteDocumentLibrary } from '@/lib/discovery/mcp/documents';
import { callMcpTool, listMcpTools } from '@/lib/mcp/surface/mcp-tools';
import { API_VERSION } from '@/lib/api-version';

const ORIGIN = 'https://consultant.example';
const context = {
  origin: ORIGIN,
  requestId: 'test',
  consume: async () => {},
  client: '127.0.0.1',
  channel: { kind: 'mcp', protocolVersion: '2025-03-26' },
  documents: () => siteDocumentLibrary(ORIGIN),
} as const;

describe('the MCP surface is derived from lib/agent', () => {
  it('tools/list carries the JSON Schema of the zod schemas, in and out', () => {
    const listed = listMcpTools(context.origin);
    // The agent API's two tools, then those only MCP has: search, fetch, and the request view's.
    expect(listed.map((tool) => tool.name)).toEqual([
      ...TOOLS.map((tool) => tool.name),
      'search',
      'fetch',
      'prepare_consultation_request',
    ]);
    for (const [index, tool] of TOOLS.entries()) {
      expect(listed[index]?.description).toBe(tool.description);
      // A tool with side effects also takes the idempotency key, mirrored as a header by 2026-07-28 clients.
      const { idempotency_key: key, ...properties } = listed[index]?.inputSchema.properties ?? {};
      expect({ ...listed[index]?.inputSchema, properties }).toEqual(
        z.toJSONSchema(tool.input, { io: 'input', target: 'draft-2020-12' }),
      );
      expect(key).toEqual(
        tool.sideEffects ? expect.objectContaining({ 'x-mcp-header': 'Idempotency-Key' }) : undefined,
      );
      expect(listed[index]?.outputSchema).toEqual(
        z.toJSONSchema(tool.output, { io: 'output', target: 'draft-2020-12' }),
      );
      expect(listed[index]?.annotations?.readOnlyHint).toBe(!tool.sideEffects);
      expect(listed[index]?.icons).toEqual([
        { src: 'https://consultant.example/icon.svg', mimeType: 'image/svg+xml', sizes: ['any'] },
      ]);
    }
  });

  it('annotations: evaluate is read-only; schedule sends a mail that cannot be unsent, to the world outside', () => {
    const [evaluate, schedule] = listMcpTools(context.origin);
    expect(evaluate?.annotations).toEqual({
      title: evaluateClientNeedsTool.title,
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(schedule?.annotations).toEqual({
      title: scheduleConsultationTool.title,
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    });
  });

  it('evaluate links the engagements resource where the revision has resource_link (2025-06-18 on)', async () => {
    const args = { challenges: 'our pitch deck does not land', technology_sector: 'fintech' };
    const old = await callMcpTool(evaluateClientNeedsTool.name, args, context);
    expect(old.content.map((part) => part.type)).toEqual(['text']);
    for (const protocolVersion of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      const result = await callMcpTool(evaluateClientNeedsTool.name, args, {
        ...context,
        channel: { kind: 'mcp', protocolVersion },
      });
      const link = result.content.find((part) => part.type === 'resource_link');
      expect(link).toMatchObject({ type: 'resource_link', uri: 'consultancy://resources/engagements' });
      const recommended = z.object({ recommended: z.object({ key: z.string() }) }).parse(result.structuredContent);
      expect(link && 'description' in link ? link.description : '').toContain(`"${recommended.recommended.key}"`);
    }
  });

  it('a bad argument is a tool error result that names the field and what to send', async () => {
    const result = await callMcpTool(
      scheduleConsultationTool.name,
      { client_name: 'A', client_email: 'not-an-address' },
      context,
    );
    expect(result.isError).toBe(true);
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text).toMatch(/^VALIDATION_FAILED: /);
    expect(text).toContain('client_email must be an email address');
    expect(text).toContain('Resolution: ');
    expect(text).toContain('client_email (string, required)');
    await expect(callMcpTool('book_meeting', {}, context)).rejects.toThrow(/Unknown tool "book_meeting"/);
  });

  it('prompt arguments are the tool fields, each optional, with the schema descriptions', () => {
    expect(Object.keys(qualifyClientPrompt.args)).toEqual(Object.keys(evaluateClientNeedsTool.input.shape));
    expect(Object.keys(draftConsultationRequestPrompt.args)).toEqual([
      ...Object.keys(scheduleConsultationTool.input.shape),
      'engagement',
    ]);
    const description = z.globalRegistry.get(scheduleConsultationTool.input.shape.client_email)?.description;
    expect(draftConsultationRequestPrompt.args.client_email?.description).toBe(description);
    for (const prompt of PROMPTS)
      for (const arg of Object.values(prompt.args)) expect(arg.safeParse(undefined).success).toBe(true);
  });

  it('the draft prompt forbids calling schedule_consultation before the user confirms', () => {
    const text = draftConsultationRequestPrompt.render({ client_name: 'Priya Raman' });
    expect(text).toContain('Priya Raman');
    expect(text).toContain('client_email: not given yet');
    expect(text).toMatch(/Do not call schedule_consultation until I have confirmed/);
    expect(text).toContain('not a booking');
  });

  it('the GET description and /mcp.json have the documented shapes and the version', () => {
    const description = McpServerDescriptionSchema.strict().parse(buildMcpServerDescription(context.origin));
    expect(description.result.serverInfo.version).toBe(API_VERSION);
    expect(description.result.protocolVersion).toBe('2025-03-26');
    expect(description.result.resources).toEqual([
      ...RESOURCES.map((resource) => resource.uri),
      ...MCP_APP_VIEWS.map((view) => view.uri),
    ]);
    expect(description.result.prompts).toEqual(PROMPTS.map((prompt) => prompt.name));
    const manifest = McpManifestSchema.strict().parse(buildMcpManifest('https://consultant.example'));
    expect(manifest).toMatchObject({
      version: API_VERSION,
      endpoint: 'https://consultant.example/api/mcp',
      restApiFallback: 'https://consultant.example/api/agent',
    });
  });

  it('negotiates by the lifecycle: the requested revision when supported, else the latest', () => {
    expect(negotiateProtocolVersion('2025-03-26')).toBe('2025-03-26');
    expect(negotiateProtocolVersion('2025-06-18')).toBe('2025-06-18');
    expect(negotiateProtocolVersion('2099-01-01')).toBe('2025-11-25');
    expect(negotiateProtocolVersion('2026-07-28')).toBe('2025-11-25');
  });

  it('every session revision is one the SDK speaks, and every revision is listed where clients look', () => {
    for (const revision of SESSION_REVISIONS) expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(revision);
    expect(SERVED_REVISIONS).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28']);
    expect(buildMcpServerDescription(context.origin).result.protocolVersions).toEqual(SERVED_REVISIONS);
    expect(buildMcpManifest(context.origin).protocolVersions).toEqual(SERVED_REVISIONS);
  });
});
