import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { buildAgentSkillsIndex, skillDigest } from '@/lib/discovery/agent-skills';
import { SKILL_NAME, SKILL_PATH, buildSkillMarkdown } from '@/lib/discovery/agent-skills/skill-md';
import { buildAiCatalog } from '@/lib/discovery/mcp/ai-catalog';
import { buildRobotsTxt } from '@/lib/discovery/robots';
import { getContent } from '@/lib/content';
import { PAGE_HEADERS } from '@/lib/http/shared-headers';
// Lighthouse 13's own check of ai-catalog.json (its agentic-browsing audit `ard-schema`): errors score 0, warnings 0.9.
import { ConformanceTester } from 'lighthouse/third-party/ard/ard.js';

/**
 * Each discovery document against its published schema: the AI Catalog against Agentic Resource Discovery's
 * (ards-project/ard-spec, spec/schemas/ai-catalog.schema.json at commit 5fa2f5a), the Agent Skills index against
 * the Cloudflare RFC's v0.2.0 rules; and the Content-Usage header against robots.txt's Content-Signal.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures');
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const schemaOf = (file: string) => ajv.compile(JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8')));
const ORIGIN = 'https://plainword.example';

describe('/.well-known/ai-catalog.json', () => {
  const catalog = buildAiCatalog(ORIGIN);

  it('is valid against the ARD JSON Schema', () => {
    const validate = schemaOf('ai-catalog.schema.json');
    expect(validate(catalog), JSON.stringify(validate.errors)).toBe(true);
  });

  it('passes the ARD conformance checks Lighthouse 13 runs, without an error or a warning', () => {
    const tester = new ConformanceTester();
    tester.validate_manifest(JSON.stringify(catalog), 'ai-catalog.json');
    expect(tester.errors).toEqual([]);
    expect(tester.warnings).toEqual([]);
  });

  it('names the MCP server card and the skill, on the origin it is served from', () => {
    expect(catalog.entries.map((entry) => entry.url)).toEqual([
      `${ORIGIN}/api/mcp/server-card`,
      `${ORIGIN}${SKILL_PATH}`,
    ]);
  });
});

describe('/.well-known/agent-skills/index.json', () => {
  const index = buildAgentSkillsIndex(ORIGIN);
  const markdown = buildSkillMarkdown(getContent(), ORIGIN);

  it('is valid against the v0.2.0 index rules', () => {
    const validate = schemaOf('agent-skills-index.schema.json');
    expect(validate(index), JSON.stringify(validate.errors)).toBe(true);
  });

  it("gives the digest of the SKILL.md's bytes, and the name and description of its front matter", () => {
    const [skill] = index.skills;
    expect(skill?.digest).toBe(skillDigest(markdown));
    const front = matter(markdown).data;
    expect(front).toEqual({ name: SKILL_NAME, description: skill?.description });
  });

  it('teaches reading, evaluating, and a consultation request only with the person’s consent', () => {
    expect(markdown).toContain(`GET ${ORIGIN}/llms.txt`);
    expect(markdown).toContain(`POST ${ORIGIN}/api/agent/tools/evaluate-client-needs`);
    expect(markdown).toMatch(/only after they say yes/);
    expect(markdown).toContain('Idempotency-Key');
  });
});

describe('Content-Usage', () => {
  /** A dictionary of `key=value` members, as both fields write them. */
  const members = (value: string) =>
    Object.fromEntries(
      value.split(',').map((member) => {
        const [key = '', preference = ''] = member.trim().split('=');
        return [key, preference];
      }),
    );

  it("says on every page what robots.txt's Content-Signal says, in AIPREF's labels", () => {
    const usage = members(PAGE_HEADERS['Content-Usage'] ?? '');
    const signalLine = /^Content-Signal: (.*)$/m.exec(buildRobotsTxt(ORIGIN))?.[1] ?? '';
    const signal = members(signalLine);
    expect(Object.keys(usage).sort()).toEqual(['search', 'train-ai']);
    expect(usage.search).toBe(signal.search === 'yes' ? 'y' : 'n');
    expect(usage['train-ai']).toBe(signal['ai-train'] === 'yes' ? 'y' : 'n');
  });
});
