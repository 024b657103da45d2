import type { NextConfig } from 'next';
import { NO_SCRIPT_POLICY } from './lib/security/csp';
import { staticReadHeaders, staticReadRewrites } from './lib/static-reads/next-config';
import { API_VERSION } from './lib/version';

/** An Accept header that is exactly `text/markdown` (a has/missing condition; the value is an anchored regex). */
const ACCEPT_EXACTLY_MARKDOWN = { type: 'header' as const, key: 'accept', value: 'text/markdown' };

/**
 * Headers that are the same on every response come from here, not from per-request code: Next applies them
 * to static and dynamic routes alike without running JavaScript in front of the request (the spec's CORS and
 * Versioning sections; issue 6 measures the cost of code in front of every request).
 */
const nextConfig: NextConfig = {
  // Lets two builds of the same tree run side by side (for example a benchmark beside a test run).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  reactStrictMode: true,
  async rewrites() {
    return {
      beforeFiles: [
        // Reads that are the same for every client are files when SITE_URL is set at build (lib/static-reads):
        // Next's static file server sends them with no route code in front (issue 6). The rules apply only to
        // requests a file can answer exactly as the route would; every other request goes on to the rules below.
        ...staticReadRewrites(),
        // `<page>.md` is the page as markdown, served by app/md/[...slug] (prerendered). Static rules: no code runs.
        { source: '/index.md', destination: '/md/index' },
        { source: '/:path((?!api/|md/|_next/).+)\\.md', destination: '/md/:path' },
        // A page asked for with exactly `Accept: text/markdown` (what agents send) needs no negotiation, so a
        // static rule serves it and proxy.ts runs only for Accept headers that need RFC 9110 negotiation.
        { source: '/', has: [ACCEPT_EXACTLY_MARKDOWN], destination: '/md/index' },
        { source: '/:path((?!api/|md/|_next/)[^.]+)', has: [ACCEPT_EXACTLY_MARKDOWN], destination: '/md/:path' },
      ],
    };
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Access-Control-Allow-Origin', value: '*' },
          { key: 'REST-Version', value: API_VERSION },
          // Preflights (OPTIONS) are answered 204 by Next for every route handler; these make them useful.
          { key: 'Access-Control-Allow-Methods', value: 'GET, POST, DELETE, OPTIONS' },
          {
            key: 'Access-Control-Allow-Headers',
            value: 'Content-Type, Accept, Authorization, Idempotency-Key, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID',
          },
          {
            key: 'Access-Control-Expose-Headers',
            value:
              'REST-Version, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy, Retry-After, ' +
              'Mcp-Session-Id, MCP-Protocol-Version, Content-Disposition, Idempotent-Replayed',
          },
          { key: 'Access-Control-Max-Age', value: '86400' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          // frame-ancestors 'none' in the pages' CSP; this is the same rule for browsers that predate it.
          { key: 'X-Frame-Options', value: 'DENY' },
        ],
      },
      // Each prerendered page carries its own Content-Security-Policy, with the hashes of its inline scripts, in
      // its .meta file (lib/security/build-csp.ts, run by npm run build), so it is not set here: two policies
      // would both apply. API answers are data, never a document to run.
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }] },
      {
        // A consultation form posted without JavaScript is answered with a page rendered for that request, whose
        // inline scripts are not known in advance: it gets a policy that runs no script (it works as plain HTML).
        source: '/:path((?!api/|_next/)[^.]*)',
        has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }],
        headers: [{ key: 'Content-Security-Policy', value: NO_SCRIPT_POLICY }],
      },
      // Pages have two representations, HTML and markdown, negotiated in proxy.ts (issue 5), and point
      // crawlers to the llms.txt index and the RFC 9727 API catalog.
      {
        source: '/:path((?!api/|_next/)[^.]*)',
        headers: [
          { key: 'Vary', value: 'Accept' },
          { key: 'Link', value: '</llms.txt>; rel="llms-txt"; type="text/plain", </.well-known/api-catalog>; rel="api-catalog"' },
        ],
      },
      // The headers of the static reads (lib/static-reads, issue 6), under the same conditions as their rewrites.
      ...staticReadHeaders(),
    ];
  },
};

export default nextConfig;
