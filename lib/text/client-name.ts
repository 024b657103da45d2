/** Control characters, bidi and other invisible format characters, and line or paragraph separators. */
const UNPRINTABLE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;
/** What a spreadsheet reads as the start of a formula (OWASP, "CSV Injection"), with the spaces around it. */
const LEADING_FORMULA = /^[\s=+\-@]+/u;

/**
 * A name a client chose (an MCP clientInfo name or version, a User-Agent), fit to store and print: control,
 * bidi and invisible format characters become spaces (so nothing it says can reorder or hide the text around
 * it, or start a new line), spaces are collapsed, a leading formula character is dropped, and it is cut to
 * `max` characters. Empty when nothing printable is left.
 */
export function cleanClientText(value: string, max: number): string {
  const cleaned = value.replace(UNPRINTABLE, ' ').replace(/\s+/g, ' ').replace(LEADING_FORMULA, '').trim();
  return cleaned.length > max ? `${cleaned.slice(0, max).trimEnd()}…` : cleaned;
}
