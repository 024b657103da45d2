import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadContent } from '@/lib/content';
import { REAL_CONTENT, copyContent, edit, replaceOnce } from './fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const real = loadContent(REAL_CONTENT);
const OK = `content OK: bio, site, ${real.engagements.length} engagements, ${real.caseStudies.length} case studies`;

/** Runs scripts/check-content.ts as `npm run check -- --dir <dir>` does, with tsx but without npm's own chatter. */
function check(dir: string) {
  const run = spawnSync(TSX, ['scripts/check-content.ts', '--dir', dir], { cwd: ROOT, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, lines: run.stderr.split('\n').filter(Boolean) };
}

describe('npm run check', { timeout: 30_000 }, () => {
  it('passes the real content when run as the consultant runs it', () => {
    const run = spawnSync('npm', ['run', 'check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(OK);
  });

  it('ends a failed run with its own lines and exit 1, and npm adds no report of its own', () => {
    const missing = path.join(copyContent(), 'does-not-exist');
    const run = spawnSync('npm', ['run', 'check', '--', '--dir', missing], { cwd: ROOT, encoding: 'utf8' });
    expect(run.status).toBe(1);
    // npm's banner, then nothing: no JSON error object after the command's own lines.
    const banner = ['> check', `> node scripts/owner-command.mjs check --dir ${missing}`];
    expect(run.stdout.trim().split('\n')).toEqual(banner);
    const last = `${missing}/case-studies: (folder): expected a folder of markdown files`;
    expect(run.stderr.trim().split('\n').at(-1)).toBe(last);
  });

  it('exits 0 and prints "content OK" for a good copy', () => {
    const result = check(copyContent());
    expect(result).toEqual({ status: 0, stdout: `${OK}\n`, lines: [] });
  });

  it('exits 1 and prints one line per problem, naming file, field and expectation', () => {
    const dir = copyContent();
    edit(dir, 'site.json', replaceOnce(/"locale": "[^"]*"/, '"locale": "English"'));
    edit(dir, 'bio.md', replaceOnce(/^email: .*$/m, 'email: hello-at-plainword'));
    edit(dir, 'case-studies/tidewater-grid-rebrand.md', replaceOnce(/^engagement: .*$/m, 'engagement: rebrand'));
    const keys = real.engagements.map((engagement) => engagement.key).join(', ');
    expect(check(dir)).toEqual({
      status: 1,
      stdout: '',
      lines: [
        'content has 3 problems:',
        `${dir}/site.json: locale: expected a language tag such as en-GB`,
        `${dir}/bio.md, line 16: email: expected an email address such as name@example.com`,
        `${dir}/case-studies/tidewater-grid-rebrand.md: engagement: expected one of ${keys}; "rebrand" is not an engagement key`,
      ],
    });
  });

  it('exits 1 and lists two YAML slips in one file in the same run', () => {
    const dir = copyContent();
    const sprint = 'engagements/positioning-sprint.md';
    edit(dir, sprint, replaceOnce(/^tagline: .*$/m, 'tagline: "Three weeks" to a position'));
    edit(dir, sprint, replaceOnce(/^price: .*$/m, 'price: From: £16,500'));
    const result = check(dir);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'content has 2 problems:',
      `${dir}/${sprint}, line 5: tagline: \`tagline: "Three weeks" to a position\`: the quotes close before the value ends; put the whole value in quotes: tagline: '"Three weeks" to a position'`,
      `${dir}/${sprint}, line 10: price: \`price: From: £16,500\` has a second colon followed by a space, which YAML reads as another field; put the value in double quotes: price: "From: £16,500"`,
    ]);
  });

  it('exits 1 with one line per missing file when pointed at an empty folder', () => {
    const dir = copyContent();
    const empty = path.join(dir, 'does-not-exist');
    const result = check(empty);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      'content has 4 problems:',
      `${empty}/site.json: (whole file): could not be read: the file is missing`,
      `${empty}/bio.md: (whole file): could not be read: the file is missing`,
      `${empty}/engagements: (folder): expected a folder of markdown files`,
      `${empty}/case-studies: (folder): expected a folder of markdown files`,
    ]);
  });
});
