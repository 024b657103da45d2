import type { IncomingMessage } from 'node:http';

/** What the request line and Host say once checked: go on, or a client's mistake to refuse with 400. */
type RequestLineCheck = { ok: true } | { ok: false; message: string };

/**
 * Checks a request's target and Host before anything reads them, and puts an absolute-form target
 * (`GET http://host/path`) in origin form with its authority as Host, as RFC 9112 (3.2.2) says a server must
 * read it: the host check then judges the name the client asked for, and no redirect is built on another.
 * Refused: more than one Host (RFC 9112 3.2), a target that is neither a path nor an http(s) URL, and `*` for
 * any method but OPTIONS (the guard answers `OPTIONS *` itself).
 */
export function checkRequestLine(request: IncomingMessage): RequestLineCheck {
  if ((request.headersDistinct.host?.length ?? 0) > 1) {
    return { ok: false, message: 'Bad Request: more than one Host header.' };
  }
  const target = request.url ?? '';
  if (target.startsWith('/')) return { ok: true };
  if (target === '*') {
    return request.method === 'OPTIONS'
      ? { ok: true }
      : { ok: false, message: `Bad Request: the target * is only for OPTIONS, not ${request.method}.` };
  }
  const absolute = absoluteTarget(target);
  if (!absolute) return { ok: false, message: 'Bad Request: the request target must be a path beginning with /.' };
  request.headers.host = absolute.authority;
  request.url = absolute.target;
  return { ok: true };
}

/** An absolute-form http(s) target's authority and its path and query in origin form, or undefined. */
function absoluteTarget(target: string): { authority: string; target: string } | undefined {
  const absolute = URL.canParse(target) ? new URL(target) : undefined;
  if (!absolute || (absolute.protocol !== 'http:' && absolute.protocol !== 'https:') || !absolute.host)
    return undefined;
  return { authority: absolute.host, target: `${absolute.pathname}${absolute.search}` };
}

/**
 * The authority a request names and its target in origin form, read as checkRequestLine reads them: an
 * absolute-form target's authority wins over Host (RFC 9112 3.2.2). For what runs before that check (the count).
 */
export function requestAuthority(
  target: string,
  host: string | null | undefined,
): { authority: string | undefined; target: string } {
  if (target.startsWith('/')) return { authority: host ?? undefined, target };
  return absoluteTarget(target) ?? { authority: undefined, target };
}
