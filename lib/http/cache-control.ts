/**
 * The Cache-Control policies of this site (docs/serving.md, "Caching"), the same however the build is served.
 * Prerendered HTML pages keep Next's own (`s-maxage=31536000`: a CDN keeps a page until the next deploy).
 */

/** A read that is the same for every client (manifest, resources, llms.txt, markdown): kept five minutes at most. */
export const CACHE_READ = 'public, max-age=300';

/** Tool calls, MCP and every error: never stored. */
export const CACHE_NEVER = 'no-store';
