import { getInsightsStore } from '@/lib/counting/store';
import { DESK_PATH } from '@/lib/http/desk-path';
import { DESK_HEADERS } from '@/lib/http/shared-headers';
import { currentDeskSession } from './current-session';
import { type DeskFigures, buildDeskFigures } from './figures';

const DOWNLOAD_HEADERS = { ...DESK_HEADERS, 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };

/**
 * A download of the desk's figures in one format: only with a session (else 401 and nothing of the data), and
 * 503 when nothing is counted on this server.
 */
export async function figuresDownload(
  format: { type: string; extension: string },
  serialise: (figures: DeskFigures) => string,
): Promise<Response> {
  const text = (status: number, body: string) =>
    new Response(`${body}\n`, {
      status,
      headers: { ...DOWNLOAD_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  if (!(await currentDeskSession())) return text(401, `Sign in at ${DESK_PATH} to download these figures.`);
  const store = getInsightsStore();
  if (!store) return text(503, 'Nothing is counted on this server (INSIGHTS=false, or its store could not open).');
  const figures = await buildDeskFigures(store);
  return new Response(serialise(figures), {
    headers: {
      ...DOWNLOAD_HEADERS,
      'Content-Type': format.type,
      'Content-Disposition': `attachment; filename="desk-figures-${figures.generatedAt.slice(0, 10)}.${format.extension}"`,
    },
  });
}
