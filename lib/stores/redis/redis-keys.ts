/**
 * Every key this app writes starts with this prefix, so that it can share a Redis with other programs (and tests
 * can use their own prefix). The stores add `:quota:`, `:idempotency:` and, for sessions, a `{…}` hash tag.
 */
export const KEY_PREFIX = 'consultancy-site';
