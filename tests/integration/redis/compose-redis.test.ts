import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { createClient } from 'redis';
import { afterAll, describe, expect, it } from 'vitest';
import { SharedRedis } from '../../../lib/stores/redis/redis-connection';
import { ROOT } from '../support/app';
import { type TestRedis, startRedisServer } from '../support/redis';

/**
 * compose.yaml's Redis, run from its own command and environment on loopback (no Docker here): it will not start
 * without a password, it refuses whoever does not give it, and the app's REDIS_URL and the health check give it.
 */
const COMPOSE = fs.readFileSync(path.join(ROOT, 'compose.yaml'), 'utf8');

/** The file with its variables put in as compose puts them: `${V}`, `${V:-default}`, `${V:?error}`. */
function interpolated(env: Record<string, string>): string {
  return COMPOSE.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, word = '') => {
    const value = env[name] ?? '';
    if (value) return value;
    if (kind === '?') throw new Error(`required variable ${name} is missing a value: ${word}`);
    return kind === '-' ? word : '';
  });
}

interface Service {
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  ports?: string[];
  volumes?: string[];
}

/** The services, read by the project's YAML parser (gray-matter's, as front matter). */
const servicesWith = (env: Record<string, string>) =>
  (matter(`---\n${interpolated(env)}\n---\n`).data as { services: Record<string, Service> }).services;

/** The variables .env.example gives, as compose reads them from a .env file: `NAME=value`, `#` comments. */
function exampleEnv(): Record<string, string> {
  const lines = fs.readFileSync(path.join(ROOT, '.env.example'), 'utf8').split('\n');
  return Object.fromEntries(
    lines.flatMap((line) => {
      const match = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
      return match ? [[match[1] ?? '', match[2] ?? '']] : [];
    }),
  );
}

/** The variables compose.yaml requires (`${VAR:?…}`), each once. */
const REQUIRED = [...new Set([...COMPOSE.matchAll(/\$\{(\w+):\?/g)].map((match) => match[1] ?? ''))];

describe('compose.yaml runs a live site', () => {
  it('requires its address, a real mail server and its inbox, each named when missing', () => {
    expect(REQUIRED).toEqual(
      expect.arrayContaining(['SITE_URL', 'SMTP_HOST', 'SMTP_USER', 'SMTP_PASS', 'MAIL_TO', 'REDIS_PASSWORD']),
    );
    for (const name of REQUIRED) {
      const env = { ...exampleEnv(), [name]: '' };
      expect(() => interpolated(env), name).toThrow(new RegExp(`required variable ${name} is missing a value: set`));
    }
  });

  it('.env.example gives every variable compose requires, so a copy of it starts the whole recipe', () => {
    for (const name of REQUIRED) expect(exampleEnv()[name], name).toBeTruthy();
    expect(() => servicesWith(exampleEnv())).not.toThrow();
  });

  it('publishes only the edge: nginx with the tested template, every name of it filled, trusted by both sites', () => {
    const services = servicesWith(exampleEnv());
    const { edge, 'site-a': a, 'site-b': b } = services;
    expect(
      Object.entries(services)
        .filter(([, service]) => service.ports)
        .map(([name]) => name),
    ).toEqual(['edge']);
    expect(edge?.volumes).toContain('./deploy/nginx/nginx.conf.template:/etc/nginx/templates/nginx.conf.template:ro');
    const template = fs.readFileSync(path.join(ROOT, 'deploy/nginx/nginx.conf.template'), 'utf8');
    for (const [, name = ''] of template.matchAll(/\$\{(\w+)\}/g)) expect(edge?.environment?.[name], name).toBeTruthy();
    for (const site of [a, b]) {
      expect(site?.environment?.TRUST_PROXY).toBe('true');
      expect(site?.environment?.SITE_URL).toBeTruthy();
    }
  });
});

let server: TestRedis | undefined;
afterAll(async () => server?.close());

describe("compose.yaml's Redis", () => {
  it('is not started without REDIS_PASSWORD, and says how to make one', () => {
    expect(() => interpolated({})).toThrow(/REDIS_PASSWORD .*openssl rand/);
  });

  it("refuses a client without the password; the site's REDIS_URL and the health check give it", async () => {
    const password = randomBytes(32).toString('hex');
    const { 'site-a': web, redis } = servicesWith({ ...exampleEnv(), REDIS_PASSWORD: password });
    const [program, ...args] = redis?.command ?? [];
    expect(program).toBe('redis-server');
    server = await startRedisServer(args);

    const stranger = createClient({ url: server.url, RESP: 2 });
    stranger.on('error', () => {});
    await stranger.connect();
    await expect(stranger.ping()).rejects.toThrow(/NOAUTH/);
    stranger.destroy();

    const url = (web?.environment?.REDIS_URL ?? '').replace('@redis:6379', `@127.0.0.1:${server.port}`);
    expect(url).toContain(password);
    const app = new SharedRedis(url, { warn: () => {}, info: () => {} });
    expect(await app.connect()).toBe(true);
    expect(await app.evaluate("return redis.call('PING')", [], [])).toBe('PONG');
    app.close();

    const [, probe = '', ...probeArgs] = redis?.healthcheck?.test ?? [];
    const health = spawnSync(probe, ['-p', String(server.port), ...probeArgs], {
      env: { ...process.env, ...redis?.environment },
      encoding: 'utf8',
      timeout: 5_000,
    });
    expect(health.stdout.trim()).toBe('PONG');
  });
});
