import { PAGE_VARY } from '../http/shared-headers';
import { inlineScriptHashes, pagePolicy } from './csp';

/**
 * Next's incremental cache for this site (next.config.ts `cacheHandler`, compiled to dist/ by
 * scripts/build-cache-handler.ts before `next build`). Pages are rendered once per origin at run time
 * (lib/site/page-origin.ts), and this is where a rendered page is kept: before it is kept, and so before its first
 * answer, it is given its Content-Security-Policy with the sha256 of each of its inline scripts and its Vary.
 * Next's page runtime sends a cache entry's `headers` with the page, as it does a prerendered page's `.meta`.
 * The entry's shape is Next's, not a documented type; this module alone reads it, and
 * tests/integration/security/security-headers.test.ts fails if a page, its first answer included, goes out
 * without the policy of its own scripts.
 */

/** The part of a cache entry this handler reads: Next's rendered page (`APP_PAGE`), its HTML and its headers. */
interface CachedValue {
  kind?: string;
  status?: number;
  html?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

interface CacheEntry {
  value: CachedValue | null;
  lastModified: number;
}

/** Pages and documents for every origin the site answers at; past this, the oldest entry goes first. */
const MAX_ENTRIES = 2000;

const entries = new Map<string, CacheEntry>();

/** The headers a rendered page is sent with, from its HTML. */
export function renderedPageHeaders(html: string): Record<string, string> {
  return { 'content-security-policy': pagePolicy(inlineScriptHashes(html)), vary: PAGE_VARY };
}

export default class PageCacheHandler {
  async get(key: string): Promise<CacheEntry | null> {
    const entry = entries.get(key);
    if (!entry) return null;
    // Read again, it is the newest: deleting and setting moves it to the end of the Map's order.
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  async set(key: string, value: CachedValue | null): Promise<void> {
    if (value?.kind === 'APP_PAGE' && typeof value.html === 'string') {
      value.headers = { ...value.headers, ...renderedPageHeaders(value.html) };
    }
    // A page that is not there (any path a client makes up) is rendered again when asked, never kept: kept, such
    // pages would push the site's own out.
    if (value?.status === 404) return;
    entries.delete(key);
    entries.set(key, { value, lastModified: Date.now() });
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  }

  async revalidateTag(): Promise<void> {}

  resetRequestCache(): void {}
}
