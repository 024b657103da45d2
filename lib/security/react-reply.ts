/**
 * What this project knows of React's reply encoding (how a Server Action's arguments travel, decoded by Next with
 * react-server-dom's decodeReply), in this one module. A string beginning with `$` may refer to another part of
 * the body by a hexadecimal id; a part that is not there leaves React waiting, and Next answers 500 ("Connection
 * closed."). React's own client never sends such a body; a hand-made one is refused before Next instead.
 * tests/integration/contact-form/form-submissions.test.ts sends such bodies to the built app, and the e2e contact form sends
 * React's real ones, so a change of encoding fails one of them.
 */

/** The parts of a body by name: the text of each (JSON for model parts), or true for a binary part. */
export type ReplyParts = ReadonlyMap<string, string | true>;

/** Strings that stand for a value and refer to no part: undefined, NaN, the infinities, -0. */
const LITERALS = new Set(['$undefined', '$NaN', '$Infinity', '$-Infinity', '$-0']);
/**
 * Tags followed by something other than a part to read: an escaped `$`, a Date, a BigInt, a FormData (the fields
 * under a prefix, perhaps none), a promise (left pending), a temporary reference.
 */
const NO_PART_TAGS = new Set(['$', 'D', 'n', 'K', '@', 'T']);
/** Tags whose part is binary (a Blob, typed arrays), not JSON. */
const BINARY_TAGS = new Set(['B', 'A', 'O', 'o', 'U', 'S', 's', 'L', 'l', 'G', 'g', 'M', 'm', 'V']);

/** The id of the part a `$` string refers to and whether that part is binary, or undefined when it refers to none. */
function referenceOf(text: string): { id: string; binary: boolean } | undefined | 'malformed' {
  if (LITERALS.has(text) || NO_PART_TAGS.has(text[1] ?? '')) return undefined;
  const tag = /[0-9a-f]/.test(text[1] ?? '') ? '' : (text[1] ?? '');
  // A reference may go on with a path into the part ("$1:key"); the part's id is what comes before it.
  const id = text.slice(1 + tag.length).split(':', 1)[0] ?? '';
  return /^[0-9a-f]+$/.test(id) ? { id: String(Number.parseInt(id, 16)), binary: BINARY_TAGS.has(tag) } : 'malformed';
}

/**
 * Whether every part that `root` (a decoded JSON value) refers to, and every part those refer to, is in `parts`
 * and readable. Walks each part once, so its cost is linear in the body.
 */
export function repliesResolve(root: unknown, parts: ReplyParts): boolean {
  const seen = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) pending.push(...value);
    else if (value !== null && typeof value === 'object') pending.push(...Object.values(value));
    else if (typeof value === 'string' && value.startsWith('$')) {
      const reference = referenceOf(value);
      if (reference === 'malformed') return false;
      if (!reference || seen.has(reference.id)) continue;
      seen.add(reference.id);
      const part = parts.get(reference.id);
      if (part === undefined) return false;
      if (reference.binary) continue;
      if (part === true) return false;
      const parsed = parseJson(part);
      if (parsed === INVALID) return false;
      pending.push(parsed);
    }
  }
  return true;
}

const INVALID = Symbol('invalid JSON');

/** The JSON value of `text`, or INVALID. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID;
  }
}

/** True when parseJson found no JSON. */
export const isInvalidJson = (value: unknown): boolean => value === INVALID;
