import { getContent } from '@/lib/content';
import type { HeaderSource } from '@/lib/http/ai-agents';
import { listSitePages } from '@/lib/site/pages';
import { type AgentFamily, agentFamilyOfRequest, isPerson } from '@/lib/http/agent-family';
import { count, isCounting } from '@/lib/counting/counts';
import { agentIdentityOf } from '@/lib/security/web-bot-auth/agent-identity';
import { carriesSignature } from '@/lib/security/web-bot-auth/verify-request';
import { pathOf } from '@/lib/security/request-target';
import { trackPendingWork } from '@/lib/pending-work';
import { surfaceOf } from './surface';

let sitePages: ReadonlySet<string> | undefined;

/** The sitemap's paths: only these are counted by name, so made-up paths cannot grow the store. */
function isSitePage(path: string): boolean {
  if (!sitePages) {
    try {
      sitePages = new Set(listSitePages(getContent()).map((page) => page.path.replace(/\/+$/, '') || '/'));
    } catch {
      sitePages = new Set();
    }
  }
  return sitePages.has(path);
}

/**
 * Counts one request by day, agent family and surface, and a sitemap page by its path for agents or people
 * (docs/insights.md). Called once per request: by the project's pipeline, or by proxy.ts when Next serves
 * alone. It reads the method, the request target (path and query) and a few headers, and keeps none of them. A signed request is also
 * counted as `verified` once its signature is checked (the count waits for it; the request does not).
 */
export function countRequest(method: string, target: string, headers: HeaderSource): AgentFamily | undefined {
  if (!isCounting()) return undefined;
  const pathname = pathOf(target);
  const where = surfaceOf(method, pathname, headers);
  if (!where) return undefined;
  const family = agentFamilyOfRequest(headers);
  count('request', family, where.surface);
  // Only a signed request starts a check; every other request costs the three header lookups alone. A graceful
  // stop waits for the check, so a count it ends in is written with the rest.
  if (carriesSignature(headers)) {
    trackPendingWork(
      agentIdentityOf(method, target, headers).then((identity) => identity.verified && count('verified', family)),
    );
  }
  if (where.page !== undefined && isSitePage(where.page)) {
    count('page', where.page, isPerson(family) ? 'people' : 'agents');
  }
  return family;
}

/** A Node request's headers as a HeaderSource, without copying them. */
export function nodeHeaders(headers: Record<string, string | string[] | undefined>): HeaderSource {
  return {
    get(name) {
      const value = headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
