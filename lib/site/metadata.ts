import type { Metadata } from 'next';
import { getSite } from '@/lib/content';
import { markdownPath } from './pages';

/** What a page says about itself in search results and link previews. */
export interface PageMetadataInput {
  /** Short page title; the root layout's template appends the site name. */
  title: string;
  description: string;
  /** Path of the page, e.g. /engagements; becomes the canonical URL against metadataBase. */
  path: string;
  type?: 'website' | 'article' | 'profile';
}

/** The link-preview image drawn by app/opengraph-image.tsx; one image serves every page. */
export const OPEN_GRAPH_IMAGE = { path: '/opengraph-image', width: 1200, height: 630, type: 'image/png' } as const;

/** Open Graph locales are written with an underscore (en_GB), content uses a language tag (en-GB). */
export function openGraphLocale(locale: string): string {
  return locale.replace('-', '_');
}

/**
 * Per-page metadata: title, description, canonical URL and Open Graph. Next merges metadata shallowly and a
 * page's own openGraph replaces the image that app/opengraph-image.tsx adds at the root, so the whole object,
 * image included, is built here every time.
 */
export function pageMetadata({ title, description, path, type = 'website' }: PageMetadataInput): Metadata {
  const site = getSite();
  const image = {
    url: OPEN_GRAPH_IMAGE.path,
    width: OPEN_GRAPH_IMAGE.width,
    height: OPEN_GRAPH_IMAGE.height,
    type: OPEN_GRAPH_IMAGE.type,
    alt: `${site.siteName}: ${site.home.headline}`,
  };
  return {
    title,
    description,
    // The same page as markdown, for agents and crawlers.
    alternates: { canonical: path, types: { 'text/markdown': markdownPath(path) } },
    openGraph: {
      title,
      description,
      url: path,
      siteName: site.siteName,
      locale: openGraphLocale(site.locale),
      type,
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}
