import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { NextHeadersFor } from '@/lib/security/request-guard';
import { pathOf } from '@/lib/security/request-target';

/** Where Next serves its build's own files (scripts, styles, fonts) from `<distDir>/static`. */
const NEXT_STATIC = '/_next/static/';

/** The file under `staticDir` that `target` names, or undefined when it names none there (Next answers it then). */
function staticFileOf(staticDir: string, target: string | undefined): string | undefined {
  const pathname = pathOf(target);
  if (!pathname.startsWith(NEXT_STATIC)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(NEXT_STATIC.length));
  } catch {
    return undefined;
  }
  const file = path.join(staticDir, relative);
  return file.startsWith(staticDir + path.sep) ? file : undefined;
}

/** Answers the request and says true, or says false (at once for any other path) and leaves it for Next. */
export type MissingAssetStep = (request: IncomingMessage, response: ServerResponse) => false | Promise<boolean>;

/**
 * Next lists its build's static files when it starts and serves what the list names: a listed file gone since (the
 * build folder rebuilt under the running server, which deletes the old scripts) it answers with a 500. This step
 * looks first, and answers a file that is not there 404, as Next answers a file its build never had.
 */
export function missingAssetStep(distDir: string, headersFor: NextHeadersFor): MissingAssetStep {
  const staticDir = path.join(distDir, 'static');
  return (request, response) => {
    const read = request.method === 'GET' || request.method === 'HEAD';
    const file = read ? staticFileOf(staticDir, request.url) : undefined;
    if (!file) return false;
    return fs.promises.stat(file).then(
      (stats) => (stats.isFile() ? false : answerNotFound(request, response, headersFor)),
      () => answerNotFound(request, response, headersFor),
    );
  };
}

/** The headers of the 404 for a build file that is not there. */
const NOT_FOUND_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  // As Next's own 404 for a file it does not have: the file may be there after the next deploy.
  'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
};

function answerNotFound(request: IncomingMessage, response: ServerResponse, headersFor: NextHeadersFor): true {
  request.resume();
  response.writeHead(404, headersFor(pathOf(request.url), NOT_FOUND_HEADERS));
  response.end(request.method === 'HEAD' ? undefined : 'Not Found');
  return true;
}

/**
 * The same look for proxy.ts when Next serves alone: the 404 for a read of a build file that is not on disk, or
 * undefined (another path, another method, or the file is there) for Next to serve.
 */
export async function missingStaticFileAnswer(
  distDir: string,
  method: string,
  pathname: string,
): Promise<Response | undefined> {
  const file = method === 'GET' || method === 'HEAD' ? staticFileOf(path.join(distDir, 'static'), pathname) : undefined;
  if (!file) return undefined;
  const there = await fs.promises.stat(file).then(
    (stats) => stats.isFile(),
    () => false,
  );
  return there
    ? undefined
    : new Response(method === 'HEAD' ? null : 'Not Found', { status: 404, headers: NOT_FOUND_HEADERS });
}
