import type { Metadata } from 'next';
import { getSite } from '@/lib/content';
import { markdownPath } from './pages';

/** What a page says about itself in search results and link previews. */
export interface PageMetadataInput {
  /** Short page title; the root layout's template appends the site name. */
  title: string;
  description: string;
  /** Path of the page, e.g. /engagements: its canonical URL, relative (docs/serving.md, "One origin"). */
  path: string;
  type?: 'website' | 'article' | 'profile';
}

/** The link-preview image drawn by app/social-image.png; one image serves every page (lib/ui/social-image.tsx). */
export const OPEN_GRAPH_IMAGE = { path: '/social-image.png', width: 1200, height: 630, type: 'image/png' } as const;

/** Open Graph locales are written with an underscore (en_GB), content uses a language tag (en-GB). */
export function openGraphLocale(locale: string): string {
  return locale.replace('-', '_');
}

/** The image's alt text, the same on every page. */
export function openGraphImageAlt(): string {
  const site = getSite();
  return `${site.siteName}: ${site.home.headline}`;
}

/**
 * Per-page metadata: title, description, canonical URL and Open Graph. Pages are prerendered and served under
 * whatever origin the server runs at, so every URL here is a path: without metadataBase Next writes canonical
 * and og:url as given. It would write an image on an origin of its own choosing (localhost when unset), so the
 * image's tags are rendered by lib/ui/social-image.tsx instead. Next merges metadata shallowly, so the whole
 * openGraph object is built here every time.
 */
export function pageMetadata({ title, description, path, type = 'website' }: PageMetadataInput): Metadata {
  const site = getSite();
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
    },
    twitter: { card: 'summary_large_image', title, description },
  };
}
