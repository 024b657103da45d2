import { HTTP_MESSAGE_SIGNATURE_TAG, SIGNATURE_AGENT_HEADER, verify } from 'web-bot-auth';
import type { HeaderSource } from '@/lib/http/ai-agents';
import { processSingleton } from '@/lib/process-singleton';
import { DIRECTORY_FETCH_TIMEOUT_MS, directoryKey } from './key-directory';
import { coveredComponents, originOf, signatureAgentFor, signatureLabel } from './signature-agent';

/**
 * Why a request's identity is only claimed: a fixed set, worded by the site (lib/agent/triage.ts). The verifier
 * library's own errors repeat parts of the request, so none of their text is kept.
 */
export type ClaimReason =
  | 'unsigned'
  | 'incomplete'
  | 'no signer named'
  | 'signer not listed'
  | 'not bound to the site'
  | 'not web bot auth'
  | 'lifetime too long'
  | 'unknown key'
  | 'keys not fetched in time'
  | 'signature mismatch'
  | 'unreadable or out of date'
  | 'seen before';

/**
 * Who a request says it is, after verification: a listed signer's valid signature (with the signature's id and
 * the time it expires, so that a count can take it once), or a claim only.
 */
export type AgentIdentity =
  | { verified: true; signer: string; signature: { id: string; expiresAt: number } }
  | { verified: false; signer?: string; reason: ClaimReason };

/**
 * What a signature covers of a request: its method, the authority the site accepted it for (the Host after the
 * host check, or an absolute-form target's), its target in origin form (path and query), and its headers.
 */
export interface SignedRequest {
  method: string;
  authority: string;
  target: string;
  headers: HeaderSource;
}

/** A refusal of the site's own, carried out of the verifier's callback. */
class SignatureRefusal extends Error {
  constructor(readonly reason: ClaimReason) {
    super(reason);
  }
}

/** The longest a signature may be valid (`expires` - `created`): a longer one could be replayed for days. */
const MAX_LIFETIME_S = 86_400;
const MAX_REMEMBERED = 1_000;
/**
 * The longest a request that needs the verdict (a consultation's mail) waits for a signer's key directory. The
 * fetch goes on past it, so the keys are there for the signer's next request.
 */
export const MAX_WAIT_MS = 1_000;
/** Signature checks already made, by key, signature and signature base: a request is checked once however often asked. */
// One per process: under bare `next start` proxy.ts (the count) and the routes (the mail) are separate bundles.
const checked = processSingleton('web-bot-auth-checks', () => new Map<string, boolean>());

/** Whether a request carries any of the headers of a signature; only those are verified. */
export function carriesSignature(headers: HeaderSource): boolean {
  return (
    headers.get('signature-input') !== null ||
    headers.get('signature') !== null ||
    headers.get(SIGNATURE_AGENT_HEADER) !== null
  );
}

const claimed = (reason: ClaimReason, signer?: string): AgentIdentity => ({ verified: false, signer, reason });

/** `promise`'s value, or a rejection once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SignatureRefusal('keys not fetched in time')), ms).unref();
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function checkOnce(key: string, check: () => Promise<void>): Promise<void> {
  let valid = checked.get(key);
  if (valid === undefined) {
    valid = await check().then(
      () => true,
      () => false,
    );
    if (checked.size >= MAX_REMEMBERED) checked.clear();
    checked.set(key, valid);
  }
  if (!valid) throw new SignatureRefusal('signature mismatch');
}

/**
 * Verifies a request's Web Bot Auth signature (draft-ietf-webbotauth-httpsig-protocol over RFC 9421): the signer
 * named by Signature-Agent must be on `signers` (origins), the signature must cover `@authority` and
 * `signature-agent`, carry the `web-bot-auth` tag, `created` and `expires` around now, and verify with a key of
 * the signer's directory. Anything short of that is a claim, never an error: the request is served as any other.
 * A directory not read within `maxWaitMs` makes a claim too (its fetch has its own, longer bound).
 */
export async function verifySignedRequest(
  request: SignedRequest,
  signers: ReadonlySet<string>,
  maxWaitMs = DIRECTORY_FETCH_TIMEOUT_MS,
): Promise<AgentIdentity> {
  const { headers } = request;
  const input = headers.get('signature-input');
  const agent = headers.get(SIGNATURE_AGENT_HEADER);
  if (!input || !headers.get('signature')) return claimed('incomplete');
  const label = signatureLabel(input);
  const signer = label && agent ? originOf(signatureAgentFor(agent, label) ?? '') : undefined;
  if (!signer) return claimed('no signer named');
  if (!signers.has(signer)) return claimed('signer not listed', signer);
  const covered = coveredComponents(input);
  if (!covered.includes('@authority') || !covered.includes(SIGNATURE_AGENT_HEADER)) {
    return claimed('not bound to the site', signer);
  }
  const message = {
    method: request.method,
    // The library reads @authority from this URL (and its base from Host): the authority the site accepted,
    // never a Host of the caller's; absolute, so that a target such as `//other.example/` names no other host.
    url: `https://${request.authority}${request.target}`,
    protocol: 'https',
    // The library only reads headers; it is never given a way to change them.
    headers: {
      get: (name: string) => (name.toLowerCase() === 'host' ? request.authority : headers.get(name)),
      set: () => undefined,
    },
  };
  let signature: { id: string; expiresAt: number } | undefined;
  try {
    await verify(message, async (data, bytes, params) => {
      if (params.tag !== HTTP_MESSAGE_SIGNATURE_TAG) throw new SignatureRefusal('not web bot auth');
      const lifetime = (params.expires.getTime() - params.created.getTime()) / 1000;
      if (!(lifetime > 0 && lifetime <= MAX_LIFETIME_S)) throw new SignatureRefusal('lifetime too long');
      const key = await within(directoryKey(signer, params.keyid), maxWaitMs);
      if (!key) throw new SignatureRefusal('unknown key');
      const id = `${params.keyid}\n${Buffer.from(bytes).toString('base64')}`;
      await checkOnce(`${id}\n${data}`, async () => key.verify(data, bytes, params));
      signature = { id, expiresAt: params.expires.getTime() };
    });
  } catch (error) {
    return claimed(error instanceof SignatureRefusal ? error.reason : 'unreadable or out of date', signer);
  }
  return signature ? { verified: true, signer, signature } : claimed('unreadable or out of date', signer);
}
