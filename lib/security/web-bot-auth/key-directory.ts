import { HTTP_MESSAGE_SIGNATURES_DIRECTORY, type Verify, jwkToKeyID } from 'web-bot-auth';
import { helpers, verifierFromJWK } from 'web-bot-auth/crypto';
import { z } from 'zod';
import { processSingleton } from '@/lib/process-singleton';

/** The longest a fetch of a key directory may take, body included; a request waits far less (verify-request.ts). */
export const DIRECTORY_FETCH_TIMEOUT_MS = 5_000;
/** The largest key directory read; a real one holds a few keys in well under 4 KiB. */
const MAX_DIRECTORY_BYTES = 64 * 1024;
/** Keys are kept for the directory's max-age within these bounds, an hour when it names none. */
const MIN_KEEP_MS = 60_000;
const MAX_KEEP_MS = 86_400_000;
const DEFAULT_KEEP_MS = 3_600_000;
/** After a failed fetch, or for a key id the directory lacks, it is asked again at most this often. */
const RETRY_AFTER_MS = 60_000;

/** The JWK members the verifier reads (Ed25519's and RSA's), and the validity a directory may give a key. */
const KeySchema = z.object({
  kty: z.string(),
  crv: z.string().optional(),
  x: z.string().optional(),
  n: z.string().optional(),
  e: z.string().optional(),
  alg: z.string().optional(),
  nbf: z.number().optional(),
  exp: z.number().optional(),
});
const DirectorySchema = z.looseObject({ keys: z.array(z.unknown()).max(64) });

/** One usable key of a directory: its verifier and the validity the directory gives it (seconds). */
interface DirectoryKey {
  verify: Verify<void>;
  notBefore?: number;
  expires?: number;
}

interface CachedDirectory {
  keys: Map<string, DirectoryKey>;
  fetchedAt: number;
  keepUntil: number;
  pending?: Promise<CachedDirectory>;
}

const directories = processSingleton('web-bot-auth-directories', () => new Map<string, CachedDirectory>());

/** The directory's own lifetime from Cache-Control max-age, within MIN_KEEP_MS and MAX_KEEP_MS. */
function keepFor(cacheControl: string | null): number {
  const maxAge = /(?:^|[,\s])max-age=(\d+)/i.exec(cacheControl ?? '')?.[1];
  if (maxAge === undefined) return DEFAULT_KEEP_MS;
  return Math.min(MAX_KEEP_MS, Math.max(MIN_KEEP_MS, Number(maxAge) * 1000));
}

/** The body of a 200, read up to MAX_DIRECTORY_BYTES; anything else throws. */
async function boundedBody(response: Response): Promise<string> {
  if (response.status !== 200) throw new Error(`answered ${response.status}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_DIRECTORY_BYTES) throw new Error('too large');
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
    size += read.value.byteLength;
    if (size > MAX_DIRECTORY_BYTES) {
      await reader?.cancel();
      throw new Error('too large');
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A directory's keys by key id (the JWK thumbprint, RFC 7638, as the draft names keys); unusable keys are left out. */
async function keysOf(document: unknown): Promise<Map<string, DirectoryKey>> {
  const keys = new Map<string, DirectoryKey>();
  for (const entry of DirectorySchema.parse(document).keys) {
    const parsed = KeySchema.safeParse(entry);
    if (!parsed.success) continue;
    const { nbf, exp, ...jwk } = parsed.data;
    try {
      const id = await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
      keys.set(id, { verify: await verifierFromJWK(jwk), notBefore: nbf, expires: exp });
    } catch {
      // A key of a kind the verifier does not know (or a malformed one) verifies nothing.
    }
  }
  return keys;
}

/**
 * Fetches `origin`'s key directory: that path on that origin only, no redirect followed, a 200 of at most
 * MAX_DIRECTORY_BYTES within DIRECTORY_FETCH_TIMEOUT_MS. A failure keeps no keys until RETRY_AFTER_MS has passed.
 */
async function fetchDirectory(origin: string): Promise<CachedDirectory> {
  const now = Date.now();
  try {
    const response = await fetch(`${origin}${HTTP_MESSAGE_SIGNATURES_DIRECTORY}`, {
      redirect: 'manual',
      signal: AbortSignal.timeout(DIRECTORY_FETCH_TIMEOUT_MS),
      headers: { Accept: 'application/http-message-signatures-directory+json, application/json' },
    });
    const keys = await keysOf(JSON.parse(await boundedBody(response)));
    return { keys, fetchedAt: now, keepUntil: now + keepFor(response.headers.get('cache-control')) };
  } catch (error) {
    console.warn(
      `[web-bot-auth] the key directory of ${origin} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return { keys: new Map(), fetchedAt: now, keepUntil: now + RETRY_AFTER_MS };
  }
}

/**
 * The key `keyId` of `origin`'s directory, from the cache or fetched (one fetch at a time per origin). A key id the
 * directory lacks refetches it once RETRY_AFTER_MS has passed, so a rotated key is found without a fetch per request.
 */
export async function directoryKey(origin: string, keyId: string, now = Date.now()): Promise<DirectoryKey | undefined> {
  let cached = directories.get(origin);
  const stale = !cached || now >= cached.keepUntil;
  const missing = cached !== undefined && !cached.keys.has(keyId) && now - cached.fetchedAt >= RETRY_AFTER_MS;
  if (cached?.pending) cached = await cached.pending;
  else if (stale || missing) {
    const pending = fetchDirectory(origin);
    directories.set(origin, { ...(cached ?? { keys: new Map(), fetchedAt: 0, keepUntil: 0 }), pending });
    cached = await pending;
    directories.set(origin, cached);
  }
  const key = cached?.keys.get(keyId);
  const seconds = now / 1000;
  if (!key || (key.notBefore !== undefined && seconds < key.notBefore)) return undefined;
  return key.expires !== undefined && seconds >= key.expires ? undefined : key;
}

/** Forgets every directory (tests). */
export function forgetDirectories(): void {
  directories.clear();
}
