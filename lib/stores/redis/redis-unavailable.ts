import { ApiError } from '@/lib/api-errors';

/** Seconds a client is asked to wait (Retry-After) while the shared store is unreachable. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 503: state shared between instances (MCP sessions, Idempotency-Key records) is kept in Redis, and Redis is not
 * reachable. Answering from one instance's memory would be wrong (a session unknown to the next instance, a key
 * that no longer prevents a second mail), so the request is refused with Retry-After and nothing is run.
 */
export class ServiceUnavailableError extends ApiError {
  readonly status = 503;
  readonly code = 'SERVICE_UNAVAILABLE';

  constructor(message: string, resolution: string) {
    super(message, resolution, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}

/** A Redis command failed: no connection, a time-out, a full queue or an error reply. Stores decide what it means. */
export class RedisUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`Redis is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'RedisUnavailableError';
  }
}
