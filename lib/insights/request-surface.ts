import type { HeaderSource } from '@/lib/http/ai-agents';
import { isMarkdownAgent } from '@/lib/http/ai-agents';
import { HEALTH_PATH, MANIFEST_PATH, MCP_PATH } from '@/lib/http/api-paths';
import { isDeskPath } from '@/lib/http/desk-path';
import { acceptPrefersMarkdown } from '@/lib/http/negotiate';
import { isApiPath, isPagePath } from '@/lib/http/shared-headers';
import { PAGE_VIEW_PATH } from '@/lib/site/pages';

/** Where a request went, as counted (docs/insights.md, "What is counted"). */
type Surface =
  'page-html' | 'page-markdown' | 'discovery' | 'rest-resource' | 'rest-tool' | 'mcp' | 'contact-form' | 'other';

/** The discovery files outside /.well-known: the documents agents and crawlers read about the site. */
export const DISCOVERY_FILES: ReadonlySet<string> = new Set([
  '/llms.txt',
  '/llms-full.txt',
  '/robots.txt',
  '/sitemap.xml',
  '/sitemap.md',
  '/openapi.json',
  '/mcp.json',
]);

/** A page asked for as markdown: by its `.md` path, by Accept, or by an AI agent that gets markdown anyway. */
function asksForMarkdown(headers: HeaderSource): boolean {
  return isMarkdownAgent(headers) || acceptPrefersMarkdown(headers.get('accept') ?? '');
}

/**
 * The surface of one request and, for a page, its path as the sitemap names it (`/engagements`, not `/md/…` or
 * `….md`). Next's own static files, the health probe, the consultant's desk and the pages' reports of their views
 * are not counted as requests (undefined), on
 * either serving path: none is a visit, and a probe every few seconds would outnumber the real traffic.
 */
export function surfaceOf(
  method: string,
  pathname: string,
  headers: HeaderSource,
): { surface: Surface; page?: string } | undefined {
  if (pathname.startsWith('/_next/') || pathname === HEALTH_PATH || isDeskPath(pathname)) return undefined;
  // A page's report of its own view is counted as that view (request-count.ts), never as a request of its own.
  if (pathname === PAGE_VIEW_PATH) return undefined;
  if (pathname === MCP_PATH) return { surface: 'mcp' };
  if (pathname.startsWith(`${MANIFEST_PATH}/tools/`)) return { surface: 'rest-tool' };
  if (pathname === MANIFEST_PATH || pathname.startsWith(`${MANIFEST_PATH}/`)) return { surface: 'rest-resource' };
  if (isApiPath(pathname)) return { surface: 'other' };
  if (DISCOVERY_FILES.has(pathname) || pathname.startsWith('/.well-known/')) return { surface: 'discovery' };
  const markdownPath = /^\/md\/(.+)$/.exec(pathname)?.[1] ?? /^\/(.+)\.md$/.exec(pathname)?.[1];
  if (markdownPath !== undefined) return { surface: 'page-markdown', page: pagePath(`/${markdownPath}`) };
  if (!isPagePath(pathname)) return { surface: 'other' };
  if (method === 'POST') return { surface: 'contact-form', page: pagePath(pathname) };
  return { surface: asksForMarkdown(headers) ? 'page-markdown' : 'page-html', page: pagePath(pathname) };
}

function pagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' || trimmed === '/index' ? '/' : trimmed;
}
