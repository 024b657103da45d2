import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatProblem } from '@/lib/content';
import { copyContent, edit, problemsOf, replaceOnce } from './fixtures';

/**
 * The slips the consultant makes, one per row, each made on a copy of the real content and read through
 * loadContent(dir) as `npm run check -- --dir` reads it: the exact lines she sees. `$` stands for the copy.
 */
type Slip = [label: string, file: string, make: (dir: string, file: string) => void, lines: string[]];

const change = (from: string | RegExp, to: string) => (dir: string, file: string) => edit(dir, file, replaceOnce(from, to));
const copyOf = (original: string) => (dir: string, file: string) => fs.copyFileSync(path.join(dir, original), path.join(dir, file));

const sprint = 'engagements/positioning-sprint.md';
const messaging = 'engagements/messaging-system.md';
const brand = 'engagements/brand-identity.md';
const study = 'case-studies/tidewater-grid-rebrand.md';

const SLIPS: Slip[] = [
  [
    'a keyword indented by three spaces',
    messaging,
    change(/^ {2}- announcement$/m, '   - announcement'),
    ['$/engagements/messaging-system.md, line 49: keywords, entry 22: `   - announcement` is indented by 3 spaces where the entries above have 2, so YAML joined it to the entry before ("too technical - announcement"); give every "- " in a list the same 2 spaces'],
  ],
  [
    'a tab before the first keyword',
    brand,
    change(/^keywords:\n {2}- /m, 'keywords:\n\t- '),
    ['$/engagements/brand-identity.md, line 27: keywords: `(tab)- rebrand` starts with a tab; YAML needs spaces, so indent with spaces only (two per level)'],
  ],
  [
    'a field indented into the paragraph above',
    sprint,
    change(/^price: /m, '  price: '),
    ['$/engagements/positioning-sprint.md, line 10: summary: `  price: £16,500, fixed` is indented, so YAML read it as part of summary ("A fixed-scope sprint for companies that sound like their co…"); start "price:" at the beginning of the line, like the other fields'],
  ],
  [
    'several keywords on one line',
    sprint,
    change(/^ {2}- differentiation$/m, '  - differentiation, competitor'),
    ['$/engagements/positioning-sprint.md, line 28: keywords, entry 2: "differentiation, competitor" holds a comma, but evaluate_client_needs looks for a keyword\'s words in a row ("differentiation competitor"); put each keyword on its own line'],
  ],
  [
    'a keyword that is a sentence',
    sprint,
    change(/^ {2}- differentiation$/m, '  - we do not know how we are different from the others'),
    ['$/engagements/positioning-sprint.md, line 28: keywords, entry 2: "we do not know how we are different from the othe…" has 11 words, and matches only when a client writes all of them in a row; keep a keyword to 5 words or fewer'],
  ],
  [
    'an unquoted colon in a list entry',
    sprint,
    change('  - Two working sessions with the founders and leadership team', '  - Two working sessions: founders and leadership team'),
    ['$/engagements/positioning-sprint.md, line 15: includes, entry 4: expected text, found a group of fields; a colon followed by a space makes YAML read a field name, so put the entry in double quotes: - "Two working sessions: founders and leadership team"'],
  ],
  [
    'an unquoted colon in the price',
    sprint,
    change(/^price: .*$/m, 'price: From: £16,500'),
    ['$/engagements/positioning-sprint.md, line 10: price: `price: From: £16,500` has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: price: "From: £16,500"'],
  ],
  [
    'a field indented by one space',
    sprint,
    change(/^outcomes:$/m, ' outcomes:'),
    ['$/engagements/positioning-sprint.md, line 17: outcomes: ` outcomes:` is indented by 1 space; a field starts at the beginning of the line: outcomes:'],
  ],
  [
    'a list entry indented by one space',
    sprint,
    change(/^ {2}- differentiation$/m, ' - differentiation'),
    ['$/engagements/positioning-sprint.md, line 28: keywords: ` - differentiation` is indented by 1 space where the entries above have 2; give every "- " in a list the same 2 spaces'],
  ],
  [
    'no space after a colon',
    sprint,
    change(/^order: 1$/m, 'order:1'),
    ['$/engagements/positioning-sprint.md, line 3: key: `order:1` needs a space after the colon: order: 1'],
  ],
  [
    'quotes around only part of a value',
    sprint,
    change(/^tagline: .*$/m, 'tagline: "Three weeks" to a position'),
    ['$/engagements/positioning-sprint.md, line 5: tagline: `tagline: "Three weeks" to a position`: the quotes close before the value ends; put the whole value in quotes: tagline: \'"Three weeks" to a position\''],
  ],
  [
    'a damaged closing ---',
    sprint,
    change(/^---\nThe Positioning/m, '--\nThe Positioning'),
    ['$/engagements/positioning-sprint.md, line 119: front matter: `--` should close the front matter; write exactly three hyphens: ---'],
  ],
  [
    'a field written twice',
    sprint,
    change(/^order: 1$/m, 'order: 1\norder: 2'),
    ['$/engagements/positioning-sprint.md, line 4: order: "order" is written twice (also on line 3); keep one of the two lines'],
  ],
  [
    'text after #',
    sprint,
    change(/^tagline: .*$/m, 'tagline: #1 sprint for positioning'),
    ['$/engagements/positioning-sprint.md, line 5: tagline: expected text, found an empty value; YAML reads "#" as the start of a comment, so put the text in double quotes'],
  ],
  [
    'a price written as a number',
    sprint,
    change(/^price: .*$/m, 'price: 27500'),
    ['$/engagements/positioning-sprint.md, line 10: price: expected text, found the number 27500; put the value in double quotes: price: "27500"'],
  ],
  [
    'a year in quotes',
    study,
    change(/^year: 2024$/m, 'year: "2026"'),
    ['$/case-studies/tidewater-grid-rebrand.md, line 6: year: expected a whole number, found the text "2026"; remove the quotes: year: 2026'],
  ],
  [
    'a date written day first',
    'bio.md',
    change(/^updated: .*$/m, 'updated: 27/11/2026'),
    ['$/bio.md, line 24: updated: expected a date written as YYYY-MM-DD; for 27 November 2026 write 2026-11-27'],
  ],
  [
    'a date without its zeros',
    sprint,
    change(/^updated: .*$/m, 'updated: 2026-1-5'),
    ['$/engagements/positioning-sprint.md, line 118: updated: expected a date written as YYYY-MM-DD; for 5 January 2026 write 2026-01-05'],
  ],
  [
    'a date with the month in words',
    study,
    change(/^updated: .*$/m, 'updated: 27 November 2026'),
    ['$/case-studies/tidewater-grid-rebrand.md, line 31: updated: expected a date written as YYYY-MM-DD; for 27 November 2026 write 2026-11-27'],
  ],
  [
    'a date with the month first, in words',
    messaging,
    change(/^updated: .*$/m, 'updated: November 27, 2026'),
    ['$/engagements/messaging-system.md, line 118: updated: expected a date written as YYYY-MM-DD; for 27 November 2026 write 2026-11-27'],
  ],
  [
    'a date with the month cut short',
    brand,
    change(/^updated: .*$/m, 'updated: 27 Nov 2026'),
    ['$/engagements/brand-identity.md, line 118: updated: expected a date written as YYYY-MM-DD; for 27 November 2026 write 2026-11-27'],
  ],
  [
    'a date that reads two ways',
    'bio.md',
    change(/^updated: .*$/m, 'updated: 05/06/2026'),
    ['$/bio.md, line 24: updated: expected a date written as YYYY-MM-DD; for 5 June 2026 write 2026-06-05, or for 6 May 2026 write 2026-05-06'],
  ],
  [
    'a date with a two-digit year',
    'bio.md',
    change(/^updated: .*$/m, 'updated: 27/11/26'),
    ['$/bio.md, line 24: updated: expected a date written as YYYY-MM-DD, with the year in four digits and first, such as 2026-11-14 for 14 November 2026'],
  ],
  [
    'a day past the end of its month',
    sprint,
    change(/^updated: .*$/m, 'updated: 2026-11-31'),
    ['$/engagements/positioning-sprint.md, line 118: updated: expected a real calendar date (YYYY-MM-DD); 2026-11-31 does not exist: November has 30 days'],
  ],
  [
    'a day past the end of its month, written day first',
    sprint,
    change(/^updated: .*$/m, 'updated: 31/11/2026'),
    ['$/engagements/positioning-sprint.md, line 118: updated: expected a date written as YYYY-MM-DD; 31/11/2026 does not exist: November has 30 days'],
  ],
  [
    'a date written day first in site.json',
    'site.json',
    change(/"updated": "[^"]*"/, '"updated": "27/11/2026"'),
    ['$/site.json: updated: expected a date written as YYYY-MM-DD; for 27 November 2026 write 2026-11-27'],
  ],
  [
    'an order written in words',
    brand,
    change(/^order: 3$/m, 'order: three'),
    ['$/engagements/brand-identity.md, line 3: order: expected a whole number, found the text "three"; write the number in digits: order: 3'],
  ],
  [
    'an order written as a rank',
    messaging,
    change(/^order: 2$/m, 'order: second'),
    ['$/engagements/messaging-system.md, line 3: order: expected a whole number, found the text "second"; write the number in digits: order: 2'],
  ],
  [
    'a year with a season',
    study,
    change(/^year: 2024$/m, 'year: Spring 2024'),
    ['$/case-studies/tidewater-grid-rebrand.md, line 6: year: expected a whole number, found the text "Spring 2024"; write the year alone, in digits: year: 2024'],
  ],
  [
    'two YAML slips in one file',
    sprint,
    (dir, file) => {
      change(/^tagline: .*$/m, 'tagline: "Three weeks" to a position')(dir, file);
      change(/^price: .*$/m, 'price: From: £16,500')(dir, file);
    },
    [
      '$/engagements/positioning-sprint.md, line 5: tagline: `tagline: "Three weeks" to a position`: the quotes close before the value ends; put the whole value in quotes: tagline: \'"Three weeks" to a position\'',
      '$/engagements/positioning-sprint.md, line 10: price: `price: From: £16,500` has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: price: "From: £16,500"',
    ],
  ],
  [
    'a tab and a YAML slip in one file',
    brand,
    (dir, file) => {
      change(/^price: .*$/m, 'price: From: £48,000')(dir, file);
      change(/^keywords:\n {2}- /m, 'keywords:\n\t- ')(dir, file);
    },
    [
      '$/engagements/brand-identity.md, line 10: price: `price: From: £48,000` has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: price: "From: £48,000"',
      '$/engagements/brand-identity.md, line 27: keywords: `(tab)- rebrand` starts with a tab; YAML needs spaces, so indent with spaces only (two per level)',
    ],
  ],
  [
    'three YAML slips in one file',
    sprint,
    (dir, file) => {
      change(/^order: 1$/m, 'order:1')(dir, file);
      change(/^outcomes:$/m, ' outcomes:')(dir, file);
      change(/^ {2}- differentiation$/m, ' - differentiation')(dir, file);
    },
    [
      '$/engagements/positioning-sprint.md, line 3: key: `order:1` needs a space after the colon: order: 1',
      '$/engagements/positioning-sprint.md, line 17: outcomes: ` outcomes:` is indented by 1 space; a field starts at the beginning of the line: outcomes:',
      '$/engagements/positioning-sprint.md, line 28: keywords: ` - differentiation` is indented by 1 space where the entries above have 2; give every "- " in a list the same 2 spaces',
    ],
  ],
  [
    'a title written as a field name',
    sprint,
    change(/^title: .*$/m, 'Positioning Sprint:'),
    ['$/engagements/positioning-sprint.md, line 4: Positioning Sprint: "Positioning Sprint:" is not a field name; if it is the title, write "title: Positioning Sprint"'],
  ],
  [
    'an unknown field',
    'bio.md',
    change(/^updated:/m, 'favouriteColour: teal\nupdated:'),
    ['$/bio.md, line 24: favouriteColour: unknown field; the fields allowed here are name, givenName, familyName, role, company, headline, summary, location, email, phone, website, social, portrait, updated'],
  ],
  [
    'a missing email address',
    'bio.md',
    change(/^email: .*\n/m, ''),
    ['$/bio.md: email: missing; add "email:" followed by an email address such as name@example.com'],
  ],
  [
    'a missing date',
    'bio.md',
    change(/^updated: .*\n/m, ''),
    ['$/bio.md: updated: missing; add "updated:" followed by a date written as YYYY-MM-DD'],
  ],
  [
    'a national phone number',
    'bio.md',
    change(/^phone: .*$/m, 'phone: "020 7946 0158"'),
    ['$/bio.md, line 17: phone: expected + and the country code, then the number without its first 0: 020 7946 0158 in the UK is "+44 20 7946 0158"'],
  ],
  [
    'a fifth engagement file',
    'engagements/workshop.md',
    (dir, file) => fs.writeFileSync(path.join(dir, file), fs.readFileSync(path.join(dir, sprint), 'utf8').replace(/^key: .*$/m, 'key: workshop').replace(/^order: 1$/m, 'order: 5').replace(/^fallback: true$/m, 'fallback: false').replace(/^concepts:\n(?: {2,}.*\n)+/m, '').replace(/^( {2}- )([^"\s].*)$/gm, '$1workshop $2')),
    ['$/engagements: (folder): expected exactly 4 engagement files, found 5: advisory-retainer.md, brand-identity.md, messaging-system.md, positioning-sprint.md, workshop.md; remove the extra one (to replace an engagement, edit its file)'],
  ],
  [
    'a Finder copy of an engagement',
    'engagements/messaging-system copy.md',
    copyOf(messaging),
    ['$/engagements/messaging-system copy.md: (file name): a copy of messaging-system.md; delete it, and make your changes in messaging-system.md itself'],
  ],
  [
    'a Finder copy of a case study',
    'case-studies/tidewater-grid-rebrand copy.md',
    copyOf(study),
    ['$/case-studies/tidewater-grid-rebrand copy.md: (file name): a copy of tidewater-grid-rebrand.md; delete it, and make your changes in tidewater-grid-rebrand.md itself'],
  ],
];

describe('each slip the consultant makes gets one message at its line, saying what to do', () => {
  it.each(SLIPS)('%s', (_label, file, make, lines) => {
    const dir = copyContent();
    make(dir, file);
    expect(problemsOf(dir).map(formatProblem)).toEqual(lines.map((line) => line.replace('$', dir)));
  });
});

describe('a phone number in its usual written forms', () => {
  it.each([
    ['+44 (0)117 496 0321', '+44 117 496 0321'],
    ['+1 (415) 555-0100', '+1 415 555 0100'],
    ['+44-20-7946-0158', '+44 20 7946 0158'],
  ])('accepts %s as %s', async (written, stored) => {
    const dir = copyContent();
    edit(dir, 'bio.md', replaceOnce(/^phone: .*$/m, `phone: "${written}"`));
    const { loadContent } = await import('@/lib/content');
    expect(loadContent(dir).bio.phone).toBe(stored);
  });
});
