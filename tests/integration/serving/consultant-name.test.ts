import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../../lib/content';
import { ROOT, type RunningApp, startApp } from '../support/app';

/**
 * Changing the consultant's name in content/bio.md changes the homepage and every page
 * that shows it, with no code change. A copy of content/ with another name is built and served for real.
 */
const original = loadContent().bio.name;
const renamed = 'Wilhelmina Q. Renamed';
const dist = '.next-renamed';
let contentDir: string;
let app: RunningApp;

beforeAll(async () => {
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-renamed-'));
  fs.cpSync(path.join(ROOT, 'content'), contentDir, { recursive: true });
  const bioFile = path.join(contentDir, 'bio.md');
  const bio = fs.readFileSync(bioFile, 'utf8');
  expect(bio).toMatch(/^name: .+$/m);
  fs.writeFileSync(bioFile, bio.replace(/^name: .+$/m, `name: ${renamed}`));
  const build = spawnSync(process.execPath, ['node_modules/next/dist/bin/next', 'build'], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist, NEXT_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  if (build.status !== 0) throw new Error(`the renamed build failed:\n${build.stdout}\n${build.stderr}`);
  app = await startApp({ CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist });
}, 320_000);

afterAll(async () => {
  await app?.stop();
  fs.rmSync(path.join(ROOT, dist), { recursive: true, force: true });
  if (contentDir) fs.rmSync(contentDir, { recursive: true, force: true });
});

describe('the consultant’s name comes from content/bio.md alone', () => {
  it('every page in the sitemap shows the new name and none the old one', async () => {
    const sitemap = await (await fetch(`${app.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
    expect(paths.length).toBeGreaterThan(8);
    for (const pathname of ['/', '/about', '/contact']) expect(paths).toContain(pathname);
    for (const pathname of paths) {
      const html = await (await fetch(`${app.url}${pathname}`)).text();
      expect(html, pathname).not.toContain(original);
      if (['/', '/about', '/contact'].includes(pathname)) expect(html, pathname).toContain(renamed);
    }
  });

  it('so do the API, the vCard and the homepage markdown', async () => {
    const bio = await (await fetch(`${app.url}/api/agent/resources/bio`)).json();
    expect(bio.content).toContain(renamed);
    const card = await (
      await fetch(`${app.url}/api/agent/resources/contact-card`, { headers: { Accept: 'text/vcard' } })
    ).text();
    expect(card).toContain(`FN:${renamed.replace(/,/g, '\\,')}`);
    const markdown = await (await fetch(`${app.url}/`, { headers: { Accept: 'text/markdown' } })).text();
    expect(markdown).toContain(renamed);
    expect(markdown).not.toContain(original);
  });
});
