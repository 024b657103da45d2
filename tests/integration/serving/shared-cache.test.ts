import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningApp, freePort, startApp } from '../support/app';
import { fetchFrom } from '../support/loopback-client';
import { type TestNginx, startNginx } from '../support/nginx';
import { type TestRedis, mcpPost, rpc, startRedisServer } from '../support/redis';
import { PAGE_ORIGIN_HEADER } from '@/lib/http/shared-headers';
import { originSegment } from '@/lib/site/page-origin';

/**
 * The recipe's edge for real: Debian's nginx with deploy/nginx/nginx.conf.template, in front of two built
 * instances sharing a redis-server, as compose.yaml runs them (TRUST_PROXY, the instances not reached directly).
 * Both a cache that honours Vary (the recipe) and one told to ignore it, as many CDNs do for HTML.
 */
const CLAUDEBOT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36';
const NAVIGATE = { 'User-Agent': BROWSER, Accept: 'text/html,application/xhtml+xml', 'Sec-Fetch-Mode': 'navigate' };
const RATE_LIMIT = 20;

let redis: TestRedis;
let apps: RunningApp[] = [];
let edge: TestNginx;
let ignoringVary: TestNginx;

const hostOf = (app: RunningApp) => new URL(app.url).host;
const cacheStatus = (response: Response) => response.headers.get('x-cache-status');

beforeAll(async () => {
  redis = await startRedisServer();
  // As compose.yaml: the site's public address set, so no page or document depends on a forwarded name.
  const port = await freePort();
  const env = {
    REDIS_URL: redis.url,
    TRUST_PROXY: 'true',
    SITE_URL: `http://127.0.0.1:${port}`,
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
  };
  apps = await Promise.all([startApp(env, 'project'), startApp(env, 'project')]);
  const upstreams: [string, string] = [hostOf(apps[0]!), hostOf(apps[1]!)];
  [edge, ignoringVary] = await Promise.all([
    startNginx(upstreams, undefined, port),
    startNginx(upstreams, (conf) =>
      conf.replace('proxy_cache site;', 'proxy_cache site;\n      proxy_ignore_headers Vary;'),
    ),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([edge?.stop(), ignoringVary?.stop()]);
  await Promise.all(apps.map((app) => app.stop()));
  await redis?.close();
});

describe('the recipe’s nginx in front of two instances', () => {
  it('keeps a page: the second identical request is a hit, and the site answers a revalidation with 304', async () => {
    const first = await fetch(`${edge.url}/engagements`, { headers: NAVIGATE });
    expect(first.headers.get('content-type')).toMatch(/^text\/html/);
    expect(cacheStatus(first)).toBe('MISS');
    await first.arrayBuffer();
    const second = await fetch(`${edge.url}/engagements`, { headers: NAVIGATE });
    expect(cacheStatus(second)).toBe('HIT');
    expect(await second.text()).toContain('<html');
    // The page's validator: what nginx sends when it asks again after the shared lifetime.
    const etag = second.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    const again = await fetch(`${apps[0]!.url}/engagements`, { headers: { ...NAVIGATE, 'If-None-Match': etag } });
    expect(again.status).toBe(304);
  });

  it('never gives a person the markdown an agent was given, whether the cache honours Vary or not', async () => {
    for (const cache of [edge, ignoringVary]) {
      for (const path of ['/about', '/case-studies']) {
        const agent = await fetch(`${cache.url}${path}`, { headers: { 'User-Agent': CLAUDEBOT } });
        expect(agent.headers.get('content-type')).toMatch(/^text\/markdown/);
        expect(agent.headers.get('cache-control')).toMatch(/^private/);
        await agent.arrayBuffer();
        const asked = await fetch(`${cache.url}${path}`, { headers: { Accept: 'text/markdown' } });
        expect(asked.headers.get('content-type')).toMatch(/^text\/markdown/);
        await asked.arrayBuffer();
        for (let i = 0; i < 2; i++) {
          const person = await fetch(`${cache.url}${path}`, { headers: NAVIGATE });
          expect(person.headers.get('content-type'), path).toMatch(/^text\/html/);
          expect(await person.text()).toContain('<html');
        }
      }
    }
  });

  it('gives an agent that asks for markdown the markdown from a cache that honours Vary, after people had HTML', async () => {
    for (let i = 0; i < 2; i++) await (await fetch(`${edge.url}/contact`, { headers: NAVIGATE })).arrayBuffer();
    const agent = await fetch(`${edge.url}/contact`, { headers: { Accept: 'text/markdown' } });
    expect(agent.headers.get('content-type')).toMatch(/^text\/markdown/);
  });

  it('keeps the documents for crawlers, and never an API answer, a tool call, MCP or the desk', async () => {
    for (const path of ['/llms.txt', '/sitemap.xml', '/about.md']) {
      await (await fetch(`${edge.url}${path}`)).arrayBuffer();
      expect(cacheStatus(await fetch(`${edge.url}${path}`)), path).toBe('HIT');
    }
    for (const path of ['/api/agent', '/api/agent/resources/engagements', '/desk']) {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(`${edge.url}${path}`, { headers: NAVIGATE });
        expect(cacheStatus(response), path).not.toBe('HIT');
        await response.arrayBuffer();
      }
    }
    for (let i = 0; i < 2; i++) {
      const tool = await fetch(`${edge.url}/api/agent/tools/evaluate-client-needs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ challenges: 'our positioning is unclear', technology_sector: 'fintech' }),
      });
      expect(tool.status, await tool.clone().text()).toBe(200);
      expect(cacheStatus(tool)).not.toBe('HIT');
      const mcp = await mcpPost(edge.url, rpc(1, 'tools/list'));
      expect(mcp.status, await mcp.clone().text()).toBe(200);
      expect(cacheStatus(mcp)).not.toBe('HIT');
      await Promise.all([tool.arrayBuffer(), mcp.arrayBuffer()]);
    }
  });

  it('lets the quotas see each visitor’s own address, whatever X-Forwarded-For a visitor sends', async () => {
    const [first, second] = [fetchFrom('127.0.0.21'), fetchFrom('127.0.0.22')];
    const evaluate = (from: typeof first, forwardedFor: string) =>
      from(`${edge.url}/api/agent/tools/evaluate-client-needs`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor },
        body: JSON.stringify({ challenges: 'our positioning is unclear', technology_sector: 'fintech' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMIT; i++) {
      const response = await evaluate(first, `10.0.0.${i}`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RATE_LIMIT);
    // Another visitor is not refused; the first, claiming another address, still is.
    expect((await evaluate(second, '10.0.0.1')).status).toBe(200);
    expect((await evaluate(first, '127.0.0.22')).status).toBe(429);
  });

  it('serves the next person the page every person gets, whatever headers an attacker sent before', async () => {
    const poison = {
      'X-Forwarded-Host': 'attacker.example',
      Forwarded: 'host=attacker.example;proto=http',
      'X-Forwarded-Proto': 'http',
      'X-Original-URL': '/desk',
      'X-Rewrite-URL': '/desk',
      'X-Forwarded-Prefix': '/evil',
      // The header in which proxy.ts names a page's origin (lib/site/page-origin.ts), sent by the attacker.
      [PAGE_ORIGIN_HEADER]: originSegment('https://attacker.example'),
      'User-Agent': BROWSER,
      Accept: 'text/html',
    };
    for (const path of ['/agents', '/about', '/llms.txt', '/sitemap.xml']) {
      const attacker = await fetch(`${edge.url}${path}`, { headers: poison });
      await attacker.arrayBuffer();
      const person = await fetch(`${edge.url}${path}`, { headers: NAVIGATE });
      const body = await person.text();
      expect(body, path).not.toContain('attacker.example');
      expect(body, path).not.toContain('Sign in to your desk');
      expect(body, path).not.toContain('/evil');
    }
  });

  it('refuses, through the proxy, a Host the site does not answer to, and keeps none of it', async () => {
    const edgePort = Number(new URL(edge.url).port);
    for (const path of ['/', '/about', '/llms.txt']) {
      const refused = await getWithHost(edgePort, path, 'attacker.example');
      expect(refused.status, path).toBe(403);
      expect(refused.body, path).toContain('FORBIDDEN_HOST');
      const person = await fetch(`${edge.url}${path}`, { headers: NAVIGATE });
      expect(person.status, path).toBe(200);
      expect(await person.text(), path).not.toContain('attacker.example');
    }
  });

  it('loses no request while one instance stops', async () => {
    const statuses: number[] = [];
    const client = fetchFrom('127.0.0.23');
    const stopping = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      await apps[1]!.stop();
    })();
    // The health probe: never cached, never metered, and 503 from an instance that is stopping.
    for (const until = Date.now() + 2_500; Date.now() < until && statuses.length < 2_000;) {
      const response = await client(`${edge.url}/api/health`);
      statuses.push(response.status);
      await response.arrayBuffer();
    }
    await stopping;
    expect(statuses.length).toBeGreaterThan(5);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    apps = [apps[0]!];
  });
});

/** A GET with a Host header of the caller's choosing (fetch sets its own), on a loopback port. */
function getWithHost(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { Host: host } }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
  });
}
