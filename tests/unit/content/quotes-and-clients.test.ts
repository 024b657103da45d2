import { describe, expect, it } from 'vitest';
import { formatProblem, loadContent } from '@/lib/content';
import { namedClients, quotedStudies } from '@/lib/content/case-studies';
import { copyContent, edit, problemsOf, replaceOnce } from './fixtures';

/**
 * A case study's quote signed with a name and a role, and site.json's other clients: each mistake made on a copy
 * of the real content, read as `npm run check -- --dir` reads it, gives the one line she sees. `$` is the copy.
 */
const study = 'case-studies/tidewater-grid-rebrand.md';
const atLine = (line: number) => `$/${study}, line ${line}: `;
const markup = (found: string, write: string) =>
  `expected plain text; "${found}" is markup, which would be shown as typed: write "${write}"`;
const attribution =
  'quote.attribution: replaced by two fields: write the person\'s name in "name" and their role in "role" ' +
  '(such as role: Chief Commercial Officer, Tidewater Grid), then remove "attribution"';
type Mistake = [label: string, file: string, from: string | RegExp, to: string, line: string];

const MISTAKES: Mistake[] = [
  [
    'a quote without a name',
    study,
    /^ {2}name: .*\n/m,
    '',
    `${atLine(24)}quote.name: missing; add "name:" inside "quote" followed by text`,
  ],
  [
    'a quote without a role',
    study,
    /^ {2}role: .*\n/m,
    '',
    `${atLine(24)}quote.role: missing; add "role:" inside "quote" followed by text`,
  ],
  [
    'a name in HTML bold',
    study,
    /^ {2}name: .*$/m,
    '  name: <b>Tomas Berg</b>',
    `${atLine(28)}quote.name: ${markup('<b>', 'Tomas Berg')}`,
  ],
  [
    'a name written as a markdown link',
    study,
    /^ {2}name: .*$/m,
    '  name: "[Tomas Berg](https://example.com/tomas)"',
    `${atLine(28)}quote.name: ${markup('[Tomas Berg](https://example.com/tomas)', 'Tomas Berg')}`,
  ],
  [
    'a role in markdown emphasis',
    study,
    /^ {2}role: .*$/m,
    '  role: Chief Commercial Officer, *Tidewater Grid*',
    `${atLine(29)}quote.role: ${markup('*Tidewater Grid*', 'Chief Commercial Officer, Tidewater Grid')}`,
  ],
  [
    'a name over two lines',
    study,
    /^ {2}name: .*$/m,
    '  name: |\n    Tomas\n    Berg',
    `${atLine(28)}quote.name: expected the text on one line; write it without line breaks`,
  ],
  [
    'a quote still signed with the old attribution',
    study,
    /^ {2}name: .*\n {2}role: .*$/m,
    '  attribution: Chief Commercial Officer, Tidewater Grid',
    `${atLine(28)}${attribution}`,
  ],
  [
    'the old attribution left beside the new fields',
    study,
    /^ {2}role: .*$/m,
    '  role: Chief Commercial Officer, Tidewater Grid\n  attribution: Chief Commercial Officer, Tidewater Grid',
    `${atLine(30)}${attribution}`,
  ],
  [
    'a misspelt name field',
    study,
    /^ {2}name: /m,
    '  nmae: ',
    `${atLine(28)}quote.nmae: unknown field; did you mean "name"? check the spelling against content/README.md`,
  ],
  [
    'another client named twice',
    'site.json',
    '"Quillmark"',
    '"Quillmark", "quillmark"',
    '$/site.json: home.otherClients, entry 3: "quillmark" is written twice (also entry 2); keep one of the two',
  ],
  [
    'another client with markup',
    'site.json',
    '"Quillmark"',
    '"<i>Quillmark</i>"',
    `$/site.json: home.otherClients, entry 2: ${markup('<i>', 'Quillmark')}`,
  ],
  [
    'an empty client name',
    'site.json',
    '"Quillmark"',
    '" "',
    '$/site.json: home.otherClients, entry 2: expected non-empty text',
  ],
];

describe('a quote and the other clients: each mistake gets one line, saying what to write', () => {
  it.each(MISTAKES)('%s', (_label, file, from, to, line) => {
    const dir = copyContent();
    edit(dir, file, replaceOnce(from, to));
    expect(problemsOf(dir).map(formatProblem)).toEqual([line.replace('$', dir)]);
  });
});

describe('a quote written right', () => {
  it('is read with the name and role apart, and an anonymised study may sign with a description', () => {
    const { caseStudies, site } = loadContent(copyContent());
    const tidewater = caseStudies.find((study) => study.slug === 'tidewater-grid-rebrand');
    expect(tidewater?.quote).toEqual({
      text: expect.stringContaining('carbon'),
      name: 'Tomas Berg',
      role: 'Chief Commercial Officer, Tidewater Grid',
    });
    const anonymised = caseStudies.filter((study) => study.anonymised && study.quote);
    expect(anonymised.map((study) => study.quote?.name)).toEqual(['Co-founder and CEO']);
    expect(site.home.otherClients).toEqual(['Ferrous Analytics', 'Quillmark', 'Larchmont Health']);
  });

  it('takes accents, apostrophes, a lone ampersand and brackets as plain text', () => {
    const dir = copyContent();
    edit(dir, study, replaceOnce(/^ {2}name: .*$/m, "  name: Siân O'Neill-Brandt"));
    edit(dir, study, replaceOnce(/^ {2}role: .*$/m, '  role: Partner, O&N Grid (UK)'));
    const quote = loadContent(dir).caseStudies.find((s) => s.slug === 'tidewater-grid-rebrand')?.quote;
    expect([quote?.name, quote?.role]).toEqual(["Siân O'Neill-Brandt", 'Partner, O&N Grid (UK)']);
  });

  it('needs no other clients in site.json', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/,\s*"otherClients": \[[^\]]*\]/, ''));
    expect(loadContent(dir).site.home.otherClients).toBeUndefined();
  });
});

describe('what the homepage shows', () => {
  const { caseStudies } = loadContent(copyContent());

  it('takes the quotes of featured case studies first, in the case studies’ order, three at most', () => {
    const quoted = (studies: typeof caseStudies) => quotedStudies(studies).map((study) => study.slug);
    expect(quoted(caseStudies)).toEqual([
      'data-infrastructure-positioning',
      'kestrel-compute-series-b',
      'tidewater-grid-rebrand',
    ]);
    // A quote on a study that is not featured comes after every featured one, and a fourth is left out.
    const unfeatured = caseStudies.map((study) =>
      study.slug === 'data-infrastructure-positioning' ? { ...study, featured: false } : study,
    );
    expect(quoted(unfeatured)).toEqual([
      'kestrel-compute-series-b',
      'tidewater-grid-rebrand',
      'data-infrastructure-positioning',
    ]);
    const quote = { text: 'Worth it.', name: 'Ana Ruiz', role: 'CEO, Example' };
    const four = caseStudies.map((study) =>
      study.slug === 'payments-platform-advisory' ? { ...study, featured: true, quote } : study,
    );
    expect(quoted(four)).toHaveLength(3);
    expect(quoted(caseStudies.map(({ quote: _quote, ...study }) => study))).toEqual([]);
  });

  it('names the clients of case studies not anonymised, then the other clients, each once', () => {
    expect(namedClients(caseStudies)).toEqual(['Kestrel Compute', 'Tidewater Grid']);
    const withOthers = namedClients(caseStudies, ['Quillmark', 'kestrel  compute']);
    expect(withOthers).toEqual(['Kestrel Compute', 'Tidewater Grid', 'Quillmark']);
    for (const study of caseStudies.filter((s) => s.anonymised)) expect(withOthers).not.toContain(study.client);
  });
});
