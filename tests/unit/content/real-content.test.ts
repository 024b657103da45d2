import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGAGEMENT_COUNT } from '@/lib/content/engagements';
import { loadContent } from '@/lib/content';
import { renderMarkdown } from '@/lib/content/markdown';
import { REAL_CONTENT } from './fixtures';

const content = loadContent(REAL_CONTENT);

describe('the real content', () => {
  it('has exactly four engagements with unique keys and orders 1 to 4', () => {
    expect(ENGAGEMENT_COUNT).toBe(4);
    expect(content.engagements).toHaveLength(4);
    const keys = content.engagements.map((engagement) => engagement.key);
    expect(new Set(keys).size).toBe(4);
    expect(content.engagements.map((engagement) => engagement.order)).toEqual([1, 2, 3, 4]);
  });

  it('has exactly one fallback engagement', () => {
    expect(content.engagements.filter((engagement) => engagement.fallback)).toHaveLength(1);
  });

  it('links every case study to an existing engagement, and uses every engagement at least once', () => {
    const keys = content.engagements.map((engagement) => engagement.key);
    expect(content.caseStudies.length).toBeGreaterThanOrEqual(4);
    expect(content.caseStudies.length).toBeLessThanOrEqual(6);
    for (const study of content.caseStudies) expect(keys).toContain(study.engagement);
    expect(new Set(content.caseStudies.map((study) => study.engagement))).toEqual(new Set(keys));
  });

  it('features three case studies', () => {
    expect(content.caseStudies.filter((study) => study.featured)).toHaveLength(3);
  });

  it('gives each engagement 12 to 25 lower-case keywords that no other engagement uses', () => {
    const owner = new Map<string, string>();
    for (const engagement of content.engagements) {
      expect(engagement.keywords.length).toBeGreaterThanOrEqual(12);
      expect(engagement.keywords.length).toBeLessThanOrEqual(25);
      for (const keyword of engagement.keywords) {
        expect(keyword).toBe(keyword.toLowerCase());
        expect(owner.get(keyword), `"${keyword}" is on ${owner.get(keyword)} and ${engagement.key}`).toBeUndefined();
        owner.set(keyword, engagement.key);
      }
    }
  });

  it('keeps the company name equal in bio.md and site.json', () => {
    expect(content.site.siteName).toBe(content.bio.company);
  });

  it("names the consultant only in bio.md", () => {
    const files = fs
      .readdirSync(REAL_CONTENT, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(md|json)$/.test(file) && file !== 'bio.md');
    expect(files.length).toBeGreaterThanOrEqual(10);
    for (const file of files) {
      const text = fs.readFileSync(path.join(REAL_CONTENT, file), 'utf8');
      expect(text, file).not.toContain(content.bio.name);
      expect(text, file).not.toMatch(new RegExp(`\\b${content.bio.familyName}\\b`));
    }
  });

  it('renders every markdown body to HTML', () => {
    expect(renderMarkdown(content.bio.markdown)).toContain('<h2>');
    for (const item of [...content.engagements, ...content.caseStudies]) expect(renderMarkdown(item.body)).toMatch(/^<p>/);
  });
});
