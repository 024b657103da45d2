import { describe, expect, it } from 'vitest';
import { loadContent } from '@/lib/content';
import { buildLlmsTxt } from '@/lib/discovery/llms-txt';
import { renderAllMarkdownPages } from '@/lib/markdown/page-markdown';
import { copyContent, edit, problemsOf, replaceOnce } from './fixtures';

/**
 * A fact is written once, in the file that owns it; site.json's copy names it with a placeholder. So renaming an
 * engagement or moving city, in its owner file alone, leaves no old words on any page or document.
 */
const ORIGIN = 'https://plainword.example';

/**
 * What site.json's copy reaches: llms.txt, the engagements, about and home pages (as markdown, with their
 * descriptions), and the copy itself. Engagements' and case studies' own prose is theirs, not site.json's.
 */
function documents(dir: string): string[] {
  const content = loadContent(dir);
  const pages = renderAllMarkdownPages(content, ORIGIN).filter((page) => ['/', '/engagements', '/about'].includes(page.path));
  expect(pages).toHaveLength(3);
  return [buildLlmsTxt(content, ORIGIN).split('## Pages')[0] ?? '', ...pages.map((page) => page.description), JSON.stringify(content.site)];
}

describe('placeholders in site.json', () => {
  it('renaming an engagement in its own file renames it in every page and document that repeats it', () => {
    const dir = copyContent();
    expect(documents(dir).join('\n')).toContain('Positioning Sprint');
    expect(documents(dir).join('\n')).not.toContain('Position Week');
    edit(dir, 'engagements/positioning-sprint.md', replaceOnce('title: Positioning Sprint', 'title: Position Week'));
    const after = documents(dir);
    expect(after.join('\n')).not.toContain('Positioning Sprint');
    expect(after.join('\n')).toContain('Position Week');
    const site = loadContent(dir).site;
    expect(site.pages.engagements.description).toContain('a three-week Position Week,');
    expect(site.pages.engagements.intro).toContain('Most clients start with the Position Week;');
  });

  it('moving city in bio.md moves it in the site description, llms.txt and the about page', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce('city: London', 'city: Bristol'));
    const content = loadContent(dir);
    expect(content.site.description).toContain('consultancy in Bristol for');
    expect(content.site.pages.about.description).toContain('consultancy in Bristol,');
    const llms = buildLlmsTxt(content, ORIGIN);
    expect(llms.split('\n').slice(0, 3).join('\n')).toContain('consultancy in Bristol for');
    // The biography's own story ("a London payment company") is not the city the consultancy is in.
    for (const text of [llms, JSON.stringify(content.site)]) expect(text).not.toMatch(/consultancy in London/);
  });

  it('an unknown placeholder is a check error naming the file, the field and the known placeholders', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce('consultancy in {city} for', 'consultancy in {town} for'));
    const problems = problemsOf(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.file).toMatch(/site\.json$/);
    expect(problems[0]?.field).toBe('description');
    expect(problems[0]?.expected).toContain('"{town}" is not a known placeholder');
    expect(problems[0]?.expected).toContain('{city}');
    expect(problems[0]?.expected).toContain('{engagement:positioning-sprint.title}');
  });

  it('a placeholder naming an engagement that does not exist is refused in a list entry too', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce('"Evidence before opinion"', '"{engagement:workshop.title} first"'));
    const problems = problemsOf(dir);
    expect(problems.map((problem) => problem.field)).toEqual(['home.principles, entry 1, title']);
  });
});
