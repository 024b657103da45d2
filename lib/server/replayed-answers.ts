import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { RESOURCES } from '@/lib/agent/resources';
import { isMarkdownAgent } from '@/lib/http/ai-agents';
import { MANIFEST_PATH, resourcePath } from '@/lib/http/api-paths';
import { PAGE_VARY, isPagePath } from '@/lib/http/shared-headers';
import { type AnswerHeaders, type CachedAnswer, cachedAnswer, fileCanAnswer } from './cached-answer';
import type { RecordedRequest, Recording } from './replay';

/**
 * The answers the fast path sends from memory, each one Next's own answer recorded at start-up (replay.ts), and
 * which request gets which. A request is answered from memory only when it surely gets the recorded variant:
 * the same Accept as the recording (for a page: plain HTML or exactly `Accept: text/markdown`, as proxy.ts and
 * next.config.ts decide), none of the other headers the answer's Vary names (Next's router headers) and no `next-*`.
 */

/** Accept values recorded for an answer whose Vary names Accept, besides none: what clients of reads most send. */
const RECORDED_ACCEPTS = ['*/*', 'application/json', 'text/markdown'];

/** The request headers a page's representation depends on (PAGE_VARY), read here through isMarkdownAgent. */
const PAGE_SELECTORS = new Set(PAGE_VARY.toLowerCase().split(/,\s*/));

/**
 * Every request to record: each static page as HTML; with SITE_URL, also the reads whose bodies carry absolute
 * URLs (without it, those are built on each request's origin and their routes answer them), in each Accept variant.
 */
export function requestsToRecord(pages: readonly string[], withSiteUrl: boolean): RecordedRequest[] {
  const get = (path: string, accept?: string): RecordedRequest => ({
    method: 'GET',
    path,
    headers: accept ? { accept } : {},
  });
  const requests = pages.filter(isPagePath).map((page) => get(page));
  if (!withSiteUrl) return requests;
  const reads = [
    MANIFEST_PATH,
    ...RESOURCES.map((resource) => resourcePath(resource.name)),
    '/llms.txt',
    '/llms-full.txt',
    '/index.md',
  ];
  for (const read of reads) requests.push(get(read), ...RECORDED_ACCEPTS.map((accept) => get(read, accept)));
  requests.push(get('/', 'text/markdown'));
  return requests;
}

interface Replayed {
  answer: CachedAnswer;
  /** Request headers the answer's Vary names that must be absent (Next's router headers). */
  absent: string[];
}

interface PathAnswers {
  /** The answer depends on Accept (its Vary says so): each recorded Accept value is a variant. */
  byAccept: boolean;
  variants: Map<string, Replayed>;
}

export type ReplayedAnswers = ReadonlyMap<string, PathAnswers>;

const acceptKey = (accept: string | undefined) => (accept === undefined ? 'none' : `accept:${accept}`);
const varyOf = (headers: AnswerHeaders) =>
  [headers.vary ?? []]
    .flat()
    .flatMap((value) => value.split(','))
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);

/**
 * The answers made of the recordings (only 200s), as Next sent them, but for its ETag (cached-answer.ts makes one
 * per encoding) and the recording request's quota: these reads are not metered, so they state the general policy
 * at its full allowance.
 */
export function replayedAnswers(
  recorded: readonly { request: RecordedRequest; recording: Recording }[],
): ReplayedAnswers {
  const answers = new Map<string, PathAnswers>();
  for (const { request, recording } of recorded) {
    if (recording.status !== 200) continue;
    const { etag: _etag, ...headers } = recording.headers;
    if (headers['ratelimit-limit'] !== undefined) headers['ratelimit-remaining'] = headers['ratelimit-limit'];
    const vary = varyOf(headers);
    const absent = vary.filter((name) => name !== 'accept-encoding' && !PAGE_SELECTORS.has(name));
    const forPath = answers.get(request.path) ?? { byAccept: vary.includes('accept'), variants: new Map() };
    forPath.variants.set(acceptKey(request.headers.accept), { answer: cachedAnswer(recording.body, headers), absent });
    answers.set(request.path, forPath);
  }
  return answers;
}

const headerValue = (value: string | string[] | undefined): string | null =>
  Array.isArray(value) ? value.join(', ') : (value ?? null);

/**
 * Which recorded variant a request for a page gets: exactly `Accept: text/markdown` is the markdown (next.config.ts
 * rewrites it before anything else); an Accept that mentions markdown, or an AI agent, may get the markdown
 * (proxy.ts decides), so Next answers; any other request gets the HTML.
 */
function pageVariant(headers: IncomingHttpHeaders): string | undefined {
  const { accept } = headers;
  if (accept === 'text/markdown') return acceptKey(accept);
  if (accept !== undefined && /markdown/i.test(accept)) return undefined;
  if (isMarkdownAgent({ get: (name) => headerValue(headers[name]) })) return undefined;
  return acceptKey(undefined);
}

/** The replayed answer for this request, or undefined when Next must answer it. */
export function replayedAnswerFor(
  answers: ReplayedAnswers,
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
): CachedAnswer | undefined {
  const { url, headers } = request;
  // A query string, a Range or a precondition, or a body (next.config.ts's rules read Content-Type) go to Next.
  const forPath = url === undefined ? undefined : answers.get(url);
  if (!forPath || !fileCanAnswer(request.method, headers) || headers['content-type'] !== undefined) return undefined;
  const key = isPagePath(url ?? '') ? pageVariant(headers) : acceptKey(forPath.byAccept ? headers.accept : undefined);
  const replayed = key === undefined ? undefined : forPath.variants.get(key);
  if (!replayed || replayed.absent.some((name) => headers[name] !== undefined)) return undefined;
  // Next's own request headers (its client router's, a Server Action's) ask for more than a plain read.
  for (const name in headers) if (name.startsWith('next-')) return undefined;
  return replayed.answer;
}
