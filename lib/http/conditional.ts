import { createHash } from 'node:crypto';

/** A strong ETag of these bytes: a hash of them, so the same bytes get the same tag on every instance and build. */
export function strongEtag(bytes: string | Buffer, suffix = ''): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}${suffix}"`;
}

/** True when If-None-Match names this ETag (weak comparison, RFC 9110 13.1.2) or is `*`. */
export function matchesIfNoneMatch(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
