import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type RunningApp, ROOT, startApp } from '../support/app';
import { sharedApp } from '../support/shared-app';

/**
 * The server card (SEP-2127) against the draft's own JSON Schema, copied as data from
 * modelcontextprotocol/experimental-ext-server-card (schema.json at commit 8924e08); found from the AI Catalog;
 * revalidated by ETag; and the same at the .well-known alias scanners read.
 */
const schema = z
  .object({ $defs: z.record(z.string(), z.unknown()) })
  .parse(JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures/server-card.schema.json'), 'utf8')));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validateCard = ajv.compile({ $ref: '#/$defs/ServerCard', $defs: schema.$defs });

/** A public key as MCP_REGISTRY_PUBLIC_KEY takes it (32 bytes, base64); the private key is never in the repo. */
const REGISTRY_KEY = Buffer.alloc(32, 42).toString('base64');

let app: RunningApp;
beforeAll(async () => {
  app = await startApp({ MCP_REGISTRY_PUBLIC_KEY: REGISTRY_KEY });
});
afterAll(async () => app?.stop());

describe('the MCP server card', () => {
  it('is valid against the draft schema, with the v1 $schema, at /api/mcp/server-card', async () => {
    const response = await fetch(`${app.url}/api/mcp/server-card`, {
      headers: { Accept: 'application/mcp-server-card+json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
    const card = await response.json();
    expect(validateCard(card), JSON.stringify(validateCard.errors)).toBe(true);
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(card.remotes[0].url).toBe(`${app.url}/api/mcp`);
  });

  it('the schema catches a card that breaks it (the test can fail)', () => {
    expect(
      validateCard({
        $schema: 'https://static.modelcontextprotocol.io/schemas/v2/server-card.schema.json',
        name: 'a/b',
        version: '1',
        description: 'x',
      }),
    ).toBe(false);
    expect(validateCard({ name: 'no-slash', version: '1', description: 'x' })).toBe(false);
  });

  it('answers 304 to If-None-Match with its ETag, and 200 again when the tag differs', async () => {
    const first = await fetch(`${app.url}/api/mcp/server-card`);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/);
    await first.arrayBuffer();
    const again = await fetch(`${app.url}/api/mcp/server-card`, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const weak = await fetch(`${app.url}/api/mcp/server-card`, { headers: { 'If-None-Match': `W/${etag}` } });
    expect(weak.status).toBe(304);
    const other = await fetch(`${app.url}/api/mcp/server-card`, { headers: { 'If-None-Match': '"other"' } });
    expect(other.status).toBe(200);
  });

  it('is the same card at /.well-known/mcp/server-card.json', async () => {
    const [card, alias] = await Promise.all(
      ['/api/mcp/server-card', '/.well-known/mcp/server-card.json'].map((where) => fetch(`${app.url}${where}`)),
    );
    expect(alias?.status).toBe(200);
    expect(alias?.headers.get('etag')).toBe(card?.headers.get('etag'));
    expect(await alias?.json()).toEqual(await card?.json());
  });

  it('is found from /.well-known/ai-catalog.json', async () => {
    const response = await fetch(`${app.url}/.well-known/ai-catalog.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/ai-catalog+json');
    const catalog = z
      .object({
        specVersion: z.string(),
        entries: z.array(z.object({ identifier: z.string(), type: z.string(), url: z.url() })),
      })
      .parse(await response.json());
    const [entry] = catalog.entries.filter((item) => item.type === 'application/mcp-server-card+json');
    expect(entry?.identifier).toMatch(/^urn:air:[^:]+:mcp:[a-z0-9.-]+$/);
    const card = await fetch(entry?.url ?? '');
    expect(validateCard(await card.json())).toBe(true);
  });
});

describe('/.well-known/mcp-registry-auth', () => {
  it('serves the configured public key as text/plain, in the form the MCP Registry reads', async () => {
    const response = await fetch(`${app.url}/.well-known/mcp-registry-auth`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await response.text()).trim()).toBe(`v=MCPv1; k=ed25519; p=${REGISTRY_KEY}`);
  });

  it('is 404 with the envelope when no key is configured', async () => {
    const response = await fetch(`${sharedApp().url}/.well-known/mcp-registry-auth`);
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe('NOT_FOUND');
  });
});
