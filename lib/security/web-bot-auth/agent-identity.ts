import { getConfig } from '@/lib/config/env';
import type { HeaderSource } from '@/lib/http/ai-agents';
import { type AgentIdentity, MAX_WAIT_MS, carriesSignature, verifySignedRequest } from './verify-request';

const UNSIGNED: AgentIdentity = { verified: false, reason: 'not signed' };
let listed: ReadonlySet<string> | undefined;

/**
 * Who a request is, as far as its Web Bot Auth signature shows: verified by a signer of WEB_BOT_AUTH_SIGNERS, or
 * only claimed. A request without a signature's headers is answered at once, without any work. `maxWaitMs` bounds
 * the wait for a signer's key directory: a request that waits for the verdict passes MAX_WAIT_MS; the count,
 * which holds up no one, waits for the fetch's own bound.
 */
export function agentIdentityOf(
  method: string,
  target: string,
  headers: HeaderSource,
  maxWaitMs?: number,
): Promise<AgentIdentity> {
  if (!carriesSignature(headers)) return Promise.resolve(UNSIGNED);
  listed ??= new Set(getConfig().WEB_BOT_AUTH_SIGNERS);
  return verifySignedRequest({ method, target, headers }, listed, maxWaitMs);
}

/** The identity of a request that waits for it (a consultation's mail), at most MAX_WAIT_MS for a key directory. */
export function agentIdentityOfRequest(request: Request): Promise<AgentIdentity> {
  const url = new URL(request.url);
  return agentIdentityOf(request.method, `${url.pathname}${url.search}`, request.headers, MAX_WAIT_MS);
}
