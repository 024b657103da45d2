import type { MetadataRoute } from 'next';
import { headers } from 'next/headers';
import { getContent } from '@/lib/content';
import { originFromHeaders } from '@/lib/security/public-origin';
import { listSitePages } from '@/lib/site/pages';

/**
 * Every human page, dated by the content it shows (its `updated` fields), never by the build. Rendered per
 * request (it reads the headers): a sitemap's URLs are absolute, on the origin the server runs at.
 */
export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const origin = originFromHeaders(await headers());
  return listSitePages(getContent()).map((page) => ({
    url: page.path === '/' ? origin : `${origin}${page.path}`,
    lastModified: page.lastModified,
  }));
}
