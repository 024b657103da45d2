import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '@/lib/config/env';
import { pageHeadersWarning } from '@/lib/security/page-headers';
import type { NextHeadersFor } from '@/lib/security/request-guard';
import type { Endpoint } from '@/lib/http/api-route';
import { readBuildId, readServerActionIds } from '@/lib/next/build-output';
import { getContent } from '@/lib/content';
import { listSitePages } from '@/lib/site/pages';
import { SHARED_HEADERS } from '@/lib/http/shared-headers';
import { unroutedMethodAnswer } from '@/lib/http/unrouted-method';
import {
  type AddedByNext,
  PATH_KIND_PROBES,
  type PathKind,
  addedByNext,
  pathKind,
  withNextAdditions,
} from './added-by-next';
import { FAST_ENDPOINTS, FastPath } from './fast-path';
import { type RecordedRequest, type Recording, recordFromNext } from './replay';
import { replayedAnswers, requestsToRecord } from './replayed-answers';

/** What the project's server takes from the build before Next starts. */
interface LoadedBuild {
  serverActionIds?: ReadonlySet<string>;
  /** The sitemap's pages: with SITE_URL, each is asked of Next once and replayed (lib/server/replayed-answers.ts). */
  pages: string[];
}

/** Reads the build once and says in the log what is missing; it never writes into the build. */
export function loadBuild(distDir: string): LoadedBuild {
  if (!readBuildId(distDir)) throw new Error(`There is no production build in ${distDir}: run npm run build first.`);
  const missingHeaders = pageHeadersWarning(distDir);
  if (missingHeaders) console.warn(missingHeaders);
  const pages = listSitePages(getContent()).map((page) => page.path);
  return { serverActionIds: readServerActionIds(distDir), pages };
}

/** A request whose answer through Next, less the answer of our own code alone, is what Next adds on its path. */
interface Probe {
  request: RecordedRequest;
  own: () => Response | Promise<Response>;
  /** What happens when Next gives no such answer at start-up, for the log. */
  otherwise: string;
}

const optionsOf = ({ endpoint, probePath }: (typeof FAST_ENDPOINTS)[number]): Probe => ({
  request: { method: 'OPTIONS', path: probePath, headers: {} },
  own: () => endpoint.OPTIONS(),
  otherwise: 'Next serves that path',
});

/** A method no route has: proxy.ts answers it on every path (lib/http/unrouted-method.ts). */
function unroutedAt(path: string): Probe {
  const direct = unroutedMethodAnswer('PROPFIND', path);
  return {
    request: { method: 'PROPFIND', path, headers: {} },
    own: () => new Response(direct?.body, { status: direct?.status, headers: direct?.headers }),
    otherwise: "the guard's answers there carry the shared headers only",
  };
}

/**
 * Asks Next once, before the server listens, for the answers served from memory and for what it adds to the
 * endpoints' and the guard's own answers. What Next did not answer is logged and left to Next: it costs speed only.
 */
export async function fastPathFromNext(
  next: (request: IncomingMessage, response: ServerResponse) => Promise<void>,
  config: Pick<Config, 'SITE_URL'>,
  build: LoadedBuild,
): Promise<{ fastPath: FastPath; nextHeadersFor: NextHeadersFor }> {
  const reads = requestsToRecord(build.pages, config.SITE_URL !== undefined);
  const kinds = Object.entries(PATH_KIND_PROBES) as [PathKind, string][];
  const probes = [...FAST_ENDPOINTS.map(optionsOf), ...kinds.map(([, path]) => unroutedAt(path))];
  const host = config.SITE_URL ? new URL(config.SITE_URL).host : 'localhost';
  const started = performance.now();
  const recordings = await recordFromNext(next, host, [...reads, ...probes.map((probe) => probe.request)]);
  console.log(
    `[fast path] ${recordings.length} answers asked of Next in ${Math.round(performance.now() - started)} ms`,
  );
  const recorded: { request: RecordedRequest; recording: Recording }[] = [];
  const failed: string[] = [];
  for (const [i, request] of reads.entries()) {
    const recording = recordings[i];
    if (recording && !(recording instanceof Error) && recording.status === 200) recorded.push({ request, recording });
    else failed.push(request.headers.accept ? `${request.path} (Accept: ${request.headers.accept})` : request.path);
  }
  if (failed.length > 0)
    console.warn(`[fast path] Next did not answer ${failed.join(', ')} with a 200 at start-up: Next serves them.`);
  const added = await Promise.all(
    probes.map(async ({ request, own, otherwise }, i) => {
      const [viaNext, ours] = [recordings[reads.length + i], await own()];
      if (viaNext && !(viaNext instanceof Error) && viaNext.status === ours.status) return addedByNext(viaNext, ours);
      console.warn(`[fast path] Next did not answer ${request.method} ${request.path} at start-up: ${otherwise}.`);
      return undefined;
    }),
  );
  const endpoints = new Map<Endpoint, AddedByNext>();
  for (const [i, { endpoint }] of FAST_ENDPOINTS.entries()) {
    const forEndpoint = added[i];
    if (forEndpoint) endpoints.set(endpoint, forEndpoint);
  }
  const byKind = new Map(kinds.map(([kind], i) => [kind, added[FAST_ENDPOINTS.length + i]]));
  const nextHeadersFor: NextHeadersFor = (pathname, own) =>
    withNextAdditions(byKind.get(pathKind(pathname)) ?? { headers: { ...SHARED_HEADERS }, vary: [] }, new Headers(own));
  return { fastPath: new FastPath({ replayed: replayedAnswers(recorded), endpoints }), nextHeadersFor };
}
