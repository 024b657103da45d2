/**
 * The Cache-Control policies of this site (docs/serving.md, "Caching"), the same however the build is served. A
 * shared cache in front (a CDN, the recipe's nginx) keeps what is the same for everyone for a few minutes, so an
 * edit she deploys is served everywhere within five minutes with no purge; nothing per client is ever shared.
 */

/** How long a shared cache serves a page or a document before it asks again, and how long after that it may
 * serve the old one while it asks (stale-while-revalidate): together five minutes at most. */
const SHARED_SECONDS = 240;
const STALE_SECONDS = 60;

/**
 * A page's HTML: a shared cache keeps it (the ETag makes its next question a 304); a browser asks each time, so
 * it never shows a page older than the cache's.
 */
export const CACHE_PAGE = `public, max-age=0, s-maxage=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

/** A document the same for every client (llms.txt, robots.txt, the sitemap, OpenAPI, a page's `.md` URL). */
export const CACHE_DOCUMENT = `public, max-age=${SHARED_SECONDS}, stale-while-revalidate=${STALE_SECONDS}`;

/**
 * What one client may keep but no shared cache may: an API read (it carries that client's RateLimit headers), and
 * the markdown a page URL answers when markdown was chosen for the client (by its Accept or as an AI agent): a
 * cache that ignored Vary would hand it to the next person.
 */
export const CACHE_PRIVATE_READ = `private, max-age=${SHARED_SECONDS + STALE_SECONDS}`;

/** Tool calls, MCP and every error: never stored. */
export const CACHE_NEVER = 'no-store';
