import fs from 'node:fs';
import path from 'node:path';
import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
import { DEPLOYMENT_ID_SETTING, newDeploymentId, servedDeploymentId } from './lib/config/deployment-id';
import { distDir, distDirName } from './lib/config/dist-dir';
import { PAGE_CACHE_HANDLER_FILE } from './lib/config/page-cache-handler-file';
import { contentDirectory } from './lib/content/directory';
import { contentVersion } from './lib/content/version';
import { DESK_PATH } from './lib/http/desk-path';
import { NO_SCRIPT_POLICY } from './lib/security/csp';
import {
  API_HEADERS,
  API_SOURCE,
  HOME_HEADERS,
  PAGE_HEADERS,
  PAGE_SOURCE,
  SHARED_HEADERS,
  CONTENT_VERSION_HEADER,
  PAGE_ORIGIN_HEADER,
  DESK_HEADERS,
  DESK_SOURCES,
  asHeaderList,
} from './lib/http/shared-headers';

/** An Accept header that is exactly `text/markdown` (a has/missing condition; the value is an anchored regex). */
const ACCEPT_EXACTLY_MARKDOWN = { type: 'header' as const, key: 'accept', value: 'text/markdown' };

/** The origin segment proxy.ts gives a page request, captured as `origin`. */
const PAGE_ORIGIN = { type: 'header' as const, key: PAGE_ORIGIN_HEADER, value: '(?<origin>[A-Za-z0-9_-]+)' };

/**
 * Headers that are the same on every response come from here (their values from lib/http/shared-headers.ts), not
 * from per-request code: Next applies them to static and dynamic routes alike without running JavaScript in front
 * of the request (docs/agent-api.md, "Headers and CORS"). Free of side effects: it is read by every build and
 * server.
 */
const nextConfig: NextConfig = {
  // Lets two builds of the same tree run side by side (for example a benchmark beside a test run).
  distDir: distDirName(),
  poweredByHeader: false,
  // The embedded insights store loads its native binary at run time (lib/stores/insights/lmdb-insights-store.ts).
  serverExternalPackages: ['lmdb'],
  reactStrictMode: true,
  // `npm test` runs tsc over the whole tree (app, lib, scripts and tests: more than `next build` checks) before its
  // builds and stops on any error, so those builds skip a second check of the same files (TYPES_CHECKED_BY_TSC=1).
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED_BY_TSC === '1' },
  // Next's own trailing-slash redirect is answered before the header rules below, so without CORS or REST-Version;
  // proxy.ts redirects pages instead, and /api serves the path without the slash (lib/http/trailing-slash.ts).
  skipTrailingSlashRedirect: true,
  // The consultant's portrait (lib/ui/portrait.tsx): AVIF where the browser takes it, the smallest file, else WebP.
  images: { formats: ['image/avif', 'image/webp'] },
  async rewrites() {
    return {
      beforeFiles: [
        // `<page>.md` is the page as markdown, served by app/md/[...slug] (prerendered). Static rules: no code runs.
        // Files of /.well-known (an Agent Skill's SKILL.md) are documents of their own, not pages.
        { source: '/index.md', destination: '/md/index' },
        { source: '/:path((?!api/|md/|_next/|\\.well-known/).+)\\.md', destination: '/md/:path' },
        // A page asked for with exactly `Accept: text/markdown` (what agents send) needs no negotiation, so a
        // static rule serves it and proxy.ts runs only for Accept headers that need RFC 9110 negotiation.
        { source: '/', has: [ACCEPT_EXACTLY_MARKDOWN], destination: '/md/index' },
        // The consultant's desk has no markdown: it answers its sign-in page to everyone.
        {
          source: `/:path((?!api/|md/|_next/|${DESK_PATH.slice(1)}/|${DESK_PATH.slice(1)}$)[^.]+)`,
          has: [ACCEPT_EXACTLY_MARKDOWN],
          destination: '/md/:path',
        },
        // A page as HTML, rendered for the origin proxy.ts names (app/[origin], lib/site/page-origin.ts). A rewrite
        // from the proxy itself would be fetched over HTTP when Next's idea of its own host differs from the URL.
        { source: '/:path((?!api/|md/|_next/)[^.]*)', has: [PAGE_ORIGIN], destination: '/:origin/:path' },
      ],
    };
  },
  async headers() {
    return [
      // The content this build was made from, computed here so it is baked into the build (routes-manifest.json):
      // a server started later says which content it serves, not what content/ holds by then.
      {
        source: '/:path*',
        headers: asHeaderList({ ...SHARED_HEADERS, [CONTENT_VERSION_HEADER]: contentVersion(contentDirectory()) }),
      },
      // Each page carries its own Content-Security-Policy, with the hashes of its inline scripts, given where Next
      // keeps it once rendered (lib/security/page-cache-handler.ts), so it is not set here: two policies would apply.
      { source: API_SOURCE, headers: asHeaderList(API_HEADERS) },
      {
        // A consultation form posted without JavaScript is answered with a page rendered for that request, whose
        // inline scripts are not known in advance: it gets a policy that runs no script (it works as plain HTML).
        source: PAGE_SOURCE,
        has: [{ type: 'header', key: 'content-type', value: 'multipart/form-data.*' }],
        headers: [{ key: 'Content-Security-Policy', value: NO_SCRIPT_POLICY }],
      },
      { source: PAGE_SOURCE, headers: asHeaderList(PAGE_HEADERS) },
      { source: '/', headers: asHeaderList(HOME_HEADERS) },
      // The desk is rendered per request and works as plain HTML (its forms post without JavaScript), so it
      // runs no script at all.
      ...DESK_SOURCES.map((source) => ({
        source,
        headers: asHeaderList({ ...DESK_HEADERS, 'Content-Security-Policy': NO_SCRIPT_POLICY }),
      })),
    ];
  },
};

let buildDeploymentId: string | undefined;

/**
 * One id per build (lib/config/deployment-id.ts): NEXT_DEPLOYMENT_ID when the operator sets it at build time, else
 * one made here, once, when the build starts; a server reads the id its build was made with. Elsewhere (`next dev`)
 * there is none.
 */
function deploymentIdFor(phase: string): string | undefined {
  if (phase === PHASE_PRODUCTION_BUILD)
    return (buildDeploymentId ??=
      process.env[DEPLOYMENT_ID_SETTING] || newDeploymentId(contentVersion(contentDirectory())));
  if (phase === PHASE_PRODUCTION_SERVER) return servedDeploymentId(distDir(), process.env);
  return undefined;
}

/**
 * The site's incremental cache, where each page is given its Content-Security-Policy (lib/security/page-cache-handler.ts),
 * for a production build and server when npm run build has compiled it; Next keeps nothing else in memory beside it.
 */
function cacheHandlerFor(phase: string): Pick<NextConfig, 'cacheHandler' | 'cacheMaxMemorySize'> {
  const file = path.resolve(PAGE_CACHE_HANDLER_FILE);
  if (phase !== PHASE_PRODUCTION_BUILD && phase !== PHASE_PRODUCTION_SERVER) return {};
  return fs.existsSync(file) ? { cacheHandler: file, cacheMaxMemorySize: 0 } : {};
}

export default function config(phase: string): NextConfig {
  return {
    ...nextConfig,
    ...cacheHandlerFor(phase),
    deploymentId: deploymentIdFor(phase),
    // With a deploymentId Next makes every BUILD_ID the same; its own random one keeps telling builds apart
    // (a build's page headers are matched to it: lib/security/page-headers.ts).
    generateBuildId: () => null,
  };
}
