import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROOT } from '../support/app';
import { sharedApp } from '../support/shared-app';

/**
 * The Agent Skills index, its SKILL.md and the AI Catalog as served (each against its schema, the digest against
 * the bytes served), and the Content-Usage header of pages, on either server.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const schema = (file: string) =>
  ajv.compile(JSON.parse(fs.readFileSync(path.join(ROOT, 'tests/fixtures', file), 'utf8')));

const IndexSchema = z.object({
  skills: z.array(z.object({ name: z.string(), url: z.string(), digest: z.string(), description: z.string() })),
});

const app = sharedApp();

describe('/.well-known/agent-skills', () => {
  it('serves an index valid against the v0.2.0 rules, whose digest is that of the SKILL.md served', async () => {
    const response = await fetch(`${app.url}/.well-known/agent-skills/index.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const index: unknown = await response.json();
    const validate = schema('agent-skills-index.schema.json');
    expect(validate(index), JSON.stringify(validate.errors)).toBe(true);
    const [skill] = IndexSchema.parse(index).skills;
    const markdown = await fetch(new URL(skill!.url, `${app.url}/.well-known/agent-skills/index.json`));
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    const bytes = Buffer.from(await markdown.arrayBuffer());
    expect(`sha256:${createHash('sha256').update(bytes).digest('hex')}`).toBe(skill!.digest);
    expect(bytes.toString('utf8')).toMatch(new RegExp(`^---\\nname: ${skill!.name}\\n`));
  });
});

describe('/.well-known/ai-catalog.json', () => {
  it('is valid against the ARD schema, and every entry it names answers 200', async () => {
    const response = await fetch(`${app.url}/.well-known/ai-catalog.json`);
    expect(response.status).toBe(200);
    const catalog: unknown = await response.json();
    const validate = schema('ai-catalog.schema.json');
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true);
    const { entries } = z.object({ entries: z.array(z.object({ url: z.string() })) }).parse(catalog);
    for (const entry of entries) expect((await fetch(entry.url)).status, entry.url).toBe(200);
  });
});

describe('Content-Usage', () => {
  it('is on every page, HTML and markdown, and on no API answer', async () => {
    for (const [pathname, accept] of [
      ['/', 'text/html'],
      ['/contact', 'text/html'],
      ['/about', 'text/markdown'],
    ] as const) {
      const response = await fetch(`${app.url}${pathname}`, { headers: { Accept: accept } });
      expect(response.status, pathname).toBe(200);
      expect(response.headers.get('content-usage'), pathname).toBe('train-ai=y, search=y');
    }
    expect((await fetch(`${app.url}/api/agent`)).headers.get('content-usage')).toBeNull();
  });
});
