import type { MetadataRoute } from 'next';
import { absoluteUrl } from '@/lib/site/url';

/** Everything may be crawled, people's pages and the agent surface alike. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/' },
    sitemap: absoluteUrl('/sitemap.xml'),
  };
}
