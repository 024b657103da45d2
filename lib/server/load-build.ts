import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOOL_ENDPOINT } from '@/lib/agent/tool-endpoint';
import { TOOLS } from '@/lib/agent/tools';
import type { Config } from '@/lib/config/env';
import { pageHeadersWarning } from '@/lib/security/page-headers';
import type { Endpoint } from '@/lib/http/api-route';
import { MCP_ENDPOINT } from '@/lib/mcp/endpoint';
import { readBuildId, readServerActionIds, staticPageRoutes } from '@/lib/next/build-output';
import { type AddedByNext, addedByNext } from './added-by-next';
import { FastPath } from './fast-path';
import { type RecordedRequest, recordFromNext } from './replay';
import { replayedAnswers, requestsToRecord } from './replayed-answers';

/** What the project's server takes from the build before Next starts. */
export interface LoadedBuild {
  serverActionIds?: ReadonlySet<string>;
  staticPages: string[];
}

/** Reads the build once and says in the log what is missing; it never writes into the build. */
export function loadBuild(distDir: string): LoadedBuild {
  if (!readBuildId(distDir)) throw new Error(`There is no production build in ${distDir}: run npm run build first.`);
  const missingHeaders = pageHeadersWarning(distDir);
  if (missingHeaders) console.warn(missingHeaders);
  return { serverActionIds: readServerActionIds(distDir), staticPages: staticPageRoutes(distDir) };
}

/** The endpoints the fast path calls itself, each with a path Next routes to it. */
const ENDPOINT_PATHS: readonly [Endpoint, string][] = [
  [MCP_ENDPOINT, '/api/mcp'],
  [TOOL_ENDPOINT, `/api/agent/tools/${TOOLS[0]?.slug ?? 'evaluate-client-needs'}`],
];

/**
 * The fast path, made of Next's own answers: asked once at start-up, before the server listens (replay.ts), for
 * every answer served from memory and for what it adds to the endpoints' answers. Whatever Next did not answer
 * with a 200 is said once in the log and left to Next: it costs speed, never service.
 */
export async function fastPathFromNext(
  next: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  config: Pick<Config, 'SITE_URL'>,
  build: LoadedBuild,
): Promise<FastPath> {
  const reads = requestsToRecord(build.staticPages, config.SITE_URL !== undefined);
  const probes: RecordedRequest[] = ENDPOINT_PATHS.map(([, path]) => ({ method: 'OPTIONS', path, headers: {} }));
  const host = config.SITE_URL ? new URL(config.SITE_URL).host : 'localhost';
  const started = performance.now();
  const recordings = await recordFromNext(next, host, [...reads, ...probes]);
  console.log(
    `[fast path] ${recordings.length} answers asked of Next in ${Math.round(performance.now() - started)} ms`,
  );
  const recorded = reads.flatMap((request, i) => {
    const recording = recordings[i];
    return recording && !(recording instanceof Error) ? [{ request, recording }] : [];
  });
  const failed = reads.filter((_, i) => {
    const recording = recordings[i];
    return recording instanceof Error || recording?.status !== 200;
  });
  if (failed.length > 0) {
    const named = failed.map(({ path, headers }) => (headers.accept ? `${path} (Accept: ${headers.accept})` : path));
    console.warn(`[fast path] Next did not answer ${named.join(', ')} with a 200 at start-up: Next serves them.`);
  }
  const endpoints = new Map<Endpoint, AddedByNext>();
  for (const [index, [endpoint]] of ENDPOINT_PATHS.entries()) {
    const viaNext = recordings[reads.length + index];
    if (viaNext && !(viaNext instanceof Error) && viaNext.status === 204)
      endpoints.set(endpoint, addedByNext(viaNext, await endpoint.OPTIONS()));
    else
      console.warn(
        `[fast path] Next did not answer OPTIONS ${ENDPOINT_PATHS[index]?.[1]} at start-up: Next serves that path.`,
      );
  }
  return new FastPath({ replayed: replayedAnswers(recorded), endpoints });
}
