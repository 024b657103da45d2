import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { RESOURCES } from '@/lib/agent/resources';
import { isMarkdownAgent } from '@/lib/http/ai-agents';
import { MANIFEST_PATH, resourcePath } from '@/lib/http/api-paths';
import { PAGE_VARY, isPagePath } from '@/lib/http/shared-headers';
import { listTokens } from './added-by-next';
import { type CachedAnswer, cachedAnswer, fileCanAnswer } from './cached-answer';
import type { RecordedRequest, Recording } from './replay';

/** Accept values recorded for an answer whose Vary names Accept, besides none: what clients of reads most send. */
const RECORDED_ACCEPTS = ['*/*', 'application/json', 'text/markdown'];

/** The request headers a page's representation depends on (PAGE_VARY), read here through isMarkdownAgent. */
const PAGE_SELECTORS = new Set(listTokens(PAGE_VARY.toLowerCase()));

/** Discovery files that print absolute URLs and do not vary on Accept: with SITE_URL, recorded once each. */
const DOCUMENTS_ON_SITE_URL = ['/robots.txt', '/sitemap.xml', '/openapi.json', '/.well-known/api-catalog'];

/**
 * Every request to record, with SITE_URL only: each page as HTML and the reads whose bodies carry absolute URLs,
 * those that vary on Accept in each Accept variant. Without it, those URLs follow each request's origin, so Next
 * answers them (docs/serving.md, "One origin").
 */
export function requestsToRecord(pages: readonly string[], withSiteUrl: boolean): RecordedRequest[] {
  // Asked as clients most ask, taking gzip: where Next compresses, its own gzip is kept (cached-answer.ts).
  const get = (path: string, accept?: string): RecordedRequest => ({
    method: 'GET',
    path,
    headers: { 'accept-encoding': 'gzip', ...(accept ? { accept } : {}) },
  });
  if (!withSiteUrl) return [];
  const requests = pages.filter(isPagePath).map((page) => get(page));
  const reads = [
    MANIFEST_PATH,
    ...RESOURCES.map((resource) => resourcePath(resource.name)),
    '/llms.txt',
    '/llms-full.txt',
    '/index.md',
  ];
  for (const read of reads) requests.push(get(read), ...RECORDED_ACCEPTS.map((accept) => get(read, accept)));
  requests.push(get('/', 'text/markdown'), ...DOCUMENTS_ON_SITE_URL.map((document) => get(document)));
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

/**
 * The answers made of the 200s recorded, as Next sent them but for its ETag (one is made per encoding) and the
 * recording's quota: these reads are not metered, so they state the policy at its full allowance.
 */
export function replayedAnswers(
  recorded: readonly { request: RecordedRequest; recording: Recording }[],
): ReplayedAnswers {
  const answers = new Map<string, PathAnswers>();
  for (const { request, recording } of recorded) {
    if (recording.status !== 200) continue;
    const { etag: _etag, ...headers } = recording.headers;
    if (headers['ratelimit-limit'] !== undefined) headers['ratelimit-remaining'] = headers['ratelimit-limit'];
    const vary = listTokens(headers.vary).map((token) => token.toLowerCase());
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
 * The variant a page request surely gets: exactly `Accept: text/markdown` the markdown (a static rewrite), other
 * requests the HTML, except those proxy.ts may give the markdown (an Accept naming it, an AI agent): Next decides.
 */
function pageVariant(headers: IncomingHttpHeaders): string | undefined {
  const { accept } = headers;
  if (accept === 'text/markdown') return acceptKey(accept);
  if (accept !== undefined && /markdown/i.test(accept)) return undefined;
  if (isMarkdownAgent({ get: (name) => headerValue(headers[name]) })) return undefined;
  return acceptKey(undefined);
}

/**
 * The replayed answer for this request, or undefined when Next must answer it: the recorded variant is not surely
 * the one Next would give (another Accept, a header the answer's Vary names, a `next-*` header of its router).
 */
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
