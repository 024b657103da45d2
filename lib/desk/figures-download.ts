import { cookies } from 'next/headers';
import { getInsightsStore } from '@/lib/stores/insights/insights-store';
import { generalQuota } from '@/lib/http/api-route';
import { DESK_PATH } from '@/lib/http/desk-path';
import { ApiError } from '@/lib/api-errors';
import { clientAddress } from '@/lib/http/forwarded';
import { consumeQuota } from '@/lib/quotas/consume-quota';
import { DESK_HEADERS } from '@/lib/http/shared-headers';
import { currentDeskSession } from './current-session';
import { type DeskFigures, buildDeskFigures } from './figures';
import { storeAnswered, storeFailed } from './store-outage';
import { SESSION_COOKIE } from './session';

const DOWNLOAD_HEADERS = { ...DESK_HEADERS, 'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'" };

/** Seconds the owner is asked to wait while the desk's store cannot answer: a person comes back, not a script. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(`${body}\n`, {
    status,
    headers: { ...DOWNLOAD_HEADERS, 'Content-Type': 'text/plain; charset=utf-8', ...headers },
  });

/**
 * The figures for the signed-in owner, undefined for anyone else (no cookie, a forged, expired or ended session),
 * or a plain answer: 503 when nothing is counted on this server or its stores cannot answer now.
 */
async function figuresForOwner(): Promise<DeskFigures | undefined | Response> {
  const sentCookie = (await cookies()).has(SESSION_COOKIE);
  try {
    const session = await currentDeskSession();
    if (sentCookie) storeAnswered();
    if (!session) return undefined;
    const store = getInsightsStore();
    if (!store) return text(503, 'Nothing is counted on this server (INSIGHTS=false, or its store could not open).');
    return await buildDeskFigures(store);
  } catch (error) {
    storeFailed(error);
    return text(503, "The figures cannot be read now: the desk's store is not answering. Try again shortly.", {
      'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    });
  }
}

/**
 * A download of the desk's figures in one format, counted against the client's general quota as any API call:
 * only with a session (else 401 and nothing of the data), and 503 with Retry-After when they cannot be read.
 */
export async function figuresDownload(
  request: Request,
  format: { type: string; name: string; extension: string },
  serialise: (figures: DeskFigures) => string,
): Promise<Response> {
  try {
    await consumeQuota(generalQuota(), clientAddress(request.headers));
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return text(error.status, `${error.message} ${error.resolution}`, error.headers);
  }
  const figures = await figuresForOwner();
  if (figures instanceof Response) return figures;
  if (!figures) return text(401, `Sign in at ${DESK_PATH} to download these figures.`);
  return new Response(serialise(figures), {
    headers: {
      ...DOWNLOAD_HEADERS,
      'Content-Type': format.type,
      'Content-Disposition': `attachment; filename="${format.name}-${figures.generatedAt.slice(0, 10)}.${format.extension}"`,
    },
  });
}
