import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listFieldPaths } from '@/lib/content/fields';
import * as schemas from '@/lib/content/schemas';
import { REAL_CONTENT } from './fixtures';

const README = fs.readFileSync(path.join(REAL_CONTENT, 'README.md'), 'utf8');

/** The text of the README section whose `## ` heading names `file`. */
function section(file: string): string {
  const start = README.indexOf(`\n## ${file}\n`);
  if (start < 0) throw new Error(`content/README.md has no "## ${file}" section`);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

const lastName = (fieldPath: string) => fieldPath.split('.').at(-1) ?? fieldPath;

describe('content/README.md', () => {
  const exported: [string, z.ZodType][] = Object.entries(schemas).flatMap(([name, value]) =>
    value instanceof z.ZodType ? [[name, value]] : [],
  );

  it('derives field names from the schemas (guards the derivation itself)', () => {
    const bio = listFieldPaths(schemas.BioFrontMatterSchema);
    expect(bio).toContain('location.city');
    expect(bio).toContain('social.url');
    expect(listFieldPaths(schemas.SiteSchema)).toContain('pages.contact.responseTime');
    const caseStudy = listFieldPaths(schemas.CaseStudyFrontMatterSchema);
    expect(caseStudy).toEqual(expect.arrayContaining(['quote.name', 'quote.role']));
    expect(exported.flatMap(([, schema]) => listFieldPaths(schema)).length).toBeGreaterThan(80);
  });

  it('mentions every field of every schema in lib/content/schemas.ts, in backticks', () => {
    const missing = exported.flatMap(([name, schema]) =>
      listFieldPaths(schema)
        .map(lastName)
        .filter((field) => !README.includes(`\`${field}\``))
        .map((field) => `${name}: ${field}`),
    );
    expect(missing).toEqual([]);
  });

  it.each([
    ['content/bio.md', schemas.BioFrontMatterSchema],
    ['content/engagements/*.md', schemas.EngagementFrontMatterSchema],
    ['content/case-studies/*.md', schemas.CaseStudyFrontMatterSchema],
    ['content/site.json', schemas.SiteSchema],
  ])('documents every field of %s in its own section', (file, schema) => {
    const text = section(file);
    const missing = listFieldPaths(schema)
      .map(lastName)
      .filter((field) => !text.includes(`\`${field}\``));
    expect(missing).toEqual([]);
  });

  it('explains how to check an edit', () => {
    expect(README).toContain('npm run check');
    expect(README).toContain('npm run build');
  });
});
