/** The path of a request target, without its query. */
export function pathOf(target: string | undefined = '/'): string {
  const queryAt = target.indexOf('?');
  return queryAt < 0 ? target : target.slice(0, queryAt);
}

/**
 * Makes a request target's path decodable. Next decodes dynamic path segments with decodeURIComponent and answers
 * a malformed escape (`/api/%ff`, `/case-studies/%e0%a4`, `/x/%zz`) with a bare 500 from its router. A `%` that
 * does not begin a well-formed UTF-8 escape is taken literally instead (escaped as `%25`), so such a path is just
 * a path that does not exist: 404 with the envelope under /api, the not-found page elsewhere. Paths without `%`
 * (nearly all) are returned at once.
 */
export function repairRequestTarget(target: string): string {
  if (!target.includes('%')) return target;
  const path = pathOf(target);
  const rest = target.slice(path.length);
  if (isDecodable(path)) return target;
  // Runs of escapes are tried whole, so a valid multi-byte character (%C3%A9) survives; a run that is not valid
  // UTF-8 has every one of its % taken literally, as has a % not followed by two hex digits.
  const repaired = path
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25')
    .replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => (isDecodable(run) ? run : run.replace(/%/g, '%25')));
  return repaired + rest;
}

function isDecodable(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
