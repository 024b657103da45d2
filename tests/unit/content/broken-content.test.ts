import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, loadContent } from '@/lib/content';
import { REAL_CONTENT, copyContent, edit, problemsOf, replaceOnce } from './fixtures';

/** Asserts that a folder has exactly this one problem: the file, the field, and words from the expectation (its line is slips.test.ts's concern). */
function expectOnlyProblem(dir: string, file: string, field: string, ...expected: string[]): void {
  const problems = problemsOf(dir);
  expect(problems.map(({ file, field }) => ({ file, field }))).toEqual([{ file: path.join(dir, file), field }]);
  for (const words of expected) expect(problems[0]?.expected).toContain(words);
}

const KEYS = loadContent(REAL_CONTENT).engagements.map((engagement) => engagement.key);

describe('site.json', () => {
  it('reports malformed JSON with the line and column, not a character offset', () => {
    const dir = copyContent();
    // Drops the comma after "siteName" (line 2), so the parser stops at the start of line 3.
    edit(dir, 'site.json', replaceOnce(/("siteName": "[^"]*"),/, '$1'));
    expectOnlyProblem(dir, 'site.json', '(whole file)', "expected valid JSON (expected ',' or '}' after property value at line 3, column 3)");
    expect(problemsOf(dir)[0]?.expected).not.toContain('position');
  });

  it('reports an empty file as such', () => {
    const dir = copyContent();
    fs.writeFileSync(path.join(dir, 'site.json'), '\n');
    expectOnlyProblem(dir, 'site.json', '(whole file)', 'expected valid JSON, but the file is empty');
  });

  it('names a missing nested field by its full path', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/,\s*"label": "[^"]*"/, ''));
    expectOnlyProblem(dir, 'site.json', 'home.cta.label', 'missing; add "label:" inside "cta" followed by text');
  });

  it('shows a list, a group or a text written as another in JSON’s own brackets, not YAML’s lines', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/"otherClients": \[[^\]]*\]/, '"otherClients": "Quillmark, Larchmont Health"'));
    const list = 'write the list in square brackets, each entry in double quotes';
    const clients = '"otherClients": ["Quillmark", "Larchmont Health"]';
    expectOnlyProblem(dir, 'site.json', 'home.otherClients', `${list}: ${clients}`);
    const group = copyContent();
    edit(group, 'site.json', replaceOnce(/"cta": \{[^}]*\}/, '"cta": "Start a conversation"'));
    const fields = 'write its fields in curly brackets, each "name": value';
    expectOnlyProblem(group, 'site.json', 'home.cta', `${fields}: "cta": { … }`);
    const text = copyContent();
    edit(text, 'site.json', replaceOnce(/"headline": ("[^"]*")/, '"headline": [$1]'));
    expectOnlyProblem(text, 'site.json', 'home.headline', 'write the text in double quotes, without square brackets');
    for (const folder of [dir, group, text]) expect(problemsOf(folder)[0]?.expected).not.toContain('two spaces');
  });

  it('suggests the right name for a misspelt nested field, in one line', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce('"responseTime"', '"responseTme"'));
    expectOnlyProblem(dir, 'site.json', 'pages.contact.responseTme', 'unknown field; did you mean "responseTime"?');
  });

  it('rejects an impossible date written as text', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/"updated": "[^"]*"/, '"updated": "2026-02-30"'));
    expectOnlyProblem(dir, 'site.json', 'updated', 'expected a real calendar date (YYYY-MM-DD); 2026-02-30 does not exist');
  });

  it('rejects a date that is a number', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/"updated": "[^"]*"/, '"updated": 20261114'));
    expectOnlyProblem(dir, 'site.json', 'updated', 'expected a date written as YYYY-MM-DD');
  });

  it('requires the site name to equal the company in bio.md', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/"siteName": "[^"]*"/, '"siteName": "Someone Else"'));
    expectOnlyProblem(dir, 'site.json', 'siteName', 'expected the company name from bio.md', 'found "Someone Else"');
  });
});

describe('bio.md', () => {
  it('reports a file without front matter', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', (text) => text.replace(/^---\n[\s\S]*?\n---\n/, ''));
    expectOnlyProblem(dir, 'bio.md', 'front matter', 'expected the file to start with a front matter block between two --- lines');
  });

  it('reports an invalid email address', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^email: .*$/m, 'email: hello-at-plainword'));
    expectOnlyProblem(dir, 'bio.md', 'email', 'expected an email address such as name@example.com');
  });

  it('reports a web address without https://', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^website: .*$/m, 'website: plainword.example'));
    expectOnlyProblem(dir, 'bio.md', 'website', 'expected a full web address starting with https://');
  });

  it('reports an invalid web address inside a list by its position', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/url: https:\/\/www\.linkedin\.com\S*/, 'url: ftp://files.example/me'));
    expectOnlyProblem(dir, 'bio.md', 'social, entry 1, url', 'expected a full web address starting with https://');
  });

  it('reports an unknown field without a suggestion when nothing is close', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^updated:/m, 'favouriteColour: teal\nupdated:'));
    expectOnlyProblem(dir, 'bio.md', 'favouriteColour', 'unknown field; the fields allowed here are name, givenName,');
    expect(problemsOf(dir)[0]?.expected).not.toContain('did you mean');
  });

  it('reports a phone number in the wrong format', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^phone: .*$/m, 'phone: "020 7946 0158"'));
    expectOnlyProblem(dir, 'bio.md', 'phone', 'expected + and the country code, then the number without its first 0');
  });
});

describe('engagement files', () => {
  const sprint = 'engagements/positioning-sprint.md';

  it('reports a missing required field', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^tagline: .*\n/m, ''));
    expectOnlyProblem(dir, sprint, 'tagline', 'missing; add "tagline:" followed by text');
  });

  it('reports a field of the wrong type, saying what it found', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^keywords:\n(?: {2}- .*\n)+/m, 'keywords: 5\n'));
    expectOnlyProblem(dir, sprint, 'keywords', 'expected a list, found the number 5');
  });

  it('reports a number that is not whole', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^order: 1$/m, 'order: 1.5'));
    expectOnlyProblem(dir, sprint, 'order', 'expected a whole number, found the number 1.5');
  });

  it('reports a misspelt field once, suggesting the right name', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^keywords:/m, 'keyword:'));
    expectOnlyProblem(dir, sprint, 'keyword', 'unknown field; did you mean "keywords"? check the spelling against content/README.md');
  });

  describe('concepts', () => {
    const retainer = 'engagements/advisory-retainer.md';

    it('reports a concept that is not a list, naming the concept', () => {
      const dir = copyContent();
      edit(dir, retainer, replaceOnce(/^ {2}coaching:\n(?: {4}- .*\n)+/m, '  coaching: mentor\n'));
      expectOnlyProblem(dir, retainer, 'concepts.coaching', 'expected a list, found the text "mentor"');
    });

    it('reports a concept with an empty phrase', () => {
      const dir = copyContent();
      edit(dir, retainer, replaceOnce(/^ {4}- mentor$/m, '    - " "'));
      expectOnlyProblem(dir, retainer, 'concepts.coaching, entry 1', 'expected non-empty text');
    });

    it('reports concepts written as a list instead of named groups', () => {
      const dir = copyContent();
      edit(dir, retainer, replaceOnce(/^concepts:\n(?: {2,}.*\n)+/m, 'concepts:\n  - mentor\n'));
      expectOnlyProblem(dir, retainer, 'concepts', 'expected a group of fields, found a list');
    });

    it('suggests "concepts" for a misspelt field name', () => {
      const dir = copyContent();
      edit(dir, retainer, replaceOnce(/^concepts:/m, 'concept:'));
      expectOnlyProblem(dir, retainer, 'concept', 'unknown field; did you mean "concepts"?');
    });

    it('reports a phrase that another engagement already uses, naming both files', () => {
      const dir = copyContent();
      const messaging = 'engagements/messaging-system.md';
      edit(dir, messaging, replaceOnce(/^ {4}- slides$/m, '    - Mentor'));
      expectOnlyProblem(
        dir,
        messaging,
        'concepts.deck',
        'expected each keyword and concept phrase on one engagement only; "Mentor" is also in',
        'advisory-retainer.md',
      );
    });

    it('may be left out', () => {
      const dir = copyContent();
      edit(dir, retainer, replaceOnce(/^concepts:\n(?: {2,}.*\n)+/m, ''));
      const { engagements } = loadContent(dir);
      expect(engagements.find((engagement) => engagement.key === 'advisory-retainer')?.concepts).toEqual({});
    });
  });

  it('reports bad YAML with the line as the editor counts it', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^order: 1$/m, '  order: 1'));
    expectOnlyProblem(dir, sprint, 'order', '`  order: 1` is indented by 2 spaces; a field starts at the beginning of the line: order: 1');
    expect(problemsOf(dir)[0]?.line).toBe(3);
  });

  it('reports an unquoted date that does not exist, saying why', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^updated: .*$/m, 'updated: 2026-13-45'));
    expectOnlyProblem(dir, sprint, 'updated', 'expected a real calendar date (YYYY-MM-DD); 2026-13-45 does not exist: there is no month 13');
  });

  it('reports a date in the wrong format with the date to write', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^updated: .*$/m, 'updated: 14/11/2026'));
    expectOnlyProblem(dir, sprint, 'updated', 'expected a date written as YYYY-MM-DD; for 14 November 2026 write 2026-11-14');
  });

  it('reports a fifth engagement file', () => {
    const dir = copyContent();
    const fifth = fs
      .readFileSync(path.join(dir, sprint), 'utf8')
      .replace(/^key: .*$/m, 'key: workshop')
      .replace(/^order: .*$/m, 'order: 5')
      .replace(/^fallback: true$/m, 'fallback: false');
    fs.writeFileSync(path.join(dir, 'engagements/workshop.md'), fifth);
    expectOnlyProblem(dir, 'engagements', '(folder)', 'expected exactly 4 engagement files, found 5');
  });

  it('reports a duplicate key in the second file that uses it', () => {
    const dir = copyContent();
    edit(dir, 'engagements/brand-identity.md', replaceOnce(/^key: .*$/m, 'key: messaging-system'));
    expectOnlyProblem(
      dir,
      'engagements/messaging-system.md',
      'key',
      `expected a unique key; "messaging-system" is already used in ${path.join(dir, 'engagements/brand-identity.md')}`,
    );
  });

  it('reports a duplicate order', () => {
    const dir = copyContent();
    edit(dir, 'engagements/advisory-retainer.md', replaceOnce(/^order: .*$/m, 'order: 1'));
    expectOnlyProblem(dir, sprint, 'order', 'expected a unique order; "1" is already used in');
  });

  it('reports zero fallbacks', () => {
    const dir = copyContent();
    edit(dir, sprint, replaceOnce(/^fallback: true$/m, 'fallback: false'));
    expectOnlyProblem(dir, 'engagements', 'fallback', 'expected exactly one engagement with "fallback: true"', 'found 0');
  });

  it('reports two fallbacks', () => {
    const dir = copyContent();
    edit(dir, 'engagements/brand-identity.md', replaceOnce(/^fallback: false$/m, 'fallback: true'));
    expectOnlyProblem(dir, 'engagements', 'fallback', 'expected exactly one engagement with "fallback: true"', 'found 2');
  });
});

describe('case-study files', () => {
  const study = 'case-studies/tidewater-grid-rebrand.md';

  it('reports an engagement key that does not exist, listing the ones that do', () => {
    const dir = copyContent();
    edit(dir, study, replaceOnce(/^engagement: .*$/m, 'engagement: rebrand'));
    expectOnlyProblem(dir, study, 'engagement', `expected one of ${KEYS.join(', ')}; "rebrand" is not an engagement key`);
  });

  it('reports a file name that cannot be a page address', () => {
    const dir = copyContent();
    fs.renameSync(path.join(dir, study), path.join(dir, 'case-studies/Tidewater Rebrand.md'));
    expectOnlyProblem(dir, 'case-studies/Tidewater Rebrand.md', '(file name)', 'expected a lower-case file name with hyphens');
  });

  it('reports a quote without its role by its nested path', () => {
    const dir = copyContent();
    edit(dir, study, replaceOnce(/^ {2}role: .*\n/m, ''));
    expectOnlyProblem(dir, study, 'quote.role', 'missing; add "role:" inside "quote" followed by text');
  });
});

describe('several problems at once', () => {
  it('reports every problem in one error, one line each, so they can be fixed in one go', () => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^email: .*$/m, 'email: nobody'));
    edit(dir, 'engagements/messaging-system.md', replaceOnce(/^title: .*$/m, 'title: "  "'));
    let error: unknown;
    try {
      loadContent(dir);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContentError);
    const problems = error instanceof ContentError ? error.problems : [];
    expect(problems.map((problem) => `${problem.file}|${problem.field}`)).toEqual([
      `${path.join(dir, 'bio.md')}|email`,
      `${path.join(dir, 'engagements/messaging-system.md')}|title`,
    ]);
    expect(problems[1]?.expected).toBe('expected non-empty text');
    expect(String(error instanceof Error ? error.message : '')).toMatch(/^The content under content\/ has 2 problems:\n {2}- .*\n {2}- .*$/);
  });
});
