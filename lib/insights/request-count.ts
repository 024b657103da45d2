import { getContent } from '@/lib/content';
import type { HeaderSource } from '@/lib/http/ai-agents';
import { listSitePages, sitemapPath } from '@/lib/site/pages';
import { type AgentFamily, agentFamilyOfRequest, clientKindOf } from '@/lib/http/agent-family';
import { count, isCounting } from '@/lib/counting/counts';
import { agentIdentityOf } from '@/lib/security/web-bot-auth/agent-identity';
import { isFirstSighting } from '@/lib/stores/sightings/sighting-store';
import { carriesSignature } from '@/lib/security/web-bot-auth/verify-request';
import { requestAuthority } from '@/lib/security/request-line';
import { pathOf } from '@/lib/security/request-target';
import { trackPendingWork } from '@/lib/pending-work';
import { beaconViewOf, pageViewOf } from './page-view';
import { surfaceOf } from './request-surface';

let sitePages: ReadonlySet<string> | undefined;

/** The sitemap's paths: only these are counted by name, so made-up paths cannot grow the store. */
function isSitePage(path: string): boolean {
  if (!sitePages) {
    try {
      sitePages = new Set(listSitePages(getContent()).map((page) => sitemapPath(page.path)));
    } catch {
      sitePages = new Set();
    }
  }
  return sitePages.has(path);
}

/**
 * Counts one request by day, agent family and surface, and a sitemap page by its path for agents or people
 * (docs/insights.md). Called once per request, by proxy.ts. It reads the method, the request target (path and
 * query) and a few headers, and keeps none of them. A signed request for this site (`isSiteHost`) is also counted
 * as `verified` once its signature is checked for the authority it names, the first time that signature is seen
 * (the count waits for it; the request does not).
 */
export function countRequest(
  method: string,
  target: string,
  headers: HeaderSource,
  isSiteHost: (host: string | undefined) => boolean,
): AgentFamily | undefined {
  if (!isCounting()) return undefined;
  const pathname = pathOf(target);
  const where = surfaceOf(method, pathname, headers);
  if (!where) return undefined;
  const family = agentFamilyOfRequest(headers);
  count('request', family, where.surface);
  // Only a signed request starts a check; every other request costs the three header lookups alone.
  if (carriesSignature(headers)) countVerified(method, target, headers, isSiteHost, family);
  if (where.page !== undefined && where.surface !== 'contact-form' && isSitePage(where.page)) {
    countPageView(method, target, headers, where.page, family);
  }
  return family;
}

/**
 * Counts an agent's or a script's read of a sitemap page as its view. A person's view is the page's own report
 * (countReportedView): a browser may show a page from a prefetch or a shared cache without asking the server for
 * it, and a prefetch is no view. Prefetches and subresource fetches are never views (page-view.ts).
 */
function countPageView(method: string, target: string, headers: HeaderSource, page: string, family: AgentFamily) {
  const kind = clientKindOf(family);
  if (kind === 'people' || !pageViewOf(method, target, headers, headers.get('host'))) return;
  count('view', page, kind);
}

/**
 * Counts the view a page reports from the browser (PAGE_VIEW_PATH, page-view.ts): of a sitemap page, by who made
 * it, and for people the visit it begins and the assistant that sent them. Only the assistant's key is kept.
 */
export function countReportedView(target: string, headers: HeaderSource): void {
  if (!isCounting()) return;
  const view = beaconViewOf(target, headers);
  if (!view) return;
  const page = sitemapPath(view.page);
  if (!isSitePage(page)) return;
  const kind = clientKindOf(agentFamilyOfRequest(headers));
  count('view', page, kind);
  if (!view.arriving) return;
  count('visit', kind);
  if (view.sentBy) count('sent', view.sentBy, page);
}

/**
 * Counts a signed request as `verified` when its signature is valid for the authority it names, once. A graceful
 * stop waits for the check, so a count it ends in is written with the rest.
 */
function countVerified(
  method: string,
  requestTarget: string,
  headers: HeaderSource,
  isSiteHost: (host: string | undefined) => boolean,
  family: AgentFamily,
): void {
  const { authority, target } = requestAuthority(requestTarget, headers.get('host'));
  // A request for another site's name is refused by the host check; its signature says nothing of this site.
  if (authority === undefined || !isSiteHost(authority)) return;
  trackPendingWork(
    agentIdentityOf({ method, authority, target, headers })
      .then(async (identity) => {
        if (!identity.verified) {
          if (identity.reason !== 'unsigned') count('invalid', family);
        } else if (await isFirstSighting(identity.signature, 'count')) count('verified', family);
      })
      .catch((error: unknown) => console.warn('[insights] a verified signature could not be counted', error)),
  );
}
