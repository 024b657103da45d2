/**
 * Characters the built-in font of next/og (Geist Regular) can draw. For any other character ImageResponse
 * would download a fallback font from Google Fonts or an emoji from a CDN while rendering; the Open Graph
 * image must never reach the internet, so text is reduced to this set first.
 */
const DRAWABLE =
  /[\u0020-\u007E\u00A0-\u00AC\u00AE-\u00FF\u0100-\u0113\u0116-\u012B\u012E-\u0137\u0139-\u013E\u0141-\u0148\u014A-\u014D\u0150-\u017F\u2013\u2014\u2018\u2019\u201C\u201D\u2022\u2026\u20AC\u2122]/u;

/**
 * Text safe for the Open Graph image: whitespace collapsed, accents that the font lacks decomposed to their
 * base letter, anything else undrawable dropped.
 */
export function toDrawableText(text: string): string {
  return [...text.replace(/\s+/g, ' ').trim()]
    .map((char) => {
      if (DRAWABLE.test(char)) return char;
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      return [...base].filter((part) => DRAWABLE.test(part)).join('');
    })
    .join('')
    .replace(/ {2,}/g, ' ')
    .trim();
}
