import type { Metadata } from 'next';
import { getSite } from '@/lib/content';
import { markdownPath } from './pages';

/** What a page says about itself in search results and link previews. */
interface PageMetadataInput {
  /** Short page title; the root layout's template appends the site name. */
  title: string;
  description: string;
  /** Path of the page, e.g. /engagements. */
  path: string;
  /** The origin the page is rendered for (lib/site/page-origin.ts): every URL the metadata names is on it. */
  origin: string;
  type?: 'website' | 'article' | 'profile';
}

/** The link-preview image drawn by app/social-image.png; one image serves every page (lib/ui/social-image.tsx). */
export const OPEN_GRAPH_IMAGE = { path: '/social-image.png', width: 1200, height: 630, type: 'image/png' } as const;

/** Open Graph locales are written with an underscore (en_GB), content uses a language tag (en-GB). */
export function openGraphLocale(locale: string): string {
  return locale.replace('-', '_');
}

/** The image's alt text, the same on every page. */
function openGraphImageAlt(): string {
  const site = getSite();
  return `${site.siteName}: ${site.home.headline}`;
}

/**
 * Per-page metadata: title, description, canonical URL, Open Graph and the link-preview image, every URL
 * absolute on the page's origin, as the Open Graph protocol and link unfurlers read them. The root layout sets no
 * metadataBase, so Next writes them as given. Next merges metadata shallowly, so the whole openGraph and twitter
 * objects are built here every time.
 */
export function pageMetadata({ title, description, path, origin, type = 'website' }: PageMetadataInput): Metadata {
  const site = getSite();
  const url = `${origin}${path}`;
  const image = {
    url: `${origin}${OPEN_GRAPH_IMAGE.path}`,
    width: OPEN_GRAPH_IMAGE.width,
    height: OPEN_GRAPH_IMAGE.height,
    type: OPEN_GRAPH_IMAGE.type,
    alt: openGraphImageAlt(),
  };
  return {
    title,
    description,
    // The same page as markdown, for agents and crawlers.
    alternates: { canonical: url, types: { 'text/markdown': `${origin}${markdownPath(path)}` } },
    openGraph: {
      title,
      description,
      url,
      siteName: site.siteName,
      locale: openGraphLocale(site.locale),
      type,
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [{ url: image.url, alt: image.alt }] },
  };
}
