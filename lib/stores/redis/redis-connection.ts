import { createClient } from 'redis';
import { RedisUnavailableError } from './redis-unavailable';

/** A connection attempt gives up after this long (then the next one starts, backing off). */
const CONNECT_TIMEOUT_MS = 2_000;
/** A command unanswered after this long fails, so a Redis that stops answering cannot hold a request. */
export const COMMAND_TIMEOUT_MS = 1_000;
/** Reconnection backs off exponentially up to this delay and never gives up. */
const MAX_RECONNECT_DELAY_MS = 2_000;
/** Commands in flight at most; past it a command fails at once instead of queueing. */
const MAX_PENDING_COMMANDS = 1_000;
/** While Redis is down, one command per interval tries it; the others fail at once (a Redis that hangs). */
const PROBE_INTERVAL_MS = 1_000;

/** What the stores need from Redis: one atomic Lua script at a time. */
export interface RedisScripts {
  /** Runs `script` (EVAL) with `keys` and `args`; rejects with RedisUnavailableError when Redis cannot answer. */
  evaluate(script: string, keys: string[], args: string[]): Promise<unknown>;
}

function createRedisClient(url: string) {
  return createClient({
    url,
    // RESP2 is spoken by every Redis and by managed add-ons that do not offer RESP3.
    RESP: 2,
    // While disconnected, commands fail at once rather than wait in a queue for a Redis that may not come back.
    disableOfflineQueue: true,
    commandsQueueMaxLength: MAX_PENDING_COMMANDS,
    commandOptions: { timeout: COMMAND_TIMEOUT_MS },
    socket: {
      connectTimeout: CONNECT_TIMEOUT_MS,
      // Always a number: node-redis's default strategy stops for good after a socket time-out.
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
}

/**
 * `command`'s answer, or a rejection after `ms`. node-redis's own command time-out only covers the wait before a
 * command is written to the socket; a Redis that accepts it and never answers is timed here. (A late answer is
 * still read by node-redis, so later replies stay matched to their commands.)
 */
function answerWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([command, late]).finally(() => clearTimeout(timer));
}

/** The URL without credentials, for log lines. */
export function describeRedisUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`;
}

/**
 * The process's connection to Redis, shared by every store (shared-connection.ts). It never makes a request wait
 * on an absent Redis: commands fail at once while disconnected, after COMMAND_TIMEOUT_MS when Redis stops
 * answering, and while it is known to be down only one probe per second is let through. Going down and coming back are each
 * logged once.
 */
export class SharedRedis implements RedisScripts {
  private readonly client: ReturnType<typeof createRedisClient>;
  private down = false;
  private nextProbeAt = 0;
  private lastError = '';

  constructor(
    readonly url: string,
    private readonly log: Pick<Console, 'warn' | 'info'> = console,
  ) {
    this.client = createRedisClient(url);
    this.client.on('error', (error: unknown) => this.markDown(error));
    this.client.on('ready', () => this.markUp());
  }

  /** Connects, waiting at most `waitMs`; when Redis is not there yet it keeps trying in the background. */
  async connect(waitMs = CONNECT_TIMEOUT_MS + 500): Promise<boolean> {
    const connected = this.client.connect().then(
      () => true,
      () => false,
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs)));
    const ready = await Promise.race([connected, waited]);
    clearTimeout(timer);
    return ready;
  }

  async evaluate(script: string, keys: string[], args: string[]): Promise<unknown> {
    const now = Date.now();
    if (this.down) {
      if (now < this.nextProbeAt) throw new RedisUnavailableError(this.lastError);
      this.nextProbeAt = now + PROBE_INTERVAL_MS;
    }
    try {
      const reply = await answerWithin(this.client.eval(script, { keys, arguments: args }), COMMAND_TIMEOUT_MS);
      this.markUp();
      return reply;
    } catch (error) {
      this.markDown(error);
      throw new RedisUnavailableError(error);
    }
  }

  /** Closes the connection at once (tests; the server keeps it for its lifetime). */
  close(): void {
    if (this.client.isOpen) this.client.destroy();
  }

  private markDown(error: unknown): void {
    this.lastError = error instanceof Error ? error.message || error.name : String(error);
    if (this.down) return;
    this.down = true;
    this.nextProbeAt = Date.now() + PROBE_INTERVAL_MS;
    this.log.warn(
      `[redis] ${describeRedisUrl(this.url)} is unreachable (${this.lastError}). Until it is back, ending an MCP session ` +
        'and requests with an Idempotency-Key answer 503 SERVICE_UNAVAILABLE, and quotas count per instance.',
    );
  }

  private markUp(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info(
      `[redis] ${describeRedisUrl(this.url)} is reachable again: sessions, quotas and idempotency keys are shared again.`,
    );
  }
}
