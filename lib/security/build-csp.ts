import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { inlineScriptHashes, pagePolicy } from './csp';

/** Written beside the build once its pages carry their policies: which build, and each page's policy. */
export const CSP_MANIFEST = 'csp-manifest.json';

export interface CspManifest {
  buildId: string;
  pages: Record<string, { policy: string; inlineScripts: number }>;
}

/** The part of Next's `.meta` file of a prerendered page that is read here; the rest is kept as it is. */
const PageMetaSchema = z.looseObject({ headers: z.record(z.string(), z.unknown()).optional() });

const CspManifestSchema = z.object({ buildId: z.string() });

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.name.endsWith('.html')) yield full;
  }
}

function writeAtomically(file: string, text: string): void {
  const partial = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(partial, text);
  fs.renameSync(partial, file);
}

/**
 * Gives every prerendered page of a build its own Content-Security-Policy, with the sha256 of each of its inline
 * scripts. The policy goes into the page's `.meta` file, whose `headers` `next start` sends with the prerendered
 * HTML (app-page-runtime, "cachedData.headers"): static pages stay static and no code runs in front of them.
 * Idempotent; run after `next build` (npm run build does), and checked again at start-up.
 */
export function applyCspToBuild(distDir: string): CspManifest {
  const appDir = path.join(distDir, 'server', 'app');
  const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
  const manifest: CspManifest = { buildId, pages: {} };
  for (const htmlFile of htmlFiles(appDir)) {
    const metaFile = htmlFile.replace(/\.html$/, '.meta');
    if (!fs.existsSync(metaFile)) continue;
    const html = fs.readFileSync(htmlFile, 'utf8');
    const hashes = inlineScriptHashes(html);
    const policy = pagePolicy(hashes);
    const meta = PageMetaSchema.parse(JSON.parse(fs.readFileSync(metaFile, 'utf8')));
    if (meta.headers?.['content-security-policy'] !== policy) {
      writeAtomically(
        metaFile,
        JSON.stringify({ ...meta, headers: { ...meta.headers, 'content-security-policy': policy } }),
      );
    }
    const route = `/${path
      .relative(appDir, htmlFile)
      .replace(/\.html$/, '')
      .split(path.sep)
      .join('/')}`.replace(/^\/index$/, '/');
    manifest.pages[route] = { policy, inlineScripts: hashes.length };
  }
  writeAtomically(path.join(distDir, CSP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** True when the build in `distDir` already carries the policies of its own pages. */
export function buildHasCsp(distDir: string): boolean {
  try {
    const buildId = fs.readFileSync(path.join(distDir, 'BUILD_ID'), 'utf8').trim();
    const manifest = CspManifestSchema.safeParse(JSON.parse(fs.readFileSync(path.join(distDir, CSP_MANIFEST), 'utf8')));
    return manifest.success && manifest.data.buildId === buildId;
  } catch {
    return false;
  }
}
