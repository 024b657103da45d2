import { describe, expect, it, vi } from 'vitest';

/**
 * Next gives each route and the start-up hook their own copy of lib/api-errors.ts. The Redis stores are made at
 * start-up and throw ServiceUnavailableError while a route runs, so the route's `instanceof ApiError` must
 * recognise an error made from another copy (else the envelope's 503 would become a 500).
 */
describe('ApiError across copies of the module', () => {
  it('recognises an error of another copy as an ApiError, and keeps subclass checks exact', async () => {
    const route = await import('@/lib/api-errors');
    vi.resetModules();
    const startup = await import('@/lib/stores/redis/redis-unavailable');
    const startupHttp = await import('@/lib/api-errors');
    expect(startupHttp.ApiError).not.toBe(route.ApiError);

    const unavailable = new startup.ServiceUnavailableError('down', 'retry');
    expect(unavailable instanceof route.ApiError).toBe(true);
    expect(unavailable instanceof route.NotFoundError).toBe(false);
    expect(new startupHttp.NotFoundError('m', 'r') instanceof route.ApiError).toBe(true);

    expect(new route.NotFoundError('m', 'r') instanceof route.NotFoundError).toBe(true);
    expect(new route.NotFoundError('m', 'r') instanceof route.RateLimitedError).toBe(false);
    expect(new Error('plain') instanceof route.ApiError).toBe(false);
    for (const value of ['a string', null, undefined, { status: 503, code: 'SERVICE_UNAVAILABLE' }] as unknown[]) {
      expect(value instanceof route.ApiError).toBe(false);
    }
  });
});
