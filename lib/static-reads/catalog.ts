/**
 * The static reads: GET requests whose answer is the same for every client, so `npm run build` writes it once as
 * a file and the project's server answers it from memory before Next (lib/server/fast-path.ts), with no route
 * code in front of it. Each entry names the public path, the Accept headers under which
 * the file is exactly what the route would answer, the file, and the headers the route would send. Anything
 * else (an unknown name, q-values, a method other than GET or HEAD, a Range) goes to the route.
 *
 * The conditions are written as next.config's `has` and `missing`, and the unit tests check them with Next's own
 * matcher.
 */
import path from 'node:path';
import { MANIFEST_LINK, PAGE_VARY } from '@/lib/http/shared-headers';

/** Where `npm run build` writes the static reads: inside the dist dir, outside what Next serves. */
export function staticReadsDir(distDir: string): string {
  return path.join(distDir, 'static-reads');
}

/** The build's record of the SITE_URL the files were made for (their URLs are absolute). */
export const SITE_URL_FILE = 'SITE_URL';

/** A request condition in next.config's `has`/`missing` form (values are anchored regular expressions). */
export interface HeaderCondition {
  type: 'header';
  key: string;
  value?: string;
}

export interface StaticRead {
  /** The public path. */
  source: string;
  /** The file, under `<distDir>/static-reads/`; its bytes are built by lib/static-reads/bodies.ts. */
  file: string;
  has?: HeaderCondition[];
  missing?: HeaderCondition[];
  /** The headers the route sends with this representation. */
  headers: Record<string, string>;
  /** An API read: it carries the RateLimit headers of an unmetered read. */
  api: boolean;
}

/** A regular expression matching `word` in any letter case (next.config's conditions take no flags). */
function anyCase(word: string): string {
  return [...word]
    .map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c.replace(/[*.+?/]/g, '\\$&')))
    .join('');
}

/**
 * An Accept header for which content negotiation between JSON and `ownType` surely gives JSON (docs/agent-api.md,
 * "Resources"): none, or one that names neither the own type nor `text/*` and has no q-values. Every other Accept
 * goes to the route, which negotiates it (RFC 9110, q-values honoured).
 */
function acceptGivesJson(ownSubtype: string): HeaderCondition[] {
  return [{ type: 'header', key: 'accept', value: `.*(?:${anyCase(ownSubtype)}|${anyCase('text/*')}|[Qq]\\s*=).*` }];
}

const acceptExactly = (type: string): HeaderCondition[] => [
  { type: 'header', key: 'accept', value: type.replace(/[*.+?/]/g, '\\$&') },
];

const JSON_TYPE = { 'Content-Type': 'application/json' };
const MARKDOWN_TYPE = { 'Content-Type': 'text/markdown; charset=utf-8' };
const MARKDOWN_PAGE = { ...MARKDOWN_TYPE, Vary: PAGE_VARY, 'X-Robots-Tag': 'noindex' };

export const STATIC_READS: readonly StaticRead[] = [
  { source: '/api/agent', file: 'api/agent.json', headers: { ...JSON_TYPE, Link: MANIFEST_LINK }, api: true },
  {
    source: '/api/agent/resources/case-studies',
    file: 'api/resources/case-studies.json',
    headers: { ...JSON_TYPE, Vary: 'Accept' },
    api: true,
  },
  {
    source: '/api/agent/resources/engagements',
    file: 'api/resources/engagements.json',
    headers: { ...JSON_TYPE, Vary: 'Accept' },
    api: true,
  },
  {
    source: '/api/agent/resources/bio',
    file: 'api/resources/bio.json',
    missing: acceptGivesJson('markdown'),
    headers: { ...JSON_TYPE, Vary: 'Accept' },
    api: true,
  },
  {
    source: '/api/agent/resources/bio',
    file: 'api/resources/bio.md',
    has: acceptExactly('text/markdown'),
    headers: { ...MARKDOWN_TYPE, Vary: 'Accept' },
    api: true,
  },
  // The vCard download (Accept: text/vcard) stays on the route: its file name comes from the content.
  {
    source: '/api/agent/resources/contact-card',
    file: 'api/resources/contact-card.json',
    missing: acceptGivesJson('vcard'),
    headers: { ...JSON_TYPE, Vary: 'Accept' },
    api: true,
  },
  { source: '/llms.txt', file: 'llms.txt', headers: { 'Content-Type': 'text/plain; charset=utf-8' }, api: false },
  {
    source: '/llms-full.txt',
    file: 'llms-full.txt',
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    api: false,
  },
  { source: '/index.md', file: 'md/index.md', headers: MARKDOWN_PAGE, api: false },
  { source: '/', file: 'md/index.md', has: acceptExactly('text/markdown'), headers: MARKDOWN_PAGE, api: false },
];

/** Every file the build writes (several reads can share one). */
export function staticReadFiles(): string[] {
  return [...new Set(STATIC_READS.map((read) => read.file))];
}
