import type { NextConfig } from 'next';
import { API_VERSION } from './lib/version';

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
    // `<page>.md` is the page as markdown, served by app/md/[...slug] (prerendered). Static rules: no code runs.
    return {
      beforeFiles: [
        { source: '/index.md', destination: '/md/index' },
        { source: '/:path((?!api/|md/|_next/).+)\\.md', destination: '/md/:path' },
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
              'Mcp-Session-Id, MCP-Protocol-Version, Content-Disposition',
          },
          { key: 'Access-Control-Max-Age', value: '86400' },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
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
    ];
  },
};

export default nextConfig;
