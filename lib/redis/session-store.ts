import type { EndedSessionStore } from '@/lib/mcp/transport/sessions';
import type { RedisScripts } from './client';
import { RedisUnavailableError, ServiceUnavailableError } from './errors';
import { KEY_PREFIX } from './keys';

// An ended session is one key whose time to live runs to the end of the session's lifetime, so Redis forgets it
// by itself once the id would be refused anyway. SET NX makes a second DELETE, from any instance, see it.
const END = `return redis.call('SET', KEYS[1], '1', 'NX', 'PXAT', ARGV[1]) and 1 or 0`;

export interface RedisEndedSessionsOptions {
  prefix?: string;
}

/**
 * The sessions DELETE ended, in Redis, so that a session ended on one instance is 404 on every other. When
 * Redis cannot answer, ending a session is 503 (it could not be recorded), and a session request is served:
 * the id itself proves the session, and refusing it would strand every client for an outage.
 */
export class RedisEndedSessions implements EndedSessionStore {
  private readonly keyPrefix: string;

  constructor(
    private readonly redis: RedisScripts,
    options: RedisEndedSessionsOptions = {},
  ) {
    this.keyPrefix = `${options.prefix ?? KEY_PREFIX}:mcp-ended:`;
  }

  async end(id: string, until: number): Promise<boolean> {
    try {
      return (await this.redis.evaluate(END, [this.keyPrefix + id], [String(Math.ceil(until))])) === 1;
    } catch (error) {
      if (!(error instanceof RedisUnavailableError)) throw error;
      throw new ServiceUnavailableError(
        'Ended MCP sessions are kept in a store shared by all instances of this server, and it cannot be reached right now.',
        'Retry the DELETE in a few seconds (see Retry-After); the session stays usable meanwhile.',
      );
    }
  }

  async hasEnded(id: string): Promise<boolean> {
    try {
      return (await this.redis.evaluate(`return redis.call('EXISTS', KEYS[1])`, [this.keyPrefix + id], [])) === 1;
    } catch (error) {
      if (error instanceof RedisUnavailableError) return false;
      throw error;
    }
  }
}
