import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseConfig } from '@/lib/config/env';
import { buildServerCard } from '@/lib/discovery/mcp/server-card';

/** server.json, the MCP Registry listing, says what the server card says for the same origin. */
const ServerJsonSchema = z.object({
  $schema: z.url(),
  name: z.string(),
  title: z.string(),
  description: z.string().max(100),
  version: z.string(),
  websiteUrl: z.url(),
  remotes: z.array(z.object({ type: z.literal('streamable-http'), url: z.url() })).length(1),
});

describe('the MCP Registry listing', () => {
  it('server.json names, describes and versions the server as its card does', () => {
    const listing = ServerJsonSchema.parse(
      JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../server.json'), 'utf8')),
    );
    const card = buildServerCard(listing.websiteUrl);
    expect(listing).toMatchObject({
      name: card.name,
      title: card.title,
      description: card.description,
      version: card.version,
      remotes: [{ type: 'streamable-http', url: card.remotes[0]?.url }],
    });
  });

  it('names the server by its host in reverse-DNS order, and an IP address as written', () => {
    const nameOf = (origin: string) => buildServerCard(origin).name.split('/')[0];
    expect(nameOf('https://plainword.example')).toBe('example.plainword');
    expect(nameOf('http://localhost:3000')).toBe('localhost');
    expect(nameOf('http://127.0.0.1:3900')).toBe('127.0.0.1');
    expect(nameOf('http://[::1]:3900')).toBe('--1');
  });

  it('MCP_REGISTRY_PUBLIC_KEY must be a base64 Ed25519 public key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(parseConfig({ MCP_REGISTRY_PUBLIC_KEY: key }).MCP_REGISTRY_PUBLIC_KEY).toBe(key);
    for (const bad of ['abc', Buffer.alloc(64, 1).toString('base64'), '-----BEGIN PRIVATE KEY-----'])
      expect(() => parseConfig({ MCP_REGISTRY_PUBLIC_KEY: bad })).toThrow(/MCP_REGISTRY_PUBLIC_KEY/);
  });
});
