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
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'Access-Control-Allow-Origin', value: '*' },
          { key: 'REST-Version', value: API_VERSION },
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        ],
      },
    ];
  },
};

export default nextConfig;
