import { describe, expect, it } from 'vitest';
import { loadContent } from '@/lib/content';
import { findResource, readResource } from '@/lib/agent/resources';
import { caseStudyMarkdown } from '@/lib/markdown/collections';
import { REAL_CONTENT } from '../content/fixtures';

/**
 * A quote carries a name and a role in content; the agent API and the markdown keep the one `attribution` line they
 * gave before, now "Name, Role", and the API adds `name` and `role` beside it.
 */
const content = loadContent(REAL_CONTENT);
const origin = 'https://site.example';

describe("a case study's quote, as agents read it", () => {
  const resource = findResource('case-studies');
  if (!resource) throw new Error('the case-studies resource is defined');
  const { json } = readResource(resource, origin, content);
  const data = 'data' in json ? json.data : [];

  it('keeps text and attribution, and adds name and role beside them', () => {
    const tidewater = data.find((study) => study.slug === 'tidewater-grid-rebrand');
    expect(tidewater?.quote).toEqual({
      text: expect.stringMatching(/^Before, we spent the first ten minutes/),
      attribution: 'Tomas Berg, Chief Commercial Officer, Tidewater Grid',
      name: 'Tomas Berg',
      role: 'Chief Commercial Officer, Tidewater Grid',
    });
    expect(Object.keys(tidewater?.quote ?? {})).toEqual(['text', 'attribution', 'name', 'role']);
  });
});

describe("a case study's quote in its markdown", () => {
  it('is a blockquote signed "— Name, Role"', () => {
    const study = content.caseStudies.find((s) => s.slug === 'kestrel-compute-series-b');
    if (!study) throw new Error('the Kestrel Compute case study is in content/');
    const markdown = caseStudyMarkdown(study, content, origin);
    expect(markdown).toContain(
      '\n\n> For the first time, investors played our story back to us correctly in the second meeting.\n>\n' +
        '> — Priya Raman, Co-founder and CEO, Kestrel Compute\n',
    );
  });
});
