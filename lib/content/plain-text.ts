/**
 * Markup in a text that is read out as written (a photo's description, which screen readers speak): tags,
 * character references and markdown would be spoken as symbols or hidden from sight.
 */
const MARKUP: readonly RegExp[] = [
  /<\/?[a-z][^>]*>/i,
  /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i,
  /!?\[[^\]]*\]\([^)]*\)/,
  /\*\*[^*]+\*\*|__[^_]+__/,
  /(?<![\w*])\*[^*\s][^*]*\*(?![\w*])/,
  /`[^`]+`/,
  /^#{1,6} /,
];

/** The first piece of markup in `text`, as written, or undefined when it is plain words. */
export function findMarkup(text: string): string | undefined {
  for (const pattern of MARKUP) {
    const found = pattern.exec(text)?.[0];
    if (found) return found;
  }
  return undefined;
}
