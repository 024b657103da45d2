import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Everything this project reads of Next's build output and of how `next start` answers: the checklist for a Next
 * upgrade (docs/serving.md, "Next's internals"). tests/integration/serving/serving-parity.test.ts fails when it drifts.
 */

const ServerReferenceManifestSchema = z.object({
  node: z.record(z.string(), z.unknown()).default({}),
  edge: z.record(z.string(), z.unknown()).default({}),
});

/** The id of the build in `distDir`, or undefined when there is none. */
export function readBuildId(distDir: string): string | undefined {
  const file = path.join(distDir, 'BUILD_ID');
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : undefined;
}

const RequiredServerFilesSchema = z.looseObject({
  config: z.looseObject({ cacheHandler: z.string().nullish() }),
});

/**
 * The incremental cache a build was made to use (`cacheHandler` in required-server-files.json, relative to the
 * build folder), or undefined when it uses Next's own or there is no build.
 */
export function buildCacheHandler(distDir: string): string | undefined {
  const file = path.join(distDir, 'required-server-files.json');
  if (!fs.existsSync(file)) return undefined;
  const { config } = RequiredServerFilesSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return config.cacheHandler ? path.resolve(distDir, config.cacheHandler) : undefined;
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
