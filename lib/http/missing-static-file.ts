import fs from 'node:fs';
import path from 'node:path';

/** Where Next serves its build's own files (scripts, styles, fonts) from `<distDir>/static`. */
export const NEXT_STATIC_PREFIX = '/_next/static/';

/** As Next's own 404 for a file it does not have: the file may be there after the next deploy. */
const NOT_FOUND_HEADERS = {
  'Content-Type': 'text/plain; charset=utf-8',
  'Cache-Control': 'private, no-cache, no-store, max-age=0, must-revalidate',
};

/** The file under `staticDir` that `pathname` names, or undefined when it names none there (Next answers it then). */
function staticFileOf(staticDir: string, pathname: string): string | undefined {
  if (!pathname.startsWith(NEXT_STATIC_PREFIX)) return undefined;
  let relative: string;
  try {
    relative = decodeURIComponent(pathname.slice(NEXT_STATIC_PREFIX.length));
  } catch {
    return undefined;
  }
  const file = path.join(staticDir, relative);
  return file.startsWith(staticDir + path.sep) ? file : undefined;
}

/**
 * Next lists its build's static files when it starts and serves what the list names: a listed file gone since (the
 * build folder rebuilt under the running server, which deletes the old scripts) it answers with a 500. proxy.ts
 * looks on disk first: the 404 for a read of a build file that is not there, as Next answers a file its build never
 * had, or undefined (another path, another method, or the file is there) for Next to serve.
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
