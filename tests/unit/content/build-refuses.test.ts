import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyContent, edit, replaceOnce } from './fixtures';

const ROOT = path.resolve(import.meta.dirname, '../../..');

describe('npm run build refuses broken content', () => {
  it.each([
    ['a mistyped field', 'engagements/brand-identity.md', /^keywords:\n(?:  - .+\n)+/m, 'keywords: 5\n', /engagements\/brand-identity\.md, line \d+: keywords: expected a list/],
    ['an unknown engagement key', 'case-studies/tidewater-grid-rebrand.md', /^engagement: .+$/m, 'engagement: logo-design', /tidewater-grid-rebrand\.md: engagement: expected one of/],
    ['malformed JSON', 'site.json', '"siteName":', '"siteName"', /site\.json: \(whole file\): expected valid JSON/],
    ['a portrait that is not there', 'bio.md', /^updated: /m, 'portrait:\n  file: portrait.jpg\n  description: Tamsin Kerr\nupdated: ', /bio\.md, line \d+: portrait\.file: "portrait\.jpg" is not in the content folder/],
    [
      'a quote without a name',
      'case-studies/tidewater-grid-rebrand.md',
      /^ {2}name: .+\n/m,
      '',
      /tidewater-grid-rebrand\.md, line \d+: quote\.name: missing/,
    ],
    [
      'a name with markup',
      'case-studies/tidewater-grid-rebrand.md',
      /^ {2}name: .+$/m,
      '  name: <b>Tomas Berg</b>',
      /tidewater-grid-rebrand\.md, line \d+: quote\.name: expected plain text/,
    ],
  ])('%s stops the build before Next runs, naming file, field and expectation', (_label, file, from, to, line) => {
    const dir = copyContent();
    edit(dir, file, replaceOnce(from, to));
    const build = spawnSync('npm', ['run', '--silent', 'build'], {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: dir, NEXT_DIST_DIR: '.next-never' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(build.status).toBe(1);
    expect(build.stderr).toMatch(line);
    expect(`${build.stdout}${build.stderr}`).not.toMatch(/Creating an optimized production build/);
  }, 70_000);
});
