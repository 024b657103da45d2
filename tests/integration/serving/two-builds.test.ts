import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type RunningApp, startApp } from '../support/app';
import { contactFormData } from '../support/contact-form';
import { editedBuild } from '../support/edited-build';

/**
 * Two real builds served side by side, as during a rolling update: the run's, and the one made after a content edit
 * (support/edited-build.ts). A page of the first asks the second for its scripts and posts its form there; each
 * build names its own deployment id (next.config.ts, docs/deployment.md, "Rolling updates").
 */
let first: RunningApp;
let second: RunningApp;
let secondDist: string;

beforeAll(async () => {
  const { dist, contentDir } = await editedBuild();
  secondDist = dist;
  [first, second] = await Promise.all([startApp(), startApp({ CONTENT_DIR: contentDir, NEXT_DIST_DIR: dist })]);
}, 320_000);

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

const PAGES = ['/', '/contact', '/about'];
const page = async (app: RunningApp, pathname: string) => (await fetch(`${app.url}${pathname}`)).text();

/** The build files (`/_next/static/…`) a page's HTML names, with their queries. */
const assetsOf = (html: string): string[] => [
  ...new Set([...html.matchAll(/\/_next\/static\/[^"'\\\s)]+/g)].map(([url]) => url.replace(/&amp;/g, '&'))),
];

/** The deployment id a page says it was made by (Next's `data-dpl-id` on `<html>`). */
const deploymentIdOf = (html: string): string | undefined => /<html[^>]* data-dpl-id="([^"]+)"/.exec(html)?.[1];

/** The deployment id of a navigation answer (what Next's router compares with its page's). */
async function navigationDeploymentId(app: RunningApp): Promise<string | null> {
  const response = await fetch(`${app.url}/about`, { headers: { RSC: '1' }, redirect: 'manual' });
  await response.body?.cancel();
  return response.headers.get('x-nextjs-deployment-id');
}

describe('each build has a deployment id of its own, the same at build and at serve', () => {
  it('on every script and style (?dpl=), on <html> and on navigation answers; the two builds differ', async () => {
    const ids = [];
    for (const app of [first, second]) {
      // The homepage is rendered once and kept, the desk rendered by this server per request.
      const [built, rendered] = [await page(app, '/'), await page(app, '/desk')];
      const id = deploymentIdOf(built);
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(deploymentIdOf(rendered)).toBe(id);
      const assets = [...assetsOf(built), ...assetsOf(rendered)].filter((url) => /\.(?:js|css)(?:\?|$)/.test(url));
      expect(assets.length).toBeGreaterThan(2);
      for (const url of assets) expect(new URL(url, app.url).searchParams.get('dpl'), url).toBe(id);
      expect(await navigationDeploymentId(app)).toBe(id);
      ids.push(id);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });
});

describe('a page of the first build, served by the second', () => {
  it('each of its build files is the same file or a 404, never a 500', async () => {
    const statuses = new Set<number>();
    for (const pathname of PAGES) {
      for (const url of assetsOf(await page(first, pathname))) {
        const [mine, theirs] = await Promise.all([fetch(`${first.url}${url}`), fetch(`${second.url}${url}`)]);
        expect(mine.status, url).toBe(200);
        statuses.add(theirs.status);
        expect([200, 404], url).toContain(theirs.status);
        // A build file's name is a hash of its bytes: the same name on the second is the same file.
        const [ours, got] = [await mine.text(), await theirs.text()];
        if (theirs.status === 200) expect(got, url).toBe(ours);
      }
    }
    // The content edit changes at least the contact page's own script.
    expect(statuses).toContain(404);
  });

  it('its form, sent with JavaScript, is refused as an action this build lacks, with Next’s header', async () => {
    const form = await contactFormData(first.url, { client_name: 'Mo Reyes', client_email: 'mo@latticeworks.example' });
    const { id } = JSON.parse(String(form.get('$ACTION_1:0'))) as { id: string };
    const response = await fetch(`${second.url}/contact`, {
      method: 'POST',
      headers: { Origin: second.url, 'Next-Action': id, 'Content-Type': 'text/plain;charset=UTF-8' },
      body: '[]',
    });
    // Next answers 409, the project's server 404 first; both with the header Next's router reads.
    expect([404, 409]).toContain(response.status);
    expect(response.headers.get('x-nextjs-action-not-found')).toBe('1');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    await response.body?.cancel();
  });

  it('its form, sent without JavaScript, is refused in plain text: no 500, no page saying it was sent', async () => {
    const form = await contactFormData(first.url, { client_name: 'Mo Reyes', client_email: 'mo@latticeworks.example' });
    const response = await fetch(`${second.url}/contact`, {
      method: 'POST',
      headers: { Origin: second.url },
      body: form,
    });
    expect(response.status).toBe(409);
    expect(response.headers.get('x-nextjs-action-not-found')).toBe('1');
    expect(await response.text()).not.toMatch(/sent/i);
  });
});

/** A copy of the second build (its cache left out), to delete from while a server serves it. */
function copyOfSecondBuild(): string {
  const copy = `${secondDist}-rebuilt-${process.pid}`;
  fs.rmSync(path.join(ROOT, copy), { recursive: true, force: true });
  fs.cpSync(path.join(ROOT, secondDist), path.join(ROOT, copy), {
    recursive: true,
    filter: (source) => path.basename(source) !== 'cache',
  });
  return copy;
}

describe('the build folder rebuilt under a running server, on either serving path', () => {
  let copy: string;
  let running: RunningApp;

  beforeAll(async () => {
    copy = copyOfSecondBuild();
    running = await startApp({ NEXT_DIST_DIR: copy, CONTENT_DIR: (await editedBuild()).contentDir });
  }, 60_000);

  afterAll(async () => {
    await running?.stop();
    fs.rmSync(path.join(ROOT, copy), { recursive: true, force: true });
  });

  it('a script of its page that the rebuild deleted answers 404, as one it never had, not 500', async () => {
    const scripts = assetsOf(await page(running, '/contact')).filter((url) => /\.js(?:\?|$)/.test(url));
    expect(scripts.length).toBeGreaterThan(0);
    // As `next build` empties the folder: the files are gone, the server still lists them.
    for (const url of scripts) {
      fs.rmSync(path.join(ROOT, copy, new URL(url, running.url).pathname.replace('/_next/', '')));
    }
    for (const url of scripts) {
      const response = await fetch(`${running.url}${url}`);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe('Not Found');
    }
    expect(running.output()).not.toMatch(/Error:|^\s+at /m);
  });
});
