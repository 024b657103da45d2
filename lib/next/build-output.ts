import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Everything this project reads of Next's build output and of how `next start` answers: the checklist for a Next
 * upgrade (docs/serving.md, "Next's internals"). tests/integration/serving/serving-parity.test.ts fails when it drifts.
 */

/** Next's `compression` names Accept-Encoding in Vary for every compressible type, whatever the answer's size. */
export function nextAddsAcceptEncodingToVary(contentType: string | undefined): boolean {
  return (
    contentType !== undefined &&
    /^(?:text\/|application\/(?:json|javascript|xml)|[^;]*\+(?:json|xml|text))/i.test(contentType)
  );
}

const PageMetaSchema = z.looseObject({
  status: z.number().optional(),
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string()), z.number()])).optional(),
});

const PrerenderManifestSchema = z.object({
  routes: z.record(
    z.string(),
    z.looseObject({
      routeType: z.string().optional(),
      initialRevalidateSeconds: z.union([z.number(), z.literal(false)]).optional(),
      initialStatus: z.number().optional(),
    }),
  ),
});

const ServerReferenceManifestSchema = z.object({
  node: z.record(z.string(), z.unknown()).default({}),
  edge: z.record(z.string(), z.unknown()).default({}),
});

/** The id of the build in `distDir`, or undefined when there is none. */
export function readBuildId(distDir: string): string | undefined {
  const file = path.join(distDir, 'BUILD_ID');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

/** A page Next prerendered as HTML: its route, its files, and the headers of its `.meta` file. */
export interface PrerenderedHtml {
  route: string;
  htmlFile: string;
  metaFile: string;
}

/** Every HTML file Next prerendered (pages and its own 404), with its `.meta` beside it. */
export function listPrerenderedHtml(distDir: string): PrerenderedHtml[] {
  const appDir = path.join(distDir, 'server', 'app');
  if (!fs.existsSync(appDir)) return [];
  return fs
    .readdirSync(appDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.html') && fs.existsSync(path.join(appDir, file.replace(/\.html$/, '.meta'))))
    .sort()
    .map((file) => {
      const htmlFile = path.join(appDir, file);
      const route = file
        .replace(/\.html$/, '')
        .split(path.sep)
        .join('/');
      return { route: route === 'index' ? '/' : `/${route}`, htmlFile, metaFile: htmlFile.replace(/\.html$/, '.meta') };
    });
}

/**
 * Sets headers in a prerendered page's `.meta` file, which `next start` appends to the page's answer after its
 * own (app-page runtime, "cachedData.headers"). Build time only; the rest of the file is kept as it is.
 */
export function setPageMetaHeaders(page: PrerenderedHtml, headers: Record<string, string>): void {
  const meta = PageMetaSchema.parse(JSON.parse(fs.readFileSync(page.metaFile, 'utf8')));
  const merged = { ...meta.headers, ...headers };
  if (JSON.stringify(merged) === JSON.stringify(meta.headers)) return;
  const partial = `${page.metaFile}.${process.pid}.tmp`;
  fs.writeFileSync(partial, JSON.stringify({ ...meta, headers: merged }));
  fs.renameSync(partial, page.metaFile);
}

/**
 * The pages of the build that Next serves as the same bytes to every plain request: prerendered, never
 * revalidated, status 200 (prerender-manifest.json). None without a production build.
 */
export function staticPageRoutes(distDir: string): string[] {
  const manifestFile = path.join(distDir, 'prerender-manifest.json');
  if (!fs.existsSync(manifestFile)) return [];
  const { routes } = PrerenderManifestSchema.parse(JSON.parse(fs.readFileSync(manifestFile, 'utf8')));
  return Object.entries(routes)
    .filter(([, entry]) => entry.routeType === 'page' && entry.initialRevalidateSeconds === false)
    .filter(([route, entry]) => (entry.initialStatus ?? 200) === 200 && !route.startsWith('/_'))
    .map(([route]) => route);
}

/**
 * The Server Action ids of a build (server-reference-manifest.json; only the ids are read, never the encryption
 * key beside them), or undefined when there is no such file (`next dev`).
 */
export function readServerActionIds(distDir: string): ReadonlySet<string> | undefined {
  const file = path.join(distDir, 'server', 'server-reference-manifest.json');
  if (!fs.existsSync(file)) return undefined;
  const manifest = ServerReferenceManifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return new Set([...Object.keys(manifest.node), ...Object.keys(manifest.edge)]);
}

const RoutesManifestSchema = z.looseObject({
  headers: z.array(z.looseObject({ headers: z.array(z.object({ key: z.string(), value: z.string() })) })).default([]),
});

/**
 * The value next.config.ts gave a header in the build (routes-manifest.json, where `next start` reads its header
 * rules from), or undefined when there is no build or no such rule.
 */
export function readBuiltHeader(distDir: string, name: string): string | undefined {
  const file = path.join(distDir, 'routes-manifest.json');
  if (!fs.existsSync(file)) return undefined;
  const manifest = RoutesManifestSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  const lower = name.toLowerCase();
  return manifest.headers.flatMap((rule) => rule.headers).find((header) => header.key.toLowerCase() === lower)?.value;
}
