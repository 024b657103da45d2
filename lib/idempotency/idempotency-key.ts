import { createHash } from 'node:crypto';
import { ApiError } from '@/lib/api-errors';
import {
  IDEMPOTENCY_CLAIM_TTL_SECONDS,
  IDEMPOTENCY_TTL_SECONDS,
  getIdempotencyStore,
} from '@/lib/stores/idempotency/idempotency-store';
import { quotaClientOf } from '@/lib/quotas/quota-client';

/**
 * The Idempotency-Key request header on side-effecting calls (draft-ietf-httpapi-idempotency-key-header-07):
 * the first success with a key is remembered for 24 hours and replayed for a repeat with the same key and the
 * same body, so an agent that retries after a time-out never mails the consultant twice.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Marks a replayed answer, so the caller knows nothing was run again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Printable ASCII (space to tilde), 1 to 255 characters; the header's own quotes, if sent, are not part of it. */
export const IDEMPOTENCY_KEY_PATTERN = `^[\\x20-\\x7E]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`;
const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);
const HOW_TO =
  'Send a fresh random value (a UUID is ideal) per distinct request, and the same value again only when retrying that request.';

/** 400: Idempotency-Key is present but empty, too long or not printable ASCII. */
class InvalidIdempotencyKeyError extends ApiError {
  readonly status = 400;
  readonly code = 'INVALID_IDEMPOTENCY_KEY';
}

/** 409: a request with this Idempotency-Key is still being handled (the draft's "concurrent request"). */
class IdempotencyInProgressError extends ApiError {
  readonly status = 409;
  readonly code = 'IDEMPOTENCY_IN_PROGRESS';
}

/** 422: this Idempotency-Key was already used with a different body (the draft's "key reuse"). */
class IdempotencyKeyReusedError extends ApiError {
  readonly status = 422;
  readonly code = 'IDEMPOTENCY_KEY_REUSED';
}

/**
 * The key a request carries: undefined without the header; throws 400 for a bad one. A structured-field string
 * (`"abc"`, the draft's form) and a bare token (`abc`) name the same key.
 */
export function readIdempotencyKey(headers: Headers): string | undefined {
  const raw = headers.get(IDEMPOTENCY_KEY_HEADER);
  if (raw === null) return undefined;
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(raw);
  const key = quoted ? (quoted[1] ?? '').replace(/\\(["\\])/g, '$1') : raw;
  if (!KEY_PATTERN.test(key) || key.trim() === '') {
    throw new InvalidIdempotencyKeyError(
      `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters; ` +
        (key.trim() === ''
          ? 'it was empty.'
          : `it was ${key.length} characters${/[^\x20-\x7E]/.test(key) ? ' with characters outside printable ASCII' : ''}.`),
      `${HOW_TO} Or leave the header out.`,
    );
  }
  return key;
}

/** JSON with object keys sorted at every level, so that equal values always give the same text. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The fingerprint of a validated input: sha256 of its stable JSON, hex. */
export function fingerprintOf(input: unknown): string {
  return createHash('sha256').update(stableJson(input)).digest('hex');
}

/**
 * The store's key for `key` sent by the client at `client` (an address, counted as quotas count it: an IPv6
 * client by its /64) to `tool`: a key is the client's own, so no one else can claim it first. The client is kept
 * only as a digest.
 */
export function idempotencyScope(tool: string, client: string, key: string): string {
  const clientDigest = createHash('sha256').update(quotaClientOf(client)).digest('base64url').slice(0, 22);
  return `${tool}:${clientDigest}:${key}`;
}

/** The string values of an input: what a stored answer must not keep (names, an email), put back on replay. */
export function stringValuesOf(input: unknown): string[] {
  if (typeof input !== 'object' || input === null) return [];
  return Object.values(input).filter((value): value is string => typeof value === 'string' && value !== '');
}

/** A stand-in no JSON answer holds (a private-use character), numbered. */
const standIn = (index: number) => `\uE000${index}\uE000`;
/** How a string appears inside a JSON answer. */
const asJson = (value: string) => JSON.stringify(value).slice(1, -1);

function conceal(body: string, values: readonly string[]): string {
  return values.reduce((text, value, index) => text.replaceAll(asJson(value), standIn(index)), body);
}

function reveal(body: string, values: readonly string[]): string {
  return values.reduce((text, value, index) => text.replaceAll(standIn(index), asJson(value)), body);
}

/**
 * Runs `run` at most once per `key` (scoped by the caller: idempotencyScope) within 24 hours. A repeat with the same
 * fingerprint gets the first answer back with `Idempotent-Replayed: true`; a different fingerprint gets 422; a
 * repeat while the first is still running gets 409. Only a 2xx answer is remembered: an error releases the key,
 * because nothing was delivered and a retry should run again. The stored answer keeps none of `concealed` (the
 * caller's words): a repeat, which has the same input, puts them back.
 */
export async function runIdempotently(
  key: string,
  fingerprint: string,
  run: () => Promise<Response>,
  concealed: readonly string[] = [],
): Promise<Response> {
  const store = getIdempotencyStore();
  const claim = await store.claim(key, fingerprint, IDEMPOTENCY_CLAIM_TTL_SECONDS);
  if (claim.state !== 'new') {
    const used = claim.state === 'done' ? claim.record.fingerprint : claim.fingerprint;
    if (used !== fingerprint) {
      throw new IdempotencyKeyReusedError(
        `This ${IDEMPOTENCY_KEY_HEADER} was already used with a different request body within the last 24 hours.`,
        `${HOW_TO} To send this body, use a new key.`,
      );
    }
    if (claim.state === 'in-progress') {
      throw new IdempotencyInProgressError(
        `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being handled.`,
        'Wait for the first request to finish (at most about 15 seconds), then retry with the same key to get its answer.',
        { 'Retry-After': '5' },
      );
    }
    return new Response(reveal(claim.record.body, concealed), {
      status: claim.record.status,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'no-store',
        [IDEMPOTENT_REPLAYED_HEADER]: 'true',
      },
    });
  }
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await store.release(key);
    throw error;
  }
  if (!response.ok) {
    await store.release(key);
    return response;
  }
  const body = await response.text();
  const stored = { fingerprint, status: response.status, body: conceal(body, concealed) };
  await store.complete(key, stored, IDEMPOTENCY_TTL_SECONDS);
  const headers = new Headers(response.headers);
  headers.set(IDEMPOTENT_REPLAYED_HEADER, 'false');
  return new Response(body, { status: response.status, headers });
}
