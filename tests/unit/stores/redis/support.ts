import { randomBytes } from 'node:crypto';
import { createClient } from 'redis';
import { afterAll, beforeAll } from 'vitest';
import { SharedRedis } from '@/lib/stores/redis/redis-connection';
import { type TestRedis, startRedisServer } from '../../../integration/support/redis';

/** A quiet log that remembers its lines. */
export function recordingLog() {
  const lines: string[] = [];
  return { lines, warn: (line: string) => void lines.push(line), info: (line: string) => void lines.push(line) };
}

const inspectClient = (url: string) => createClient({ url, RESP: 2 });

export interface RedisFixture {
  server: TestRedis;
  /** Two connections, as two instances of the app would have. */
  a: SharedRedis;
  b: SharedRedis;
  /** A plain client to look at keys and time to live. */
  inspect: ReturnType<typeof inspectClient>;
  close(): Promise<void>;
}

/** A redis-server of the test's own and two connected SharedRedis, each logging into `log`. */
export async function startRedisFixture(log = recordingLog()): Promise<RedisFixture> {
  const server = await startRedisServer();
  const a = new SharedRedis(server.url, log);
  const b = new SharedRedis(server.url, log);
  const inspect = inspectClient(server.url);
  inspect.on('error', () => {});
  if (!(await a.connect()) || !(await b.connect())) throw new Error('could not connect to the test redis-server');
  await inspect.connect();
  return {
    server,
    a,
    b,
    inspect,
    close: async () => {
      a.close();
      b.close();
      inspect.destroy();
      await server.close();
    },
  };
}

/**
 * A RedisFixture for the whole test file: started before its tests (a redis-server takes a moment), closed after.
 * Read its fields inside tests; they are filled in once beforeAll has run.
 */
export function redisFixture(): RedisFixture {
  const fixture = {} as RedisFixture;
  beforeAll(async () => {
    Object.assign(fixture, await startRedisFixture());
  }, 20_000);
  afterAll(async () => {
    await fixture.close?.();
  });
  return fixture;
}

/** A key prefix of its own per test, so tests never see each other's keys. */
export const uniquePrefix = () => `test-${randomBytes(6).toString('hex')}`;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
