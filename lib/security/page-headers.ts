import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { listPrerenderedHtml, readBuildId, setPageMetaHeaders } from '@/lib/next/build-output';
import { PAGE_VARY } from '@/lib/http/shared-headers';
import { inlineScriptHashes, pagePolicy } from '@/lib/security/csp';

/** Written beside the build once its pages carry their headers: which build, and each page's policy. */
export const PAGE_HEADERS_MANIFEST = 'csp-manifest.json';

export interface PageHeadersManifest {
  buildId: string;
  pages: Record<string, { policy: string; inlineScripts: number }>;
}

const ManifestSchema = z.object({ buildId: z.string() });

/**
 * Gives every prerendered page of a build the headers Next cannot give it from next.config.ts: its own
 * Content-Security-Policy, with the sha256 of each of its inline scripts, and its Vary (every page has a markdown
 * representation, PAGE_VARY, and Next's page runtime replaces the Vary of next.config.ts with its own list). They go
 * into the page's `.meta` file, which `next start` sends with the HTML: pages stay static and no code runs in front
 * of them. Idempotent; `npm run build` runs it after `next build`.
 */
export function applyPageHeaders(distDir: string): PageHeadersManifest {
  const buildId = readBuildId(distDir);
  if (!buildId) throw new Error(`${distDir} holds no Next build (no BUILD_ID): run next build first.`);
  const manifest: PageHeadersManifest = { buildId, pages: {} };
  for (const page of listPrerenderedHtml(distDir)) {
    const hashes = inlineScriptHashes(fs.readFileSync(page.htmlFile, 'utf8'));
    const policy = pagePolicy(hashes);
    setPageMetaHeaders(page, { 'content-security-policy': policy, vary: PAGE_VARY });
    manifest.pages[page.route] = { policy, inlineScripts: hashes.length };
  }
  const file = path.join(distDir, PAGE_HEADERS_MANIFEST);
  fs.writeFileSync(`${file}.tmp`, `${JSON.stringify(manifest, null, 2)}\n`);
  fs.renameSync(`${file}.tmp`, file);
  return manifest;
}

/** True when the build in `distDir` already carries its pages' headers (made by this build's `npm run build`). */
export function buildHasPageHeaders(distDir: string): boolean {
  try {
    const manifest = ManifestSchema.safeParse(
      JSON.parse(fs.readFileSync(path.join(distDir, PAGE_HEADERS_MANIFEST), 'utf8')),
    );
    return manifest.success && manifest.data.buildId === readBuildId(distDir);
  } catch {
    return false;
  }
}

/** The start-up warning for a build whose pages lack these headers, or undefined when they have them. */
export function pageHeadersWarning(distDir: string): string | undefined {
  return buildHasPageHeaders(distDir)
    ? undefined
    : '[build] the pages have no Content-Security-Policy and no Vary of their own: this build was not made by npm run build. Run npm run build.';
}
