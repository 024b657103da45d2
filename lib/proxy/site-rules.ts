import { getConfig } from '@/lib/config/env';
import { API_HEADERS } from '@/lib/http/shared-headers';
import { countRequest } from '@/lib/insights/request-count';
import { forbiddenHostError, siteHostCheck } from '@/lib/security/allowed-host';

/**
 * The first of the request rules, for every request: it is counted (lib/insights), and one for another site's
 * name (DNS rebinding, lib/security/allowed-host.ts) is refused with 403 FORBIDDEN_HOST; undefined lets it go on.
 * proxy.ts applies it, and the endpoints its matcher leaves out apply it themselves (unproxied-endpoint.ts).
 */
export function siteRuleRefusal(method: string, target: string, headers: Headers): Response | undefined {
  const isSite = siteHostCheck(getConfig());
  countRequest(method, target, headers, isSite);
  const host = headers.get('host') ?? undefined;
  if (isSite(host)) return undefined;
  return Response.json(forbiddenHostError(host).toBody(), {
    status: 403,
    headers: { ...API_HEADERS, 'Cache-Control': 'no-store' },
  });
}
