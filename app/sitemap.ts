import type { MetadataRoute } from 'next';
import { getContent } from '@/lib/content';
import { listSitePages } from '@/lib/site/pages';
import { absoluteUrl } from '@/lib/site/url';

/** Every human page, dated by the content it shows (its `updated` fields), never by the build. */
export default function sitemap(): MetadataRoute.Sitemap {
  return listSitePages(getContent()).map((page) => ({
    url: absoluteUrl(page.path),
    lastModified: page.lastModified,
  }));
}
