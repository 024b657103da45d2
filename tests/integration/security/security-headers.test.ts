import { createHash } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentVersion } from '@/lib/content/version';
import { ROOT } from '../support/app';
import { sharedApp } from '../support/shared-app';

/**
 * The security headers of the HTML pages, checked on what the built app really serves. Each
 * page's Content-Security-Policy must list exactly the sha256 of the inline scripts in the very HTML it came
 * with: no more (a stale hash would allow an old script), no fewer (a missing one breaks the page).
 */
const app = sharedApp();

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

/** The hash sources of the executable inline scripts of a document, computed here independently of the app. */
function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes) || /type="application\/(ld\+)?json"/.test(attributes)) continue;
    sources.add(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
  }
  return [...sources].sort();
}

async function pagePaths(): Promise<string[]> {
  const xml = await (await fetch(`${app.url}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  expect(paths.length).toBeGreaterThan(10);
  return paths;
}

describe('HTML pages', () => {
  it('every page and the 404 page carry one CSP whose script hashes are exactly those of their inline scripts', async () => {
    const paths = [...(await pagePaths()), '/no-such-page', '/case-studies/no-such-study'];
    for (const path of paths) {
      const response = await fetch(`${app.url}${path}`);
      expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
      const html = await response.text();
      const policy = response.headers.get('content-security-policy') ?? '';
      // Fetch joins repeated headers with a comma; a policy has none, so one comma would mean two policies.
      expect(policy, path).not.toContain(',');
      const parsed = directives(policy);
      const script = parsed.get('script-src') ?? [];
      expect(script[0], path).toBe("'self'");
      expect(script.slice(1).sort(), path).toEqual(inlineScriptSources(html));
      expect(script.length, path).toBeGreaterThan(1);
      expect(script, path).not.toContain("'unsafe-inline'");
      expect(script, path).not.toContain("'unsafe-eval'");
      expect(parsed.get('default-src'), path).toEqual(["'self'"]);
      expect(parsed.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(parsed.get('object-src'), path).toEqual(["'none'"]);
      expect(parsed.get('base-uri'), path).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });

  it('the page answering a form posted without JavaScript is rendered per request, and runs no script at all', async () => {
    const form = await (await fetch(`${app.url}/contact`)).text();
    const fields = new FormData();
    for (const [, name = '', value = ''] of form.matchAll(
      /<input type="hidden" name="([^"]+)"(?: value="([^"]*)")?\/>/g,
    )) {
      fields.append(name, value.replace(/&quot;/g, '"').replace(/&amp;/g, '&'));
    }
    expect([...fields.keys()].some((name) => name.startsWith('$ACTION'))).toBe(true);
    fields.append('client_name', '   ');
    fields.append('client_email', 'lee@example.com');
    const response = await fetch(`${app.url}/contact`, { method: 'POST', body: fields });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Please correct the highlighted fields');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).not.toContain(',');
    expect(directives(policy).get('script-src')).toEqual(["'none'"]);
    expect(directives(policy).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('API and text responses', () => {
  it.each(['/api/agent', '/api/agent/resources/bio', '/api/nothing-here', '/api/mcp'])(
    '%s: a policy that allows nothing to run',
    async (path) => {
      const response = await fetch(`${app.url}${path}`);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    },
  );
});

describe('Content-Version', () => {
  // The build the tests serve was made from this tree's content/, so it names that content's version.
  const expected = contentVersion(path.join(ROOT, 'content'));

  it.each([
    ['GET', '/'],
    ['GET', '/engagements'],
    ['GET', '/about.md'],
    ['GET', '/llms.txt'],
    ['GET', '/api/agent'],
    ['GET', '/api/agent/resources/engagements'],
    ['GET', '/api/nothing-here'],
    ['POST', '/api/agent/tools/evaluate-client-needs'],
  ])('%s %s names the content the build was made from', async (method, path) => {
    const response = await fetch(`${app.url}${path}`, {
      method,
      ...(method === 'POST'
        ? {
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              challenges: 'our pitch sounds like every competitor',
              technology_sector: 'fintech',
            }),
          }
        : {}),
    });
    await response.arrayBuffer();
    expect(expected).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{8}$/);
    expect(response.headers.get('content-version'), path).toBe(expected);
  });
});

describe('the health probe', () => {
  it('GET /api/health answers 200 while the instance serves, never stored, with the API policy', async () => {
    const response = await fetch(`${app.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
