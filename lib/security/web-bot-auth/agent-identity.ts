import { getConfig } from '@/lib/config/env';
import { isFirstSighting } from '@/lib/stores/sightings/sighting-store';
import {
  type AgentIdentity,
  MAX_WAIT_MS,
  type SignedRequest,
  carriesSignature,
  verifySignedRequest,
} from './verify-request';

const UNSIGNED: AgentIdentity = { verified: false, reason: 'unsigned' };
let listed: ReadonlySet<string> | undefined;

/**
 * Who a request is, as far as its Web Bot Auth signature shows: verified by a signer of WEB_BOT_AUTH_SIGNERS, or
 * only claimed. A request without a signature's headers is answered at once, without any work. `maxWaitMs` bounds
 * the wait for a signer's key directory: a request that waits for the verdict passes MAX_WAIT_MS; the count,
 * which holds up no one, waits for the fetch's own bound.
 */
export function agentIdentityOf(request: SignedRequest, maxWaitMs?: number): Promise<AgentIdentity> {
  if (!carriesSignature(request.headers)) return Promise.resolve(UNSIGNED);
  listed ??= new Set(getConfig().WEB_BOT_AUTH_SIGNERS);
  return verifySignedRequest(request, listed, maxWaitMs);
}

/**
 * The identity of a request a route serves, which waits for it (a consultation's mail), at most MAX_WAIT_MS for a
 * key directory. Its Host is the one the host check accepted before any route runs.
 */
export function agentIdentityOfRequest(request: Request): Promise<AgentIdentity> {
  const url = new URL(request.url);
  const authority = request.headers.get('host') ?? url.host;
  return agentIdentityOf(
    { method: request.method, authority, target: `${url.pathname}${url.search}`, headers: request.headers },
    MAX_WAIT_MS,
  );
}

/**
 * The identity a consultation's mail states: a valid signature proves who sent the first request it is mailed
 * with; the same signature again (a replay, to any instance when they share Redis) was seen before.
 */
export async function mailedIdentity(identity: AgentIdentity): Promise<AgentIdentity> {
  if (!identity.verified || (await isFirstSighting(identity.signature, 'mail'))) return identity;
  return { verified: false, signer: identity.signer, reason: 'seen before' };
}
