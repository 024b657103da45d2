import localFont from 'next/font/local';

/*
 * The site's two faces (docs/design.md), served from its own origin: the Latin file of each package, which holds
 * every character the pages use but the arrow. Each face brings a fallback scaled to its metrics, so text keeps
 * its place when the face arrives. next/font reads these options at build time, so each is written out in full,
 * and names each family after its constant.
 */

/** Newsreader, the display face: headings, the brand's name, quotes. Preloaded: the first heading is set in it. */
const newsreader = localFont({
  src: '../../node_modules/@fontsource-variable/newsreader/files/newsreader-latin-wght-normal.woff2',
  weight: '200 800',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: 'Times New Roman',
  fallback: ['var(--system-serif)'],
  variable: '--display-face',
  preload: true,
});

/** Newsreader's italic, a family of its own so that only the pages that set a tagline in it fetch it. */
const newsreaderItalic = localFont({
  src: '../../node_modules/@fontsource-variable/newsreader/files/newsreader-latin-wght-italic.woff2',
  weight: '200 800',
  style: 'italic',
  display: 'swap',
  adjustFontFallback: 'Times New Roman',
  fallback: ['var(--system-serif)'],
  variable: '--display-italic-face',
  preload: false,
});

/** Instrument Sans, the text face: body text, navigation, forms. Preloaded: every page's text is set in it. */
const instrumentSans = localFont({
  src: '../../node_modules/@fontsource-variable/instrument-sans/files/instrument-sans-latin-wght-normal.woff2',
  weight: '400 700',
  style: 'normal',
  display: 'swap',
  adjustFontFallback: 'Arial',
  fallback: ['var(--system-sans)'],
  variable: '--text-face',
  preload: true,
});

/** The classes that set --display-face, --display-italic-face and --text-face, which app/globals.css reads. */
export const fontClassNames = [newsreader, newsreaderItalic, instrumentSans].map((face) => face.variable).join(' ');
