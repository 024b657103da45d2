import type { IncomingHttpHeaders } from 'node:http';
import { DESK_PATH, DESK_SESSION_PATH } from '@/lib/http/desk-path';

/** Why a request was refused before Next saw it, for the plain-text answer. */
export interface Refusal {
  status: 400 | 403 | 404 | 405 | 413 | 500;
  message: string;
  /** Headers of its own, beside the shared ones. */
  headers?: Record<string, string>;
}

/**
 * The header by which Next tells a page that the form action it called is not in this build (a page of another
 * build): Next's own router then reports it as such (`unstable_isUnrecognizedActionError`), not as a broken answer.
 */
const ACTION_NOT_FOUND_HEADERS = { 'x-nextjs-action-not-found': '1' };

/**
 * The pages with forms: the consultation form, and the desk's link, sign-out and answered buttons. The sign-in
 * page's button posts to DESK_SESSION_PATH, a route that reads its own body and checks Origin itself.
 */
const FORM_PAGES: ReadonlySet<string> = new Set(['/contact', DESK_PATH]);

/** A POST that Next treats as a Server Action request: what it carries, as Next looks at it. */
interface ServerActionRequest {
  actionId: string | string[] | undefined;
  multipart: boolean;
  urlEncoded: boolean;
}

/**
 * Whether Next treats this request as a Server Action request (a POST to a page with a `Next-Action` header, a
 * multipart body or a URL-encoded one), and with what. The API, Next's own paths and the desk's sign-in route
 * (DESK_SESSION_PATH, which checks Origin itself with crossSiteRefusal) read their own bodies.
 */
export function serverActionRequest(
  method: string | undefined,
  target: string | undefined,
  headers: IncomingHttpHeaders,
): ServerActionRequest | undefined {
  if (method !== 'POST' || !target || target.startsWith('/api/') || target.startsWith('/_next/')) return undefined;
  if (target.split('?')[0] === DESK_SESSION_PATH) return undefined;
  const actionId = headers['next-action'];
  const contentType = (headers['content-type'] ?? '').toLowerCase();
  const multipart = contentType.startsWith('multipart/form-data');
  // Next also treats a URL-encoded form post as an action and fails with 500 when it is none; no form here sends one.
  const urlEncoded = contentType.startsWith('application/x-www-form-urlencoded');
  if (actionId === undefined && !multipart && !urlEncoded) return undefined;
  return { actionId, multipart, urlEncoded };
}

/**
 * Refuses a Server Action request (the consultation form) that Next would answer with a 500, before Next sees it:
 * - an Origin that is not this site (Next's own rule, app-render/action-handler.js: Origin's host must equal
 *   X-Forwarded-Host, else Host; no serverActions.allowedOrigins are configured), answered 403, and an Origin that
 *   is not a URL (vercel/next.js#92703), answered 400. Next answers both with 500. A request without Origin passes,
 *   as in Next: a handcrafted request carries no one's cookies;
 * - a `Next-Action` id this build does not have (a page of another build, or made up), answered 404 with Next's
 *   header for it: on a path without a page Next fails with an invariant error and 500.
 * Only POSTs to pages that Next would treat as actions are looked at: a `Next-Action` header or a multipart body.
 */
export function refuseServerAction(
  method: string | undefined,
  target: string | undefined,
  headers: IncomingHttpHeaders,
  knownActions?: ReadonlySet<string>,
): Refusal | undefined {
  const action = serverActionRequest(method, target, headers);
  if (!action || !target) return undefined;
  const { actionId, urlEncoded } = action;
  const crossSite = crossSiteRefusal(headers.origin, headers['x-forwarded-host'], headers.host);
  if (crossSite) return crossSite;
  // A form posted without JavaScript (multipart, no Next-Action header) can only be one of the FORM_PAGES' forms;
  // on any other path Next would try to decode it as an action and fail with 500.
  if (actionId === undefined && (urlEncoded || !FORM_PAGES.has(target.split('?')[0]?.replace(/\/+$/, '') ?? ''))) {
    return { status: 405, message: 'Method Not Allowed: this page takes no form submission.' };
  }
  if (typeof actionId === 'string' && knownActions && !knownActions.has(actionId)) {
    return { status: 404, message: 'Not Found: this site has no such form action.', headers: ACTION_NOT_FOUND_HEADERS };
  }
  return undefined;
}

/**
 * The refusal of a form post whose Origin is another site's (403) or no URL (400), by Next's rule for actions:
 * Origin's host must equal X-Forwarded-Host's first entry, else Host. No Origin passes, as in Next: a handcrafted
 * request carries no one's cookies. A browser cannot set those headers on a post from another site's page.
 */
export function crossSiteRefusal(
  origin: string | null | undefined,
  forwarded: string | string[] | null | undefined,
  host: string | null | undefined,
): Refusal | undefined {
  if (origin === null || origin === undefined) return undefined;
  let originHost: string;
  try {
    originHost = origin === 'null' ? 'null' : new URL(origin).host;
  } catch {
    return { status: 400, message: 'Bad Request: the Origin header of this form submission is not a URL.' };
  }
  const forwardedHost = (Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0])?.trim();
  if (originHost !== (forwardedHost || host)) {
    return { status: 403, message: 'Forbidden: forms of this site can only be submitted from this site.' };
  }
  return undefined;
}
