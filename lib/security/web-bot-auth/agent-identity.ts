import { getConfig } from '@/lib/config/env';
import type { HeaderSource } from '@/lib/http/ai-agents';
import { type AgentIdentity, carriesSignature, verifySignedRequest } from './verify-request';

const UNSIGNED: AgentIdentity = { verified: false, reason: 'not signed' };
let listed: ReadonlySet<string> | undefined;

/**
 * Who a request is, as far as its Web Bot Auth signature shows: verified by a signer of WEB_BOT_AUTH_SIGNERS, or
 * only claimed. A request without a signature's headers is answered at once, without any work.
 */
export function agentIdentityOf(method: string, target: string, headers: HeaderSource): Promise<AgentIdentity> {
  if (!carriesSignature(headers)) return Promise.resolve(UNSIGNED);
  listed ??= new Set(getConfig().WEB_BOT_AUTH_SIGNERS);
  return verifySignedRequest({ method, target, headers }, listed);
}

/** agentIdentityOf for a Fetch request (a route handler's, or the fast path's). */
export function agentIdentityOfRequest(request: Request): Promise<AgentIdentity> {
  const url = new URL(request.url);
  return agentIdentityOf(request.method, `${url.pathname}${url.search}`, request.headers);
}
